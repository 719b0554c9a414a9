"""keymap.toml: which keys do which action.

The defaults ship inside the package (``spades_voice/keymap.toml``; the top-level
``keymap.toml`` is a link to it, so there is one source). A user copy in the platformdirs
config folder overrides action by action. Nothing in a user file can stop the game from
starting: invalid TOML, an unknown action, an unknown key name, or a key given to two
actions each produce one message naming the line, and the action concerned keeps its
default keys.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from prompt_toolkit.keys import KEY_ALIASES, Keys

from spades_voice.narration import stored
from spades_voice.narration.keynames import spoken_key, spoken_keys
from spades_voice.store.files import KEYMAP_CAP, NotAFile, TooLarge, Unreadable, read_capped

APP_NAME = "spades-voice"
#: A mistake in the player's file: its line (0: none) and the sentence that says it.
Problem = tuple[int, str]
FILE_NAME = "keymap.toml"

# Named keys a player may write, besides single characters. prompt_toolkit's own names,
# less the internal pseudo-keys, plus "space".
_PSEUDO = {
    Keys.Any,
    Keys.ScrollUp,
    Keys.ScrollDown,
    Keys.CPRResponse,
    Keys.Vt100MouseEvent,
    Keys.WindowsMouseEvent,
    Keys.BracketedPaste,
    Keys.SIGINT,
    Keys.Ignore,
}
NAMED_KEYS: frozenset[str] = frozenset(
    {k.value for k in Keys if k not in _PSEUDO} | set(KEY_ALIASES) | {"space"}
)

def normalize_key(name: str) -> str | None:
    """A key name as written in keymap.toml, in its canonical form; None if unknown.

    A capital letter is that letter with Shift ("S" is Shift+S). A lower-case letter
    also answers in capitals unless the capital is bound on its own (``Keymap.pt_keys``),
    so caps lock cannot break the game.
    """
    if len(name) == 1:
        if not name.isprintable() or name == " ":
            return None
        return name
    low = name.strip().lower()
    return low if low in NAMED_KEYS else None


def _capital(key: str) -> str | None:
    """The capital of a lower-case letter key, else None."""
    return key.upper() if len(key) == 1 and key.isalpha() and key.islower() else None


def default_text() -> str:
    """The packaged keymap.toml."""
    return (resources.files("spades_voice") / FILE_NAME).read_text(encoding="utf-8")


def user_keymap_path() -> Path:
    """Where a player's own keymap.toml lives."""
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME)) / FILE_NAME


@dataclass(frozen=True)
class Keymap:
    """Action -> keys, in the file's order, with any problems found in a user file."""

    keys: dict[str, tuple[str, ...]]
    problems: tuple[str, ...] = ()
    source: Path | None = None
    #: Action -> what the help says it does, where that is not its handler's docstring
    #: (a page's words for the keys that do something else there; catalog-marked English).
    help: dict[str, str] = field(default_factory=dict)
    _owner: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for action, keys in self.keys.items():
            for key in keys:
                self._owner[key] = action

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(self.keys)

    def keys_for(self, action: str) -> tuple[str, ...]:
        return self.keys.get(action, ())

    def action_for(self, key: str) -> str | None:
        """The action a key does, if any: a capital not bound on its own does what its
        lower-case letter does."""
        found = self._owner.get(key)
        if found is None and len(key) == 1 and key.isupper():
            found = self._owner.get(key.lower())
        return found

    def pt_keys(self, key: str) -> list[str]:
        """The prompt_toolkit keys one canonical key binds: a lower-case letter also binds
        its capital, unless the capital belongs to an action of its own."""
        if key == "space":
            return [" "]
        capital = _capital(key)
        if capital is not None and capital not in self._owner:
            return [key, capital]
        return [key]


def _line_of(text: str, action: str) -> int:
    """The 1-based line where ``action`` is assigned (0 when it cannot be found)."""
    name = re.escape(action)
    pattern = re.compile(rf"""^\s*(?:(["']?){name}\1\s*=|\[\s*{name}\s*\])""")
    for n, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return n
    return 0


def _parse_defaults(text: str) -> dict[str, tuple[str, ...]]:
    data = tomllib.loads(text)
    table = data["keys"]
    out: dict[str, tuple[str, ...]] = {}
    for action, value in table.items():
        keys = [value] if isinstance(value, str) else list(value)
        canon = [normalize_key(k) for k in keys]
        if any(c is None for c in canon):  # pragma: no cover - guarded by a test
            raise ValueError(f"default keymap: bad key for {action}: {keys}")
        out[action] = tuple(c for c in canon if c is not None)
    return out


def load_keymap(
    user_path: Path | None = None, *, user_text: str | None = None, use_user: bool = True
) -> Keymap:
    """The defaults, overridden by the player's keymap.toml when there is one.

    ``user_text`` replaces reading ``user_path`` (tests); ``use_user=False`` ignores the
    player's file (``spades-voice keys --defaults``).
    """
    defaults = _parse_defaults(default_text())
    if not use_user:
        return Keymap(dict(defaults))
    path = user_path if user_path is not None else user_keymap_path()
    if user_text is None:
        try:
            raw = read_capped(path, KEYMAP_CAP)
            if raw is None:
                return Keymap(dict(defaults))
            user_text = raw.decode("utf-8-sig")  # Notepad starts UTF-8 files with a BOM
        except (Unreadable, UnicodeDecodeError) as exc:
            return Keymap(dict(defaults), (_unreadable(_read_failure(exc)),), path)
    elif user_text.startswith("\ufeff"):
        user_text = user_text[1:]
    keys, problems = _overlay(defaults, user_text)
    return Keymap(keys, tuple(problems), path)


def _read_failure(error: Exception) -> str:
    """Why the keymap could not be read, as a catalogued clause (the store's own words
    for it are English, for the problem log)."""
    if isinstance(error, NotAFile):
        return stored.KEYMAP_NOT_A_FILE
    if isinstance(error, TooLarge):
        return stored.KEYMAP_TOO_LARGE
    if isinstance(error, Unreadable):
        return stored.KEYMAP_CANNOT_OPEN
    return stored.KEYMAP_NOT_UTF8


def _unreadable(why: str) -> str:
    """One sentence for a keymap that cannot be used at all. Unlike the game's own files
    it stays where it is: the game never writes it, so nothing needs protecting, and the
    player finds it where they edit it."""
    return stored.unreadable_kept(stored.KEYMAP, why)


def _overlay(
    defaults: dict[str, tuple[str, ...]], text: str
) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """Apply a user file over ``defaults``; every problem is one message naming its line."""
    data, why_not = _parse_user(text)
    if data is None:
        return dict(defaults), [why_not]
    problems: list[Problem] = [
        (_line_of(text, name), stored.keymap_unknown_section(_line_of(text, name), name))
        for name in data
        if name != "keys"
    ]
    table = data.get("keys", {})
    if not isinstance(table, dict):
        problems.append((_line_of(text, "keys"), stored.KEYMAP_KEYS_NOT_A_TABLE))
        return dict(defaults), _in_file_order(problems)
    chosen, lines = _chosen_keys(defaults, table, text, problems)
    final = _without_clashes(defaults, chosen, lines, problems)
    return final, _in_file_order(problems)


def _in_file_order(problems: list[Problem]) -> list[str]:
    """The messages top to bottom, as the player reads the file (stable for one line)."""
    return [text for _, text in sorted(problems, key=lambda problem: problem[0])]


def _parse_user(text: str) -> tuple[dict[str, Any] | None, str]:
    """The player's file as TOML, or None and the one sentence saying why it cannot be used."""
    try:
        return tomllib.loads(text), ""
    except RecursionError:
        return None, _unreadable(stored.KEYMAP_TOO_DEEP)
    except MemoryError:
        return None, _unreadable(stored.KEYMAP_TOO_LARGE)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        return None, stored.keymap_not_toml(int(found.group(1)) if found else None, str(exc))
    except Exception as exc:  # tomllib's own errors are not all TOMLDecodeError
        # A number of 5,000 digits raises ValueError from int().
        why = stored.KEYMAP_LONG_NUMBER if isinstance(exc, ValueError) else stored.KEYMAP_NOT_TOML
        return None, _unreadable(why)


def _chosen_keys(
    defaults: dict[str, tuple[str, ...]],
    table: dict[str, Any],
    text: str,
    problems: list[Problem],
) -> tuple[dict[str, tuple[str, ...]], dict[str, int]]:
    """The keys the file gives each known action (canonical, without repeats) and the line
    of each; a problem for each entry that cannot be used, which keeps its defaults."""
    chosen: dict[str, tuple[str, ...]] = {}
    lines: dict[str, int] = {}
    for action, value in table.items():
        line = _line_of(text, action)
        if action not in defaults:
            problems.append((line, stored.keymap_unknown_action(line, action)))
            continue
        keeps = spoken_keys(defaults[action])
        raw = [value] if isinstance(value, str) else value
        if not isinstance(raw, list) or not raw or not all(isinstance(k, str) for k in raw):
            problems.append((line, stored.keymap_not_a_list(line, action, keeps)))
            continue
        canon: list[str] = []
        bad = None
        for k in raw:
            c = normalize_key(k)
            if c is None:
                bad = k
                break
            if c not in canon:
                canon.append(c)
        if bad is not None:
            problems.append((line, stored.keymap_not_a_key(line, bad, action, keeps)))
            continue
        chosen[action] = tuple(canon)
        lines[action] = line
    return chosen, lines


def _without_clashes(
    defaults: dict[str, tuple[str, ...]],
    chosen: dict[str, tuple[str, ...]],
    lines: dict[str, int],
    problems: list[Problem],
) -> dict[str, tuple[str, ...]]:
    """Every action's keys once no key is claimed twice: the later user line gives way
    (keeps its defaults), which can free or claim other keys, so repeat until nothing
    clashes. Defaults never clash with each other, so this ends."""
    chosen = dict(chosen)
    while True:
        final = {a: chosen.get(a, ks) for a, ks in defaults.items()}
        owner: dict[str, str] = {}
        clash: tuple[str, str, str] | None = None
        for action in _by_line(final, lines):
            for key in final[action]:
                if key in owner:
                    clash = (key, owner[key], action)
                    break
                owner[key] = action
            if clash:
                break
        if clash is None:
            return final
        key, first, second = clash
        loser = second if second in chosen else first
        other = first if loser == second else second
        problems.append((
            lines[loser],
            stored.keymap_key_taken(
                lines[loser], spoken_key(key), other, loser, spoken_keys(defaults[loser])
            ),
        ))
        del chosen[loser]


def _by_line(final: dict[str, tuple[str, ...]], lines: dict[str, int]) -> list[str]:
    """Actions with unchanged defaults first, then user lines top to bottom."""
    return sorted(final, key=lambda a: (a in lines, lines.get(a, 0)))

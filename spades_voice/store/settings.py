"""Settings the player chose: speech, rate, pace, computer level, verbosity, the rules
of their next match (a ``Ruleset``: target, blind nil, house rules); sound and its volume;
and this machine's measured speed for the Hard player (``ai.calibrate``).

``Settings`` is a plain value; the shell reads it at start-up (command-line options win)
and hands back a changed copy with ``StoreHooks.save_settings``. Values are checked when
read, so a hand-edited file with a wrong type is reported rather than half-used.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spades_voice.narration.language import Language
from spades_voice.options import (
    DEFAULT_VOLUME,
    VOLUMES,
    EventKind,
    HandOrder,
    Level,
    Pace,
    Sound,
    Speech,
    Target,
    Verbosity,
    Voice,
    names,
)
from spades_voice.rules import Ruleset
from spades_voice.store import files
from spades_voice.store.files import Migration, Unreadable

if TYPE_CHECKING:  # the computer players are not loaded at start-up just for a type
    from spades_voice.ai.hard import WorkRate

SETTINGS_FILE = "settings.json"
SCHEMA = "spades-voice/settings"
VERSION = 2


def _rules_gathered(obj: dict[str, Any]) -> dict[str, Any]:
    """Layout 1 -> 2: the rule switches (``target``, ``blind_nil``), kept beside the other
    choices in layout 1, move into one ``rules`` object, the match record's form."""
    rules = {key: obj.pop(key) for key in ("target", "blind_nil") if key in obj}
    obj["rules"] = rules
    return obj


#: Layout n -> n + 1.
MIGRATIONS: dict[int, Migration] = {1: _rules_gathered}

#: Each named setting and the choice it must be one of.
_CHOICES: dict[str, type[enum.Enum]] = {
    "speech": Speech,
    "pace": Pace,
    "level": Level,
    "verbosity": Verbosity,
    "hand_order": HandOrder,
    "sound": Sound,
}


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose. ``rules`` are the next match's (``rules.target=None`` is a
    single-hand match; the target is one the game offers); ``rate=None`` leaves the speech
    rate to the synthesiser.

    Each choice is its ``options`` enum. A name ("quick", as the file and the command line
    spell it) is parsed into the enum here, once, when the value is made; users read the
    enums and never convert again."""

    speech: Speech = Speech.AUTO
    rate: int | None = None
    pace: Pace = Pace.RELAXED
    level: Level = Level.MEDIUM
    verbosity: Verbosity = Verbosity.BRIEF
    rules: Ruleset = field(default_factory=Ruleset)
    sound: Sound = Sound.ON
    volume: int = DEFAULT_VOLUME
    #: Hard's work rate on this machine (``ai.hard.WorkRate``), None until measured.
    plays_per_ms: float | None = None
    solves_per_ms: float | None = None
    hand_order: HandOrder = HandOrder.SUIT
    #: A turn with one legal card plays it by itself.
    only_card: bool = False
    #: How each kind of event reaches the player; a kind left out takes its default
    #: (``options.DEFAULT_VOICES``).
    voices: dict[EventKind, Voice] = field(default_factory=dict)
    #: The language the game speaks ("en", "es"); None follows the system's language.
    language: str | None = None

    def __post_init__(self) -> None:
        if self.language is not None and self.language not in names(Language):
            raise ValueError(f"language must be one of {', '.join(names(Language))} or null.")
        if not isinstance(self.rules, Ruleset):
            raise ValueError("rules must be a table of rule switches.")
        for name, choice in _CHOICES.items():
            object.__setattr__(self, name, _parse(name, getattr(self, name), choice))
        object.__setattr__(self, "voices", _parse_voices(self.voices))
        if self.rate is not None and (
            not isinstance(self.rate, int) or isinstance(self.rate, bool) or self.rate <= 0
        ):
            raise ValueError("rate must be a positive whole number or null.")
        if type(self.volume) is not int or self.volume not in VOLUMES:
            raise ValueError("volume must be one of 10, 20, ... 100.")
        targets = [t.points for t in Target]
        if self.rules.target not in targets:
            spelled = ", ".join("null" if t is None else str(t) for t in targets)
            raise ValueError(f"target must be one of {spelled}.")
        for name in ("plays_per_ms", "solves_per_ms"):
            value = getattr(self, name)
            if value is not None and (
                not isinstance(value, int | float) or isinstance(value, bool) or value <= 0
            ):
                raise ValueError(f"{name} must be a positive number or null.")
        if not isinstance(self.only_card, bool):
            raise ValueError("only_card must be true or false.")

    @property
    def work_rate(self) -> WorkRate | None:
        """Hard's measured rate on this machine; None until it has been measured."""
        from spades_voice.ai.hard import WorkRate

        if self.plays_per_ms is None or self.solves_per_ms is None:
            return None
        return WorkRate(float(self.plays_per_ms), float(self.solves_per_ms))

    def with_work_rate(self, rate: WorkRate) -> Settings:
        return replace(self, plays_per_ms=rate.plays_per_ms, solves_per_ms=rate.solves_per_ms)

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON values: each choice spelled by its name."""
        plain = asdict(self)
        for name in _CHOICES:
            plain[name] = getattr(self, name).value
        plain["voices"] = {kind.value: voice.value for kind, voice in self.voices.items()}
        plain["rules"] = self.rules.to_json()
        return plain

    def to_bytes(self) -> bytes:
        return files.dump(SCHEMA, VERSION, self.to_json())

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Settings:
        """Known keys from ``obj``; a missing key takes its default."""
        values = {f.name: obj[f.name] for f in fields(cls) if f.name in obj}
        try:
            if "rules" in values:
                values["rules"] = Ruleset.from_json(values["rules"])
            return cls(**values)
        except (TypeError, ValueError) as e:
            raise Unreadable(f"a setting is not valid ({e})") from None


def chosen_rules(
    rules: Ruleset,
    *,
    target: str | None = None,
    blind_nil: bool | None = None,
    spades_any_time: bool | None = None,
) -> Ruleset:
    """``rules`` with the switches a player named where they choose them (the command
    line's ``--target``, ``--blind-nil``, ``--spades-any-time``; the page's first screen),
    each by the name it has there; one left None keeps its value. The one place a player's
    choices become a ``Ruleset``. Raises ValueError for a target the game does not offer.
    """
    given: dict[str, Any] = {}
    if target is not None:
        given["target"] = Target(target).points
    if blind_nil is not None:
        given["blind_nil"] = blind_nil
    if spades_any_time is not None:
        given["spades_any_time"] = spades_any_time
    return replace(rules, **given)


def rule_choices(named: Mapping[str, object]) -> dict[str, Any]:
    """The rule choices in ``named`` (a page's hello), each kept only when it is one the
    game offers (anything misnamed is left out, never an error): ``chosen_rules``'s
    keyword arguments."""
    out: dict[str, Any] = {}
    target = named.get("target")
    if isinstance(target, str) and target in names(Target):
        out["target"] = target
    for switch in ("blind_nil", "spades_any_time"):
        if isinstance(named.get(switch), bool):
            out[switch] = named[switch]
    return out


def _parse(name: str, value: object, choice: type[enum.Enum]) -> enum.Enum:
    """``value`` as a member of ``choice``, from the member or its name."""
    if isinstance(value, choice):
        return value
    if value not in names(choice):
        raise ValueError(f"{name} must be one of {', '.join(names(choice))}.")
    return choice(value)


def _parse_voices(given: object) -> dict[EventKind, Voice]:
    """The speech setting of each kind, from members or the names the file uses. Raises
    ValueError for an unknown kind, or a form the kind does not have."""
    if not isinstance(given, dict):
        raise ValueError("voices must be a table of kind and setting.")
    out: dict[EventKind, Voice] = {}
    for kind_name, voice_name in given.items():
        kind = kind_name if isinstance(kind_name, EventKind) else None
        if kind is None and kind_name not in names(EventKind):
            kinds = ", ".join(names(EventKind))
            raise ValueError(f"voices: {kind_name!r} must be one of {kinds}.")
        kind = kind or EventKind(kind_name)
        allowed = Voice.choices(kind)
        voice = voice_name if isinstance(voice_name, Voice) else None
        if voice is None and voice_name in [v.value for v in allowed]:
            voice = Voice(voice_name)
        if voice is None or voice not in allowed:
            spelled = ", ".join(v.value for v in allowed)
            raise ValueError(f"voices: {kind.value} must be one of {spelled}.")
        out[kind] = voice
    return out


def load_settings(path: Path) -> Settings | None:
    """The settings at ``path``; None when none were saved. Raises ``StoreError`` (and
    nothing else) when they cannot be used."""
    return files.load(path, SCHEMA, VERSION, MIGRATIONS, Settings.from_json, files.SETTINGS_CAP)

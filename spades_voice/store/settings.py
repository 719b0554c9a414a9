"""Settings the player chose: speech, rate, pace, computer level, target, verbosity.

``Settings`` is a plain value; the shell reads it at start-up (command-line options win)
and hands back a changed copy with ``StoreHooks.save_settings``. Values are checked when
read, so a hand-edited file with a wrong type is reported rather than half-used.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from spades_voice.store import files
from spades_voice.store.files import Migration, Unreadable

SETTINGS_FILE = "settings.json"
SCHEMA = "spades-voice/settings"
VERSION = 1
MIGRATIONS: dict[int, Migration] = {}

SPEECH_CHOICES = ("auto", "screenreader", "tts", "print", "none")
#: The shell's names today (shell.pace.Pace, the verbosity key); others are kept as given.
PACE_NAMES = ("relaxed", "quick", "instant")
VERBOSITY_NAMES = ("brief", "full")
LEVEL_CHOICES = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose. ``target=None`` is a single-hand match; ``rate=None`` leaves
    the speech rate to the synthesiser. ``pace`` and ``verbosity`` are the shell's names."""

    speech: str = "auto"
    rate: int | None = None
    pace: str = "relaxed"
    level: str = "medium"
    target: int | None = 500
    verbosity: str = "brief"

    def __post_init__(self) -> None:
        if self.speech not in SPEECH_CHOICES:
            raise ValueError(f"speech must be one of {', '.join(SPEECH_CHOICES)}.")
        if self.level not in LEVEL_CHOICES:
            raise ValueError(f"level must be one of {', '.join(LEVEL_CHOICES)}.")
        for name in ("rate", "target"):
            value = getattr(self, name)
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value <= 0
            ):
                raise ValueError(f"{name} must be a positive whole number or null.")
        for name in ("pace", "verbosity"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise ValueError(f"{name} must be a name.")

    def to_bytes(self) -> bytes:
        return files.dump(SCHEMA, VERSION, asdict(self))

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Settings:
        """Known keys from ``obj``; a missing key takes its default."""
        values = {f.name: obj[f.name] for f in fields(cls) if f.name in obj}
        try:
            return cls(**values)
        except (TypeError, ValueError) as e:
            raise Unreadable(f"a setting is not valid ({e})") from None


def load_settings(path: Path) -> Settings | None:
    """The settings at ``path``; None when none were saved. Raises ``StoreError`` (and
    nothing else) when they cannot be used."""
    return files.load(path, SCHEMA, VERSION, MIGRATIONS, Settings.from_json, files.SETTINGS_CAP)

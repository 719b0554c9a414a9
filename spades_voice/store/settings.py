"""Settings the player chose: speech, rate, pace, computer level, target, verbosity; and
this machine's measured speed for the Hard player (``ai.calibrate``), kept beside them.

``Settings`` is a plain value; the shell reads it at start-up (command-line options win)
and hands back a changed copy with ``StoreHooks.save_settings``. Values are checked when
read, so a hand-edited file with a wrong type is reported rather than half-used.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spades_voice.store import files
from spades_voice.store.files import Migration, Unreadable

if TYPE_CHECKING:  # the computer players are not loaded at start-up just for a type
    from spades_voice.ai.hard import WorkRate

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
    #: Hard's work rate on this machine (``ai.hard.WorkRate``), None until measured.
    plays_per_ms: float | None = None
    solves_per_ms: float | None = None

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
        for name in ("plays_per_ms", "solves_per_ms"):
            value = getattr(self, name)
            if value is not None and (
                not isinstance(value, int | float) or isinstance(value, bool) or value <= 0
            ):
                raise ValueError(f"{name} must be a positive number or null.")
        for name in ("pace", "verbosity"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise ValueError(f"{name} must be a name.")

    @property
    def work_rate(self) -> WorkRate | None:
        """Hard's measured rate on this machine; None until it has been measured."""
        from spades_voice.ai.hard import WorkRate

        if self.plays_per_ms is None or self.solves_per_ms is None:
            return None
        return WorkRate(float(self.plays_per_ms), float(self.solves_per_ms))

    def with_work_rate(self, rate: WorkRate) -> Settings:
        return replace(self, plays_per_ms=rate.plays_per_ms, solves_per_ms=rate.solves_per_ms)

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
    """The settings at ``path``; None when none were saved. Raises ``StoreError``."""
    obj = files.load(path, SCHEMA, VERSION, MIGRATIONS)
    return None if obj is None else Settings.from_json(obj)

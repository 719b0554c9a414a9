"""Settings the player chose: speech, rate, pace, computer level, target, verbosity,
blind nil; sound and its volume; and this machine's measured speed for the Hard
player (``ai.calibrate``).

``Settings`` is a plain value; the shell reads it at start-up (command-line options win)
and hands back a changed copy with ``StoreHooks.save_settings``. Values are checked when
read, so a hand-edited file with a wrong type is reported rather than half-used.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spades_voice.options import (
    DEFAULT_VOLUME,
    VOLUMES,
    Level,
    Pace,
    Sound,
    Speech,
    Target,
    Verbosity,
    names,
)
from spades_voice.store import files
from spades_voice.store.files import Migration, Unreadable

if TYPE_CHECKING:  # the computer players are not loaded at start-up just for a type
    from spades_voice.ai.hard import WorkRate

SETTINGS_FILE = "settings.json"
SCHEMA = "spades-voice/settings"
VERSION = 1
MIGRATIONS: dict[int, Migration] = {}

#: Each named setting and the choice it must be one of.
_CHOICES: dict[str, type[enum.Enum]] = {
    "speech": Speech,
    "pace": Pace,
    "level": Level,
    "verbosity": Verbosity,
    "sound": Sound,
}


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose. ``target=None`` is a single-hand match; ``rate=None`` leaves
    the speech rate to the synthesiser. Each name is a value of its ``options`` enum."""

    speech: str = Speech.AUTO.value
    rate: int | None = None
    pace: str = Pace.RELAXED.value
    level: str = Level.MEDIUM.value
    target: int | None = Target.T500.points
    verbosity: str = Verbosity.BRIEF.value
    blind_nil: bool = False
    sound: str = Sound.ON.value
    volume: int = DEFAULT_VOLUME
    #: Hard's work rate on this machine (``ai.hard.WorkRate``), None until measured.
    plays_per_ms: float | None = None
    solves_per_ms: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.blind_nil, bool):
            raise ValueError("blind_nil must be true or false.")
        for name, choice in _CHOICES.items():
            if getattr(self, name) not in names(choice):
                raise ValueError(f"{name} must be one of {', '.join(names(choice))}.")
        if self.rate is not None and (
            not isinstance(self.rate, int) or isinstance(self.rate, bool) or self.rate <= 0
        ):
            raise ValueError("rate must be a positive whole number or null.")
        if type(self.volume) is not int or self.volume not in VOLUMES:
            raise ValueError("volume must be one of 10, 20, ... 100.")
        targets = [t.points for t in Target]
        if self.target not in targets or type(self.target) not in (int, type(None)):
            spelled = ", ".join("null" if t is None else str(t) for t in targets)
            raise ValueError(f"target must be one of {spelled}.")
        for name in ("plays_per_ms", "solves_per_ms"):
            value = getattr(self, name)
            if value is not None and (
                not isinstance(value, int | float) or isinstance(value, bool) or value <= 0
            ):
                raise ValueError(f"{name} must be a positive number or null.")

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

"""Settings the player chose: speech, rate, pace, computer level, target, verbosity,
blind nil; sound and its volume; and this machine's measured speed for the Hard
player (``ai.calibrate``).

``Settings`` is a plain value; the shell reads it at start-up (command-line options win)
and hands back a changed copy with ``StoreHooks.save_settings``. Values are checked when
read, so a hand-edited file with a wrong type is reported rather than half-used.
"""

from __future__ import annotations

import enum
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
    "hand_order": HandOrder,
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
    hand_order: str = HandOrder.SUIT.value
    #: A turn with one legal card plays it by itself.
    only_card: bool = False
    #: Kind of event -> how it reaches the player ("brief", "full", "history"); a kind
    #: left out takes its default (``options.DEFAULT_VOICES``).
    voices: dict[str, str] = field(default_factory=dict)
    #: The language the game speaks ("en", "es"); None follows the system's language.
    language: str | None = None

    def __post_init__(self) -> None:
        if self.language is not None and self.language not in names(Language):
            raise ValueError(f"language must be one of {', '.join(names(Language))} or null.")
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
        if not isinstance(self.only_card, bool):
            raise ValueError("only_card must be true or false.")
        self.event_voices()

    @property
    def work_rate(self) -> WorkRate | None:
        """Hard's measured rate on this machine; None until it has been measured."""
        from spades_voice.ai.hard import WorkRate

        if self.plays_per_ms is None or self.solves_per_ms is None:
            return None
        return WorkRate(float(self.plays_per_ms), float(self.solves_per_ms))

    def with_work_rate(self, rate: WorkRate) -> Settings:
        return replace(self, plays_per_ms=rate.plays_per_ms, solves_per_ms=rate.solves_per_ms)

    def event_voices(self) -> dict[EventKind, Voice]:
        """The speech setting of each kind saved here. Raises ValueError for an unknown
        kind, or a form the kind does not have."""
        if not isinstance(self.voices, dict):
            raise ValueError("voices must be a table of kind and setting.")
        out: dict[EventKind, Voice] = {}
        for kind_name, voice_name in self.voices.items():
            if kind_name not in names(EventKind):
                kinds = ", ".join(names(EventKind))
                raise ValueError(f"voices: {kind_name!r} must be one of {kinds}.")
            kind = EventKind(kind_name)
            allowed = [v.value for v in Voice.choices(kind)]
            if voice_name not in allowed:
                raise ValueError(f"voices: {kind_name} must be one of {', '.join(allowed)}.")
            out[kind] = Voice(voice_name)
        return out

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

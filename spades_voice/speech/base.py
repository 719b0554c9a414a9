"""The Speaker interface every output backend implements.

Two kinds of utterance (DESIGN.md, "Speaking"):

* a **query** answers a key the player pressed: it interrupts whatever is being said and
  is spoken at once;
* an **event** (a bid, a card, a trick won) is queued behind earlier events, in order.

Every utterance is text first: backends that can also drive a braille display send the
same text there.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Protocol, runtime_checkable


class Kind(enum.Enum):
    """Whether an utterance interrupts (QUERY) or queues (EVENT).

    NOTICE marks, in the speech log only, what the chain itself said when it switched
    outputs (narration.notices.output_switched).
    """

    QUERY = "query"
    EVENT = "event"
    NOTICE = "notice"


class SpeechError(RuntimeError):
    """A backend could not speak; the chain replaces it with the next one."""


class SpeechTimeout(SpeechError):
    """A backend did not answer within its bound: it is there but slow (a loaded machine),
    so the chain tries it again later (``speech.retry``) rather than never."""


@runtime_checkable
class Speaker(Protocol):
    """Where spoken text goes. Implementations never block the caller for long."""

    #: Short name shown by `spades-voice doctor` ("screenreader", "tts", "print", ...).
    name: str

    def query(self, text: str) -> None:
        """Speak `text` now, cutting off anything being said or queued."""

    def event(self, text: str) -> None:
        """Queue `text` after every earlier event."""

    def silence(self) -> None:
        """Stop speaking and drop anything queued."""

    def close(self) -> None:
        """Release the backend; later calls do nothing."""


# ---- optional parts: what some backends offer beyond ``Speaker`` -------------------------


@runtime_checkable
class SelfReporting(Protocol):
    """A backend that notices its own failure between calls (its player process died)
    and calls ``on_failure``, which the chain sets."""

    on_failure: Callable[[], None] | None


@runtime_checkable
class Rewinding(Protocol):
    """A backend that can hand back the lines it accepted but had not yet said, so the
    next output in the chain says them."""

    def unheard(self) -> list[str]:
        """The lines accepted and not yet heard, oldest first; they are forgotten here."""
        ...


@runtime_checkable
class Draining(Protocol):
    """A backend that can tell when everything it was given has been said."""

    def wait_idle(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds until nothing is left to say; whether so."""
        ...

"""Trying again, a few times, an output that was too slow to start.

On a loaded machine Speech Dispatcher may not answer within its bound when the game
starts, although ``doctor`` found it working: the chain then speaks through the next
output (often printed text). Rather than stay there for the whole session, the chain
tries the slow output again on a schedule measured on its clock (``RETRY_AFTER``: seconds
after the game started), each try on a thread of its own and bounded as every start is,
so no line and no key ever waits for it. A try is started by the first line said after it
is due; the output it brings up is taken over by the next line.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

from spades_voice.speech.base import Speaker, SpeechError
from spades_voice.speech.bounded import Clock

#: When to try a slow output again: seconds after the game started, on the chain's clock.
#: Three tries within the first minute and a half; past them the game stays where it is.
RETRY_AFTER: tuple[float, ...] = (5.0, 20.0, 60.0)


class Retry:
    """The tries at one slow output (``label``, started by ``factory``)."""

    def __init__(
        self,
        label: str,
        factory: Callable[[], Speaker],
        clock: Clock,
        after: tuple[float, ...] = RETRY_AFTER,
    ) -> None:
        self.label = label
        self._factory = factory
        self._clock = clock
        began = clock.now()
        self._due = [began + seconds for seconds in after]
        self._lock = threading.Lock()
        self._running = False
        self._closed = False
        self._found: Speaker | None = None
        #: Why each try failed, in order (for the log and the tests).
        self.failures: list[str] = []

    def poll(self) -> Speaker | None:
        """Never waits: the output a try has started (handed over once); else None, having
        started a try on its own thread if one is due and none is under way."""
        with self._lock:
            found, self._found = self._found, None
            if found is not None:
                return found
            if self._running or not self._due or self._clock.now() < self._due[0]:
                return None
            self._due.pop(0)
            self._running = True
        threading.Thread(target=self._try, name=f"retry {self.label}", daemon=True).start()
        return None

    @property
    def trying(self) -> bool:
        """A try is under way."""
        with self._lock:
            return self._running

    @property
    def ready(self) -> bool:
        """A try has started the output; the next line is said through it."""
        with self._lock:
            return self._found is not None

    @property
    def over(self) -> bool:
        """Every try was made and failed: nothing more will come of it."""
        with self._lock:
            return not self._due and not self._running and self._found is None

    def _try(self) -> None:
        outcome: Speaker | str
        try:
            outcome = self._factory()
        except SpeechError as exc:
            outcome = str(exc)
        except Exception as exc:
            # A start must fail in words, whatever it raises.
            outcome = f"{type(exc).__name__}: {exc}"
        with self._lock:
            self._running = False
            late = self._closed
            if isinstance(outcome, str):
                self.failures.append(outcome)
            elif not late:
                self._found = outcome
        if late and not isinstance(outcome, str):
            with contextlib.suppress(Exception):
                outcome.close()

    def close(self) -> None:
        """No more tries; an output started and not yet taken over is closed."""
        with self._lock:
            self._closed = True
            self._due = []
            found, self._found = self._found, None
        if found is not None:
            with contextlib.suppress(Exception):
                found.close()

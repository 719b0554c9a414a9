"""Speech Dispatcher, spoken to directly over SSIP (Linux's screen reader output).

On Linux, Orca and every other speaking program share one Speech Dispatcher; speaking
through it puts the game in the player's own voice and rate. We use the distribution's
Python client (`speechd`, loaded by `_speechd` even from a virtual environment) rather
than accessible_output2's wrapper around it, because the game needs three things the
wrapper hides:

* **Bounds.** The client blocks forever on a server that accepts and never answers (its
  own `spd-say -w` hangs the same way). A running server must answer the handshake
  within 1 s, starting one (autospawn) may take the rest of the 2 s start bound, and each
  call has 0.5 s (`bounded`); past that the output is failed and the chain moves on.
* **What was heard.** Every line is sent with an END/CANCEL callback, so we know which
  lines the server accepted but has not finished. When the server dies, those are the
  lines the player did not hear; `unheard()` hands them to the next output.
* **One reconnect.** A server that died (or was restarted) gets one fresh connection
  before we give up on it; the unheard lines are said again on the new connection.

Queries cancel this client's speech first (`CANCEL self`), then speak; lines a query or
X cuts on a live server are dropped on purpose and never repeated. A query that finds the
server dead cut nothing, so the lines it would have cut are among the unheard.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any

from spades_voice.speech._speechd import load_speechd
from spades_voice.speech.base import SpeechError
from spades_voice.speech.bounded import (
    CALL_SECONDS,
    REAL_CLOCK,
    START_SECONDS,
    Clock,
    SerialCaller,
)
from spades_voice.speech.voice_language import language_code

log = logging.getLogger(__name__)

CLIENT_NAME = "spades-voice"
#: How long a running server may take to answer the handshake (it takes milliseconds).
ANSWER_SECONDS = 1.0
#: How long close() lets the last line (the shell's "Goodbye.") finish.
DRAIN_SECONDS = 2.0


class SpeechdSpeaker:
    """Speaks through Speech Dispatcher; fails within bounds; knows what was not heard."""

    name = "screenreader"

    def __init__(
        self,
        *,
        start_timeout: float = START_SECONDS,
        call_timeout: float = CALL_SECONDS,
        module: ModuleType | None = None,
        clock: Clock = REAL_CLOCK,
    ) -> None:
        self._clock = clock
        if module is None:
            module, where = load_speechd()
            if module is None:
                raise SpeechError(where)
        self._speechd = module
        self._start_timeout = start_timeout
        self._call_timeout = call_timeout
        self._lock = threading.RLock()
        # A condition, so wait_idle wakes when the last pending line is done.
        self._pending_lock = threading.Condition()
        self._pending: dict[int, str] = {}
        self._tokens = itertools.count()
        self._closed = False
        self._reconnect_armed = True
        self.reconnects = 0
        self.output_name = "Speech Dispatcher"
        self._caller, self._client = self._connect()

    # -- connection ------------------------------------------------------------------

    def _connect(self) -> tuple[SerialCaller, Any]:
        """A new client on its own worker thread, or SpeechError within the start bound.

        Two steps, because they fail differently. A server that is running answers the
        handshake in milliseconds, so one that has not answered within 1 s is hung (it
        accepted the connection and went silent) and is failed at once. Only when nothing
        is listening is the server started the way every client starts it (autospawn),
        with what is left of the 2 s.
        """
        began = self._clock.now()
        caller = SerialCaller("speechd-client", self._clock)
        speechd = self._speechd

        def open_client(autospawn: bool) -> Any:
            return speechd.SSIPClient(CLIENT_NAME, component="game", autospawn=autospawn)

        answer = min(ANSWER_SECONDS, self._start_timeout)
        try:
            try:
                client = caller.call(lambda: open_client(False), answer, "Speech Dispatcher")
            except SpeechError:
                raise
            except Exception:
                # Nobody listening (or a refused connection): start the server.
                left = self._start_timeout - (self._clock.now() - began)
                client = caller.call(lambda: open_client(True), max(0.1, left),
                                     "Speech Dispatcher (starting it)")
        except SpeechError:
            caller.stop()
            raise
        except Exception as exc:
            # The client raises SSIPCommunicationError, SpawnError, OSError, or an
            # AssertionError on a malformed reply: all of them mean "no server here".
            caller.stop()
            raise SpeechError(f"Speech Dispatcher not reachable: {_plain(exc)}") from exc
        self._set_language(caller, client)
        return caller, client

    def _set_language(self, caller: SerialCaller, client: Any) -> None:
        """Ask for a voice in the game's language; a server that cannot (or will not say)
        keeps its own voice, and the game goes on."""
        code = language_code()
        if code is None:
            return
        try:
            caller.call(lambda: client.set_language(code), self._call_timeout, "language")
        except Exception as exc:  # a refusal or a hang: the lines are still spoken
            log.warning("Speech Dispatcher would not speak %s: %s", code, _plain(exc))

    def _drop_client(self) -> None:
        client, caller = self._client, self._caller
        self._client = None
        if client is None:
            return
        with contextlib.suppress(SpeechError, Exception):
            caller.call(client.close, self._call_timeout, "closing Speech Dispatcher")
        caller.stop()

    def _reconnect(self, error: Exception) -> None:
        """One fresh connection, then the lines the old one never finished; else raise."""
        if not self._reconnect_armed:
            raise SpeechError(f"Speech Dispatcher failed: {_plain(error)}") from error
        self._reconnect_armed = False
        log.warning("Speech Dispatcher failed (%s); reconnecting once", _plain(error))
        self._drop_client()
        try:
            self._caller, self._client = self._connect()
        except SpeechError as again:
            raise SpeechError(
                f"Speech Dispatcher failed ({_plain(error)}) and reconnecting failed "
                f"({again})"
            ) from error
        self.reconnects += 1
        lines = self._take_unheard()
        for index, (token, text) in enumerate(lines):
            try:
                self._send(text, interrupt=False, token=token)
            except SpeechError:
                # The new connection failed too: every line not yet taken stays unheard,
                # after those it did take, in the order they were first said.
                with self._pending_lock:
                    for left_token, left_text in lines[index:]:
                        self._pending[left_token] = left_text
                raise

    # -- calls -----------------------------------------------------------------------

    def _run(self, fn: Callable[[Any], object], what: str) -> object:
        client = self._client
        if client is None:
            raise SpeechError("Speech Dispatcher connection is closed")
        try:
            return self._caller.call(lambda: fn(client), self._call_timeout, what)
        except SpeechError:
            raise
        except Exception as exc:
            # SSIPCommunicationError, OSError, a dead reader thread's AssertionError.
            raise SpeechError(f"{what} failed: {_plain(exc)}") from exc

    def _send(self, text: str, *, interrupt: bool, token: int | None = None) -> None:
        if token is None:
            token = next(self._tokens)
        with self._pending_lock:
            self._pending[token] = text
        speechd = self._speechd
        finished = (speechd.CallbackType.END, speechd.CallbackType.CANCEL)

        def on_event(kind: object, **_: object) -> None:
            if kind in finished:
                with self._pending_lock:
                    self._pending.pop(token, None)
                    self._pending_lock.notify_all()

        def speak(client: Any) -> None:
            if interrupt:
                client.cancel()
            client.speak(text, callback=on_event, event_types=finished)

        try:
            self._run(speak, "Speech Dispatcher")
        except SpeechError:
            # Not accepted: the caller (a retry, or the chain) says it again, so it must
            # not also come back among the unheard lines.
            with self._pending_lock:
                self._pending.pop(token, None)
                self._pending_lock.notify_all()
            raise

    def _say(self, text: str, *, interrupt: bool) -> None:
        with self._lock:
            if self._closed:
                return
            with self._pending_lock:
                cut = list(self._pending)
            try:
                self._send(text, interrupt=interrupt)
                if interrupt:
                    # The server cancelled them on purpose: not "unheard".
                    with self._pending_lock:
                        for token in cut:
                            self._pending.pop(token, None)
                        self._pending_lock.notify_all()
            except SpeechError as exc:
                # A query to a dead server cut nothing: the player heard none of the
                # pending lines, so they stay to be said again.
                self._reconnect(exc)
                self._send(text, interrupt=False)
            else:
                self._reconnect_armed = True

    def _forget_pending(self) -> None:
        with self._pending_lock:
            self._pending.clear()
            self._pending_lock.notify_all()

    def _take_unheard(self) -> list[tuple[int, str]]:
        with self._pending_lock:
            items = list(self._pending.items())
            self._pending.clear()
            self._pending_lock.notify_all()
        return items

    def unheard(self) -> list[str]:
        """Lines the server accepted but never finished (the chain says them again)."""
        return [text for _token, text in self._take_unheard()]

    def query(self, text: str) -> None:
        """Cancel what this game is saying, then speak `text`."""
        self._say(text, interrupt=True)

    def event(self, text: str) -> None:
        """Queue `text` behind this game's earlier lines."""
        self._say(text, interrupt=False)

    def silence(self) -> None:
        """Stop this game's speech (other programs' speech is left alone)."""
        with self._lock:
            if self._closed:
                return
            self._forget_pending()
            self._run(lambda client: client.cancel(), "Speech Dispatcher cancel")

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every line sent has finished; False on timeout."""
        with self._pending_lock:
            return self._clock.wait_for(
                self._pending_lock, lambda: not self._pending, timeout
            )

    def close(self) -> None:
        """Let the last line finish (at most 2 s), then disconnect."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        if self._client is not None and self._caller.stuck is None:
            self.wait_idle(DRAIN_SECONDS)
        with self._lock:
            self._drop_client()


def _plain(exc: BaseException) -> str:
    """A one-line reason from whatever the client raised."""
    text = str(exc).strip().splitlines()
    return text[0] if text and text[0] else type(exc).__name__

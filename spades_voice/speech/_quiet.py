"""Keep third-party probe noise out of the player's terminal.

accessible_output2 prints "Cannot find Speech Dispatcher..." and similar lines with
plain `print()` while it probes, and native libraries behind it write straight to file
descriptors 1 and 2. A screen reader would read those lines aloud, so during a probe we
point both descriptors at a temporary file, then restore them. What was captured is kept
so `spades-voice doctor` can show it instead of it being lost.

This redirects process-wide, so it is only used at start-up and in `doctor`, before the
shell draws anything.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator


class Captured:
    """Text written to stdout or stderr while `captured_output()` was active."""

    def __init__(self) -> None:
        self.text = ""

    def lines(self) -> list[str]:
        """The non-blank captured lines, stripped."""
        return [line.strip() for line in self.text.splitlines() if line.strip()]


@contextlib.contextmanager
def captured_output() -> Iterator[Captured]:
    """Redirect file descriptors 1 and 2 (and sys.stdout/sys.stderr) into a buffer."""
    result = Captured()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    with tempfile.TemporaryFile(mode="w+b") as sink:
        saved = [os.dup(1), os.dup(2)]
        try:
            os.dup2(sink.fileno(), 1)
            os.dup2(sink.fileno(), 2)
            # Python-level streams may not be fds 1/2 (pytest capture, IDEs): send them
            # to the same sink so a plain print() in a probe is caught either way.
            with open(os.dup(sink.fileno()), "w", encoding="utf-8", errors="replace") as text:
                with contextlib.redirect_stdout(text), contextlib.redirect_stderr(text):
                    yield result
                text.flush()
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)
            sink.seek(0)
            result.text = sink.read().decode("utf-8", errors="replace")

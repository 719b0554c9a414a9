"""The terminal: what the game draws on it, and holding it from the first moment.

``Console`` is the only thing that writes to the terminal while the game runs (prompt_
toolkit reads keys but is given a dummy output). It draws two kinds of text, append-only:

- spoken lines, when speech is printed (``--speech print`` or ``--echo``): each written
  once as a plain line, wrapped at words, and never touched again;
- the focus line ("Your turn. Hand: queen of hearts, playable."), drawn only when focus or
  mode changes, as one whole line, with the real cursor on the focused item, when nothing
  is printed (screen reader, synthetic speech): one line redrawn whole in place. When
  speech is printed, the focus line is never drawn: a console screen reader reads every
  new line aloud, so it would hear the turn twice, and the card a spoken line deliberately
  left out. The cursor moves onto the focused item where the line just printed names it.

The cursor rests at the start of the newest line (or on the focused item), so a braille
display or a screen reader's review cursor shows what was said last.

``hold_terminal`` takes the terminal before the first word: no echo, keys one at a time,
and no key that stops, freezes or kills the game (Ctrl+S, Ctrl+Q, Ctrl+\\, Ctrl+C arrive
as keys the game answers). Keys typed early wait in the input and are taken as keys.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator

Write = Callable[[str], None]


def _stdout_write(text: str) -> None:
    stream = sys.stdout
    stream.write(text)
    stream.flush()


def _columns() -> int:
    return shutil.get_terminal_size((80, 24)).columns


def wrap(text: str, width: int) -> list[tuple[int, int]]:
    """Where ``text`` breaks into rows of at most ``width`` characters, at spaces: the
    (start, end) of each row in ``text`` (the space at a break belongs to no row). A word
    longer than a row is split.

    >>> [("one two three four")[a:b] for a, b in wrap("one two three four", 9)]
    ['one two', 'three', 'four']
    """
    width = max(1, width)
    rows: list[tuple[int, int]] = []
    start, n = 0, len(text)
    while n - start > width:
        cut = text.rfind(" ", start, start + width + 1)
        if cut <= start:  # one word longer than the row
            rows.append((start, start + width))
            start += width
            continue
        rows.append((start, cut))
        start = cut + 1
    rows.append((start, n))
    return rows


def _plain(text: str) -> str:
    return text.strip().rstrip(".").strip()


class Console:
    """Spoken lines and the focus line on one terminal (see the module's docstring).

    ``write`` receives text with its control sequences; ``columns`` gives the terminal's
    width when a line is wrapped.
    """

    def __init__(self, write: Write | None = None, columns: Callable[[], int] | None = None):
        self._write = write or _stdout_write
        self._columns = columns or _columns
        self._lock = threading.Lock()
        #: The block the cursor is in: its rows, and the cursor's row in it. 0 rows: the
        #: cursor is at the start of a fresh line.
        self._rows = 0
        self._row = 0
        #: Spoken lines are printed here (print mode or --echo).
        self.printing = False
        self._spoken: tuple[str, list[tuple[int, int]]] | None = None  # last printed block
        self._focus: tuple[str, int] | None = None
        self._focus_in_place = False  # the block the cursor is in is a redrawable focus line

    # ---- drawing --------------------------------------------------------------------

    def _width(self) -> int:
        try:
            cols = self._columns()
        except (OSError, ValueError):
            cols = 80
        # One column short of the edge: some terminals wrap on writing the last column.
        return max(10, cols - 1)

    def _leave(self) -> str:
        """Move below the current block, to the start of a fresh line."""
        if not self._rows:
            return ""
        return "\n" * (self._rows - 1 - self._row) + "\r\n"

    def _place(self, rows: int, row: int, col: int) -> str:
        """From the end of a just-written block of ``rows``, to (row, col) in it."""
        up = rows - 1 - row
        return (f"\x1b[{up}A" if up else "") + "\r" + (f"\x1b[{col}C" if col else "")

    def _block(self, text: str, cursor: int, *, in_place: bool) -> None:
        rows = wrap(text, self._width())
        row, col = _position(rows, cursor)
        if in_place and self._focus_in_place and self._rows:
            # Redraw the focus line whole, where it stands: up to its first row, each row
            # written and cleared to its end, anything below it cleared.
            head = (f"\x1b[{self._row}A" if self._row else "") + "\r"
            body = "\x1b[K\r\n".join(text[a:b] for a, b in rows) + "\x1b[K\x1b[J"
        else:
            head = self._leave()
            body = "\r\n".join(text[a:b] for a, b in rows)
        self._write(head + body + self._place(len(rows), row, col))
        self._rows, self._row = len(rows), row
        self._focus_in_place = in_place

    def say(self, line: str) -> None:
        """A spoken line, printed once (the print backend's ``write``)."""
        text = line.rstrip("\n")
        with self._lock:
            self.printing = True
            self._block(text, 0, in_place=False)
            self._spoken = (text, wrap(text, self._width()))

    def focus(self, text: str, cursor: int) -> None:
        """The focus line after a key or an event: drawn only when it changed."""
        with self._lock:
            if (text, cursor) == self._focus:
                return
            self._focus = (text, cursor)
            if not text:
                return
            if self.printing:
                item = _plain(text[cursor:])
                spoken = self._spoken
                if spoken is not None and item and _plain(spoken[0]).endswith(item):
                    # The line just printed names the focused item: put the cursor on it.
                    row, col = _position(spoken[1], spoken[0].rfind(item))
                    self._write(_move(self._row, row) + "\r" + (f"\x1b[{col}C" if col else ""))
                    self._row = row
                    self._spoken = None  # said once
                return
            self._block(text, cursor, in_place=True)

    def close(self) -> None:
        """Leave the cursor on a fresh line below everything, for the shell's prompt."""
        with self._lock:
            if self._rows:
                self._write(self._leave())
            self._rows = self._row = 0


def _position(rows: list[tuple[int, int]], offset: int) -> tuple[int, int]:
    """Row and column of character ``offset`` in wrapped ``rows``."""
    for i, (a, b) in enumerate(rows):
        if offset <= b or i == len(rows) - 1:
            return i, max(0, min(offset, b) - a)
    return 0, 0  # pragma: no cover - rows is never empty


def _move(here: int, there: int) -> str:
    if there < here:
        return f"\x1b[{here - there}A"
    if there > here:
        return f"\x1b[{there - here}B"
    return ""


# ---- holding the terminal ---------------------------------------------------------------


@contextlib.contextmanager
def hold_terminal(fd: int | None = None) -> Iterator[None]:
    """The terminal in the game's hands from the first word to the last: keys are not
    echoed and arrive one at a time; Ctrl+C, Ctrl+\\, Ctrl+Z, Ctrl+S and Ctrl+Q are keys,
    not signals or flow control. Restored as it was on the way out. Does nothing when
    input is not a terminal (tests, pipes) or on systems without termios."""
    try:
        import termios
    except ImportError:  # pragma: no cover - Windows: the console is raw already
        yield
        return
    if fd is None:
        try:
            fd = sys.stdin.fileno()
        except (AttributeError, ValueError, OSError):
            yield
            return
    if not os.isatty(fd):
        yield
        return
    try:
        saved = termios.tcgetattr(fd)
    except termios.error:
        yield
        return
    held = list(saved)
    held[0] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR)
    held[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
    cc = list(held[6])
    cc[termios.VMIN], cc[termios.VTIME] = 1, 0
    held[6] = cc
    with contextlib.suppress(termios.error):
        termios.tcsetattr(fd, termios.TCSANOW, held)
    try:
        yield
    finally:
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

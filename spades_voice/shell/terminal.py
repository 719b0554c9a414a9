"""The terminal: what the game draws on it, and holding it from the first moment.

``Console`` is the only thing that writes to the terminal while the game runs (prompt_
toolkit's application reads keys but is given a dummy output; the Console writes through
prompt_toolkit's output for the terminal, so Windows consoles old and new are drawn their
own way). It draws two kinds of text, append-only:

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
from collections.abc import Iterator

from prompt_toolkit.data_structures import Size
from prompt_toolkit.output import DummyOutput, Output, create_output
from prompt_toolkit.output.vt100 import Vt100_Output


def _size() -> Size:
    columns, rows = shutil.get_terminal_size((80, 24))
    return Size(rows=rows, columns=columns)


def terminal_output() -> Output:
    """prompt_toolkit's output for the game's terminal, which knows each terminal's way of
    moving the cursor and clearing: escape codes for a VT100 terminal and for Windows 10's
    console (with its VT processing turned on as it writes), the console's own calls on an
    older Windows console, nothing under ``pythonw``. Into a pipe or a file, the VT100
    codes as a terminal would get them (a log of the session, a test reading it)."""
    stdout = sys.stdout
    if stdout is None:
        return DummyOutput()
    try:
        tty = stdout.isatty()
    except (AttributeError, ValueError, OSError):
        tty = False
    return create_output(stdout) if tty else Vt100_Output(stdout, _size)


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

    Everything is drawn through ``output`` (prompt_toolkit's, for the game's terminal by
    default), which also gives the terminal's width when a line is wrapped; each change
    reaches the terminal in one write.
    """

    def __init__(self, output: Output | None = None):
        self._out = output or terminal_output()
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
            cols = self._out.get_size().columns
        except (OSError, ValueError):
            cols = 80
        # One column short of the edge: some terminals wrap on writing the last column.
        return max(10, cols - 1)

    def _leave(self) -> None:
        """Move below the current block, to the start of a fresh line."""
        if self._rows:
            self._out.write_raw("\n" * (self._rows - 1 - self._row) + "\r\n")

    def _to_column(self, col: int) -> None:
        self._out.write_raw("\r")
        self._out.cursor_forward(col)

    def _rows_of(self, text: str, rows: list[tuple[int, int]], *, clear: bool) -> None:
        """The rows of ``text``, each cleared to its end when ``clear``."""
        for i, (a, b) in enumerate(rows):
            if i:
                self._out.write_raw("\r\n")
            self._out.write(text[a:b])
            if clear:
                self._out.erase_end_of_line()

    def _block(self, text: str, cursor: int, *, in_place: bool) -> None:
        rows = wrap(text, self._width())
        row, col = _position(rows, cursor)
        out = self._out
        if in_place and self._focus_in_place and self._rows:
            # Redraw the focus line whole, where it stands: up to its first row, each row
            # written and cleared to its end, anything below it cleared.
            out.cursor_up(self._row)
            out.write_raw("\r")
            self._rows_of(text, rows, clear=True)
            out.erase_down()
        else:
            self._leave()
            self._rows_of(text, rows, clear=False)
        # From the end of the block just written, to (row, col) in it.
        out.cursor_up(len(rows) - 1 - row)
        self._to_column(col)
        out.flush()
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
                    if row < self._row:
                        self._out.cursor_up(self._row - row)
                    else:
                        self._out.cursor_down(row - self._row)
                    self._to_column(col)
                    self._out.flush()
                    self._row = row
                    self._spoken = None  # said once
                return
            self._block(text, cursor, in_place=True)

    def close(self) -> None:
        """Leave the cursor on a fresh line below everything, for the shell's prompt."""
        with self._lock:
            self._leave()
            self._out.flush()
            self._rows = self._row = 0


def _position(rows: list[tuple[int, int]], offset: int) -> tuple[int, int]:
    """Row and column of character ``offset`` in wrapped ``rows``."""
    for i, (a, b) in enumerate(rows):
        if offset <= b or i == len(rows) - 1:
            return i, max(0, min(offset, b) - a)
    return 0, 0  # pragma: no cover - rows is never empty


# ---- holding the terminal ---------------------------------------------------------------


@contextlib.contextmanager
def hold_terminal(fd: int | None = None) -> Iterator[None]:
    """The terminal in the game's hands from the first word to the last: keys are not
    echoed and arrive one at a time; Ctrl+C, Ctrl+\\, Ctrl+Z, Ctrl+S and Ctrl+Q are keys,
    not signals or flow control. Restored as it was on the way out. Does nothing when
    input is not a terminal (tests, pipes). Windows has no termios: its console is held
    through the console's own modes (``_held_console``)."""
    try:
        import termios
    except ImportError:  # Windows
        with _held_console():
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


#: Windows console input modes: Control-C as a signal, a line at a time, echo.
_PROCESSED_INPUT, _LINE_INPUT, _ECHO_INPUT = 0x1, 0x2, 0x4


@contextlib.contextmanager
def _held_console() -> Iterator[None]:
    """Windows' console held as ``hold_terminal`` holds a POSIX terminal: no echo, keys
    one at a time, Control-C a key (prompt_toolkit's raw mode, from the first moment, for
    the console starts a line at a time with echo). Restored on the way out. Does nothing
    when input is not a console, or when the console cannot be asked."""
    import ctypes

    saved: int | None = None
    try:
        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
        handle = kernel32.GetStdHandle(-10)  # STD_INPUT_HANDLE
        mode = ctypes.c_ulong()
        if kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
            saved = int(mode.value)
            kernel32.SetConsoleMode(handle, saved & ~(_PROCESSED_INPUT | _LINE_INPUT | _ECHO_INPUT))
    except (AttributeError, OSError):  # not Windows, or the console would not answer
        saved = None
    try:
        yield
    finally:
        if saved is not None:
            with contextlib.suppress(OSError):
                kernel32.SetConsoleMode(handle, saved)

"""What the console writes: characters drawn against characters spoken, in print mode.

    python bench/bench_console.py

Plays the same 60-key session (tests/shell/pty_session.py) in a pseudo-terminal and
prints: spoken lines and characters (from the speech log), characters drawn on the
terminal (escapes and control characters removed), and bytes and escape sequences written
per spoken line. The test holds what is drawn to exactly what is spoken.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "shell"))

from pty_session import SESSION, Session, measure


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(Path(tmp)).start()
        try:
            for key in SESSION:
                session.press(key)
        finally:
            session.close()
        figures = measure(session)
    print(f"60-key session in print mode, {len(SESSION)} keys")
    for name, value in figures.items():
        print(f"{name:>24}: {value:.2f}" if isinstance(value, float) else f"{name:>24}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Printed speech on the terminal, before and while the prompt_toolkit app runs.

``TerminalWriter.write`` is the ``write`` given to the print backend. Until the shell
attaches its prompt_toolkit output it writes plain lines (so the greeting can be printed
before prompt_toolkit has even been imported); after, each line goes through
``print_formatted_text``, which prints above a running app via ``run_in_terminal`` and
so never breaks the prompt line.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_toolkit.output import Output


class TerminalWriter:
    def __init__(self) -> None:
        self.output: Output | None = None

    def attach(self, output: Output) -> None:
        self.output = output

    def write(self, line: str) -> None:
        if self.output is None:
            sys.stdout.write(line)
            sys.stdout.flush()
            return
        from prompt_toolkit.shortcuts import print_formatted_text

        print_formatted_text(line, end="", output=self.output)

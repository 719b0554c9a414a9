"""The line-oriented prompt_toolkit shell: keys, modes, focus, pace, pause."""

from __future__ import annotations

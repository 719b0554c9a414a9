"""spades_voice: Spades for people who play by ear."""

from __future__ import annotations

__version__ = "0.1.0"

"""Shared tables over websockets: a server that decides everything, and a remote table
that looks to the shell exactly like a local one. The wire format is docs/protocol.md."""

from __future__ import annotations

"""Shared tables over websockets: a server that decides everything, and a remote table
that looks to the shell exactly like a local one. The wire format is docs/protocol.md.

Its rooms, each importing only those below it (``tests/test_static.py`` holds the order):
``wire`` (the protocol), ``registry`` (many processes), ``computers`` (worker
processes); ``table`` (one shared table, and the server's tables); ``seats`` (a person's
side of a table); ``page`` (the browser's page and its seat); ``door`` (the server).
"""

from __future__ import annotations

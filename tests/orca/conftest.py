"""The Orca tests use the browser tests' DevTools client and recorder, the network tests'
free port, and the speech tests' capture module: their folders join the import path here,
before the test modules are imported."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
for folder in ("speech", "web", "net"):
    if str(TESTS / folder) not in sys.path:
        sys.path.insert(0, str(TESTS / folder))

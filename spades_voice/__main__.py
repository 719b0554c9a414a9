from __future__ import annotations

import sys

from spades_voice.cli import main

sys.exit(main())

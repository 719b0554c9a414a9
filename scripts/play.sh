#!/usr/bin/env bash
# Install spades_voice into .venv and start a match. Options are passed to spades-voice.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q .
exec .venv/bin/spades-voice "$@"

#!/usr/bin/env bash
# Install spades_voice with its test tools into .venv and run every test,
# including mypy --strict and ruff (tests/test_static.py).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
.venv/bin/python -m pytest -q "$@"

#!/usr/bin/env bash
# Start spades_voice from this checkout. Options are passed on to spades-voice.
#
# The game is installed into .venv only when it has to be: the first time, when the
# venv or its spades-voice command is missing, or when pyproject.toml (dependencies,
# version) changed since the last install. The install is editable, so a change to the
# game's code needs no reinstall, and every other start goes straight to the game.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=.venv/.spades-voice-installed
# cksum is in every POSIX system (sha256sum is not on macOS); it only has to see a change.
want="$(cksum < pyproject.toml)"
if [ ! -x .venv/bin/spades-voice ] || [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
    echo "Setting up spades_voice in .venv; this takes a minute the first time."
    [ -x .venv/bin/python ] || python3 -m venv .venv
    .venv/bin/python -m pip install -q --disable-pip-version-check -e .
    printf '%s\n' "$want" > "$stamp"
fi
exec .venv/bin/spades-voice "$@"

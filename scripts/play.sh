#!/usr/bin/env bash
# Start spades_voice from this checkout (Linux, macOS). Options are passed on to spades-voice.
# On Windows, scripts\play.cmd (or scripts\play.ps1) does the same.
#
# The game is installed into .venv only when it has to be: the first time, when the
# venv or its spades-voice command is missing, or when pyproject.toml (dependencies,
# version) changed since the last install. The install is editable, so a change to the
# game's code needs no reinstall, and every other start goes straight to the game.
# A .venv made by a Python older than 3.11 is made again, and the script says so.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=.venv/.spades-voice-installed
need=3.11

# "3.9" from a venv's pyvenv.cfg (its "version" or "version_info" line), read without
# starting Python, so a start that installs nothing stays instant.
venv_version() {
    sed -n 's/^version\(_info\)\{0,1\} *= *\([0-9]*\.[0-9]*\).*/\2/p' .venv/pyvenv.cfg 2>/dev/null |
        head -n 1
}
older() {  # older 3.9 3.11: whether the first version is below the second
    [ "$(printf '%s\n%s\n' "$1" "$2" | sort -t. -k1,1n -k2,2n | head -n 1)" != "$2" ]
}

if [ -d .venv ]; then
    made="$(venv_version)"
    if [ ! -x .venv/bin/python ] || [ -z "$made" ] || older "$made" "$need"; then
        echo "The .venv folder here was made by Python ${made:-of an unknown version}," \
            "and spades_voice needs $need or newer: making it again."
        rm -rf .venv
    fi
fi
# cksum is in every POSIX system (sha256sum is not on macOS); it only has to see a change.
want="$(cksum < pyproject.toml)"
if [ ! -x .venv/bin/spades-voice ] || [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
    if [ ! -x .venv/bin/python ]; then
        have="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null ||
            echo none)"
        if [ "$have" = none ] || older "$have" "$need"; then
            echo "spades_voice needs Python $need or newer, and python3 here is $have." \
                "Install a newer Python (python.org, or your system's packages), then run" \
                "this again."
            exit 1
        fi
    fi
    echo "Setting up spades_voice in .venv; this takes a minute the first time."
    [ -x .venv/bin/python ] || python3 -m venv .venv
    .venv/bin/python -m pip install -q --disable-pip-version-check -e .
    printf '%s\n' "$want" > "$stamp"
fi
exec .venv/bin/spades-voice "$@"

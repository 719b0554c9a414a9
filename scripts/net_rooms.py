"""Rewrite a branch begun before ``net/`` was split into rooms (issue 51) to the new paths.

    python scripts/net_rooms.py [FILE ...]     # default: every tracked .py and .md file

It rewrites ``from spades_voice.net import protocol as p``, ``spades_voice.net.shared_table``,
``net.seat_table`` and ``net/web.py`` to the module's room (``spades_voice.net.wire``,
``spades_voice.net.table.shared_table``, ...), and prints what it changed. Run it after
merging such a branch, then ``ruff check --select I --fix spades_voice`` for the order.

What it cannot rewrite, because it is not a path: the table's pass-throughs are gone, and
callers reach the object that decides:

    table.token_seat(t)          table.seating.token_seat(t)
    table.rejoin(info, m)        table.presence.rejoin(info, m)
    table.sit(name, seat, m)     table.presence.sit(name, seat, m)
    table.free_seats()           table.seating.free_seats()
    table.hold_for_restart(s)    table.presence.hold_for_restart(s)
    table.watch(name, m, seen)   table.gallery.watch(name, m, seen)
    table.timers_pending()       table.play.turns.pending()
    table.public                 table.sign.public
    table.address                table.ledger.address
    table.last_active            table.ledger.last_active
    table.save() / _touch()      table.ledger.save(table.play) / table.ledger.touch()
    welcome= / save= hooks       Presence and Gallery take sign= and ledger=

Delete this script once no branch begun before the rooms is left to merge.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

#: Each module that moved, by its old name: its room and its name there.
MOVED: dict[str, str] = {
    "protocol": "wire/protocol", "codec": "wire/codec", "reasons": "wire/reasons",
    "hellos": "wire/hellos", "intents": "wire/intents", "limits": "wire/limits",
    "computers": "computers/pool", "workers": "computers/workers",
    "shared_table": "table/shared_table", "seating": "table/seating",
    "presence": "table/presence", "play": "table/play", "turns": "table/turns",
    "broadcast": "table/broadcast", "blind": "table/blind", "gallery": "table/gallery",
    "watching": "table/watching", "tablestore": "table/tablestore", "tables": "table/tables",
    "client": "seats/client", "remote_table": "seats/remote_table",
    "watch_table": "seats/watch_table", "seat_table": "seats/seat_table",
    "browser_seat": "page/browser_seat", "regions": "page/regions", "web": "page/web",
    "server": "door/server", "reception": "door/reception", "gated": "door/gated",
    "hosting": "door/hosting", "heap": "door/heap",
}
#: The old names in a dotted path; ``computers`` is a room's name now too, so a path
#: already in that room (``net.computers.pool``, ``net.computers import pool``) is left
#: alone.
_NAMES = "|".join(
    [*sorted(set(MOVED) - {"computers"}, key=len, reverse=True),
     r"computers(?!\.(?:pool|workers)\b|\s+import\s+(?:pool|workers)\b)"]
)


def _from_net(match: re.Match[str]) -> str:
    """``from spades_voice.net import a, b as c`` as one import line per room."""
    indent, items = match.group(1), match.group(2)
    by_room: dict[str, list[str]] = {}
    for part in (s.strip() for s in items.split(",")):
        name = part.split()[0]
        if name not in MOVED:
            by_room.setdefault("", []).append(part)
            continue
        room, module = MOVED[name].split("/")
        if module != name:
            part = f"{module} as {part.split()[-1] if ' as ' in part else name}"
        by_room.setdefault(room, []).append(part)
    return "\n".join(
        f"{indent}from spades_voice.net{'.' + room if room else ''} import {', '.join(parts)}"
        for room, parts in by_room.items()
    )


def rewrite(text: str) -> str:
    """``text`` with every old ``net`` module path given its room."""
    text = re.sub(r"^([ \t]*)from spades_voice\.net import ([^\n(]+)$", _from_net, text,
                  flags=re.M)
    text = re.sub(rf"(?<![\w.])((?:spades_voice\.)?net)\.({_NAMES})\b",
                  lambda m: f"{m.group(1)}.{MOVED[m.group(2)].replace('/', '.')}", text)
    return re.sub(rf"(?<![\w])net/({'|'.join(MOVED)})\.py\b",
                  lambda m: f"net/{MOVED[m.group(1)]}.py", text)


def main(argv: list[str]) -> int:
    files = argv or subprocess.run(
        ["git", "ls-files", "*.py", "*.md"], capture_output=True, text=True, check=True
    ).stdout.split()
    for name in files:
        path = Path(name)
        if path.resolve() == Path(__file__).resolve():
            continue
        text = path.read_text(encoding="utf-8")
        new = rewrite(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Playing alone in the browser: the terminal's own game, run on the server for a page.

A page that chooses "Play alone" opens a websocket at ``/alone``. Behind it is no shared
table but exactly what ``spades-voice`` runs at a terminal: a ``LocalTable`` (computers
in the other three seats, the partner at its best), the terminal's ``Shell`` deciding
what each key does and says, and ``StoreHooks`` keeping the saved match, the
statistics and the choices, in a folder of the server's data keyed by a secret only this
browser holds. The page sends key names, and taps and clicks as actions on what was
tapped (``shell.actions``), and shows what comes back; every decision and every sentence
is the terminal's (``session.py``). Nobody else can sit there: there is no table code,
and it is listed nowhere.

``guest.py`` is the same for a page's seat at a shared table, as ``spades-voice join``
plays it: the seat's ``net.seats.seat_table.SeatTable`` in the server's own process, and the
terminal's shell over it in a ``PageSession`` (a server given a ``GuestDoor``).

This package sits above ``shell`` and ``net`` (it runs the one for the other) and below
``commands``, which hands its door to the server.
"""

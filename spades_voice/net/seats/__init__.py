"""The seats: a person's side of a shared table, as a ``Table`` the shell plays.

Owns the connection (``client``), what a seat is over it either way (``client_seat``), a
seat over the network (``remote_table``), a watcher's table (``watch_table``), a seat in
the server's own process (``seat_table``), and what a watcher's table shares either way
until it takes a seat (``listening``).

May import ``wire``, and ``table`` for the in-process seat's member; never the page or
the door.
"""

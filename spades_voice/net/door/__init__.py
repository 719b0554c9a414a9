"""The door: the table server's sockets, from the first byte to a seat at a table.

Owns the server and its websocket handler (``server``), sockets counted before any
handshake (``gated``), receiving a hello and seating its person (``reception``), running
a server on a thread of its own (``hosting``) and handing the heap back (``heap``).

May import every other room of ``net``; no room imports it.
"""

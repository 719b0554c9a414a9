"""The wire: what crosses a shared table's websocket, as docs/protocol.md writes it.

Owns the framing, close codes, table codes and small values (``protocol``), the model's
compound values (``codec``), reasons as values (``reasons``), a connection's hello
(``hellos``) and what a seated connection may ask (``intents``), each parsed once at the
edge, and the limits a connection lives under (``limits``: sizes, rates, turn timers).

May import no other room of ``net``: every room reads and writes the wire through it.
"""

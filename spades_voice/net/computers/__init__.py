"""The computers: decisions, hints and the coach's review made in worker processes.

Owns the pool that runs them off the event loop (``pool``) and what runs inside a worker
(``workers``), with the safe move a table plays when no answer can be had.

May import no other room of ``net``: a table, a page and the server each ask it.
"""

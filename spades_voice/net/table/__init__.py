"""The table: one shared table on the server, and the server's tables.

Owns who sits where (``seating``, a pure model) and people coming and going (``presence``),
watchers (``watching``, ``gallery``), the match and its turns (``play``, ``turns``,
``blind``), the frames sent (``broadcast``), what each intent does (``shared_table``), what a
table writes down and when it was last used (``ledger``), and the tables by code and
their store (``tables``, ``tablestore``).

May import ``wire`` and ``computers``; never a seat, the page or the door.
"""

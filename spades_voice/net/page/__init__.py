"""The page: the browser seat's files served over HTTP, and its seat at a table.

Owns the page's files and data (``web``), what its regions show (``regions``) and the
browser's websocket seen as one more seat (``browser_seat``).

May import ``wire``, ``computers``, ``seats`` and ``registry``; never the table or the door.
"""

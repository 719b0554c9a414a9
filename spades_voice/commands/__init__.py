"""Every command-line entry point, one module per command: ``play`` (the default),
``score``, ``arena``, ``serve``, ``host``, ``join``, ``export``, ``stats``, ``keys``,
``doctor``.

Each module offers ``add_arguments(parser)`` and ``run(args) -> int``; ``cli.main``
imports only the chosen one, so starting the game stays quick. Commands sit above every
other layer: they may import anything, and nothing imports them.
"""

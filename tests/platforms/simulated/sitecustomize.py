"""Run the game as Windows (or macOS) would show it, as far as Linux allows.

Put this folder first on PYTHONPATH and set ``SPADES_VOICE_SIMULATE`` to ``win32`` or
``darwin`` for one run of the game; Python imports this module at start-up, before the game.

Only the game's own modules (``spades_voice.*``) see the other platform: prompt_toolkit,
asyncio and the standard library keep Linux, since the terminal and the event loop under
them are Linux's in this run. What they see:

- ``sys.platform`` is ``win32`` (``darwin``); on Windows ``os.name`` is ``nt``;
- on Windows ``msvcrt`` can be imported (its file locking, made of POSIX locks), and
  the POSIX-only modules (fcntl, termios, resource, pwd, grp, tty, pty) cannot
  be imported, and the POSIX-only names in os, signal, socket and select are missing;
  ``ctypes.windll`` is there and every call into it fails, as a call that went wrong would;
- multiprocessing has no ``forkserver`` (nor ``fork``) on Windows, and starts processes by
  ``spawn`` by default on both, as those platforms do.

Worker processes the game spawns run this module too, so they see the same.
"""

from __future__ import annotations

import builtins
import os
import sys
import types
from typing import Any

_POSIX_MODULES = frozenset({"fcntl", "termios", "resource", "pwd", "grp", "tty", "pty"})

#: Names that Windows' os, signal, socket and select lack and that Linux has.
_WINDOWS_MISSING = {
    "os": {
        "killpg", "getuid", "geteuid", "getgid", "getegid", "getpgid", "getpgrp", "setsid",
        "setpgrp", "nice", "fork", "forkpty", "fchmod", "fchown", "chown", "lchown",
        "O_NOFOLLOW", "O_CLOEXEC", "O_NOCTTY", "O_NONBLOCK", "O_DIRECTORY", "O_SYNC",
        "sched_getaffinity", "getloadavg", "WNOHANG", "pipe2", "mkfifo", "sysconf",
        "statvfs", "uname", "ttyname", "openpty", "tcgetpgrp", "setuid", "getgroups",
        "posix_spawn", "wait3", "wait4", "waitid", "sync", "memfd_create",
    },
    "signal": {
        "SIGKILL", "SIGQUIT", "SIGHUP", "SIGTSTP", "SIGCHLD", "SIGPIPE", "SIGALRM",
        "SIGUSR1", "SIGUSR2", "SIGCONT", "SIGSTOP", "SIGWINCH", "SIGTTIN", "SIGTTOU",
        "killpg", "pthread_kill", "pthread_sigmask", "setitimer", "getitimer", "alarm",
        "siginterrupt", "sigwait", "pause",
    },
    "socket": {"AF_UNIX", "socketpair_unix"},
    "select": {"poll", "epoll", "POLLIN", "POLLOUT"},
}

#: What macOS lacks of Linux's.
_DARWIN_MISSING = {
    "os": {"sched_getaffinity", "pipe2", "memfd_create", "O_DIRECT"},
    "select": {"epoll"},
}


class _Seen(types.ModuleType):
    """A module as the game's code sees it: some names replaced, some missing."""

    def __init__(self, real: types.ModuleType, extra: dict[str, Any], missing: set[str]):
        super().__init__(real.__name__, real.__doc__)
        self.__dict__.update(extra)
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_missing", frozenset(missing))

    def __getattr__(self, name: str) -> Any:
        if name in self._missing:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        return getattr(self._real, name)


class _NoWindll:
    """``ctypes.windll``: every library and function is there, every call fails."""

    def __getattr__(self, name: str) -> Any:
        return self

    def __call__(self, *args: Any) -> Any:
        raise OSError("simulated Windows: no Windows API on this machine")


def _msvcrt() -> types.ModuleType:
    """Windows' ``msvcrt`` as far as the game uses it: ``locking`` of a file's bytes (the
    data folder's lock), made of POSIX record locks."""
    import fcntl

    module = types.ModuleType("msvcrt")
    module.LK_UNLCK, module.LK_LOCK, module.LK_NBLCK = 0, 1, 2  # type: ignore[attr-defined]

    def locking(fd: int, mode: int, nbytes: int) -> None:
        start = os.lseek(fd, 0, os.SEEK_CUR)
        if mode == 0:
            fcntl.lockf(fd, fcntl.LOCK_UN, nbytes, start)
            return
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | (fcntl.LOCK_NB if mode == 2 else 0), nbytes, start)
        except OSError as e:
            raise PermissionError(13, "Permission denied") from e

    module.locking = locking  # type: ignore[attr-defined]
    return module


def _only_spawn(default: str) -> None:
    import multiprocessing
    import multiprocessing.context as context

    if default == "spawn-only":
        for method in ("fork", "forkserver"):
            context._concrete_contexts.pop(method, None)  # type: ignore[attr-defined]
        methods = ["spawn"]
        multiprocessing.get_all_start_methods = lambda: list(methods)  # type: ignore[assignment]
    spawn = context._concrete_contexts["spawn"]  # type: ignore[attr-defined]
    context._default_context._actual_context = spawn  # type: ignore[attr-defined]


def _install(platform: str) -> None:
    import ctypes
    import select
    import signal
    import socket

    missing = _WINDOWS_MISSING if platform == "win32" else _DARWIN_MISSING
    extra: dict[str, dict[str, Any]] = {"sys": {"platform": platform}}
    if platform == "win32":
        extra["os"] = {"name": "nt"}
        extra["ctypes"] = {"windll": _NoWindll()}
    real = {"os": os, "sys": sys, "signal": signal, "socket": socket, "select": select,
            "ctypes": ctypes}
    seen = {
        name: _Seen(module, extra.get(name, {}), missing.get(name, set()))
        for name, module in real.items()
        if name in extra or name in missing
    }
    blocked = _POSIX_MODULES if platform == "win32" else frozenset()
    windows_only = {"msvcrt": _msvcrt()} if platform == "win32" else {}
    real_import = builtins.__import__

    def game_import(
        name: str,
        globals: dict[str, Any] | None = None,
        locals: Any = None,
        fromlist: Any = (),
        level: int = 0,
    ) -> Any:
        importer = str((globals or {}).get("__name__") or "")
        if level or not importer.startswith("spades_voice"):
            return real_import(name, globals, locals, fromlist, level)
        top = name.partition(".")[0]
        if top in blocked:
            raise ModuleNotFoundError(f"No module named {top!r}", name=top)
        if top in windows_only:
            return windows_only[top]
        module = real_import(name, globals, locals, fromlist, level)
        if top in seen and (module is real[top]):
            return seen[top]
        return module

    builtins.__import__ = game_import
    _only_spawn("spawn-only" if platform == "win32" else "spawn")


_PLATFORM = os.environ.get("SPADES_VOICE_SIMULATE", "")
if _PLATFORM in ("win32", "darwin"):
    _install(_PLATFORM)

"""Find the Speech Dispatcher Python client (`speechd`) from inside a virtual environment.

The client is not on PyPI: distributions ship it with the server (Debian and Ubuntu:
`python3-speechd` in /usr/lib/python3/dist-packages; Fedora and Arch: the system
site-packages). It must match the installed server, so we use the distribution's copy
rather than a fork from PyPI. A virtual environment does not see system site-packages,
and adding that whole directory to `sys.path` would let Debian's older copies of other
packages shadow the venv's. So when a normal `import speechd` fails we load exactly one
package, `speechd`, from the first system directory that has it and register it in
`sys.modules`; accessible_output2's own `import speechd` then finds it. The package is
pure Python and imports only the standard library.

`SPADES_VOICE_SPEECHD_PATH` names an extra directory to look in first (the directory that
contains the `speechd/` package).
"""

from __future__ import annotations

import glob
import importlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

ENV_VAR = "SPADES_VOICE_SPEECHD_PATH"


def candidate_dirs() -> list[Path]:
    """System directories that may hold the distribution's `speechd` package, in order."""
    dirs: list[Path] = []
    extra = os.environ.get(ENV_VAR)
    if extra:
        dirs.append(Path(extra))
    dirs.append(Path("/usr/lib/python3/dist-packages"))
    for pattern in (
        "/usr/lib/python3*/site-packages",
        "/usr/lib64/python3*/site-packages",
        "/usr/local/lib/python3*/dist-packages",
    ):
        dirs.extend(Path(p) for p in sorted(glob.glob(pattern), reverse=True))
    return dirs


def load_system_module(name: str, env_var: str) -> tuple[ModuleType | None, str]:
    """Import `name` normally, else exactly that one module from the system directories.

    Works for a pure-Python package (`name/__init__.py`) and for a compiled extension
    module built for this Python (`name.cpython-311-x86_64-linux-gnu.so`: BrlAPI's).
    `env_var` names a directory to look in first. Returns `(None, reason)` when absent.
    """
    try:
        module = importlib.import_module(name)
    except ImportError:
        pass
    else:
        return module, f"{name} from {getattr(module, '__file__', '?')}"
    extra = os.environ.get(env_var)
    dirs = ([Path(extra)] if extra else []) + candidate_dirs()
    for directory in dirs:
        found = [directory / name / "__init__.py"] + [
            directory / f"{name}{suffix}" for suffix in importlib.machinery.EXTENSION_SUFFIXES
        ] + [directory / f"{name}.py"]
        for path in found:
            if not path.is_file():
                continue
            is_package = path.name == "__init__.py"
            spec = importlib.util.spec_from_file_location(
                name, path, submodule_search_locations=[str(path.parent)] if is_package else None
            )
            if spec is None or spec.loader is None:
                continue
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            try:
                spec.loader.exec_module(module)
            except (ImportError, SyntaxError, OSError) as exc:
                # Built or written for another Python: forget it and look further.
                del exc
                for loaded in [n for n in sys.modules if n == name or n.startswith(name + ".")]:
                    del sys.modules[loaded]
                continue
            return module, f"{name} from {path.parent} (system package)"
    return None, f"Python {name} module not found"


def load_speechd() -> tuple[ModuleType | None, str]:
    """Import `speechd` normally, else from the system; return it and where it came from.

    Returns `(None, reason)` when it is nowhere to be found.
    """
    try:
        module = importlib.import_module("speechd")
    except ImportError:
        pass
    else:
        return module, f"speechd from {getattr(module, '__file__', '?')}"
    for directory in candidate_dirs():
        init = directory / "speechd" / "__init__.py"
        if not init.is_file():
            continue
        spec = importlib.util.spec_from_file_location(
            "speechd", init, submodule_search_locations=[str(init.parent)]
        )
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules["speechd"] = module
        try:
            spec.loader.exec_module(module)
        except (ImportError, SyntaxError) as exc:
            # A copy written for another Python version: forget it and look further.
            del exc
            for name in [n for n in sys.modules if n == "speechd" or n.startswith("speechd.")]:
                del sys.modules[name]
            continue
        return module, f"speechd from {init.parent} (system package)"
    return None, "Python speechd client not found (Debian: apt install python3-speechd)"

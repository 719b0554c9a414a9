"""What installing the game brings on each platform: packages and megabytes.

    python bench/bench_install.py [--wheel WHEEL] [--python-version 3.11]

Resolves the wheel's dependencies for Windows x64, macOS on Apple silicon (as macOS 14,
Darwin 23.6, whose version pyobjc's markers read) and Linux x86-64, downloading each
wheel with ``pip download --no-deps --platform ... --only-binary=:all:``. Markers are
evaluated for the target platform here, by ``packaging``: ``pip download --platform``
evaluates them for the machine it runs on, so it would leave out pyttsx3's pyobjc (macOS)
and pywin32 (Windows). Prints, per platform, the packages beside the game, the wheels'
size and their size unpacked (what lands in site-packages, less the .pyc files Python
writes later). Without ``--wheel`` it builds one from this checkout first.
"""

from __future__ import annotations

import argparse
import email
import subprocess
import sys
import tempfile
import zipfile
from email.message import Message
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
#: pip's platform tag, and the marker values of that platform.
PLATFORMS = {
    "win_amd64": {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt",
                  "platform_machine": "AMD64", "platform_release": "10"},
    "macosx_11_0_arm64": {"sys_platform": "darwin", "platform_system": "Darwin",
                          "os_name": "posix", "platform_machine": "arm64",
                          "platform_release": "23.6.0"},
    "manylinux_2_17_x86_64": {"sys_platform": "linux", "platform_system": "Linux",
                              "os_name": "posix", "platform_machine": "x86_64",
                              "platform_release": "6.1.0"},
}


def _metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return email.message_from_bytes(z.read(name))


def _unpacked(wheel: Path) -> int:
    with zipfile.ZipFile(wheel) as z:
        return sum(info.file_size for info in z.infolist())


def resolve(wheel: Path, platform: str, version: str, into: Path) -> dict[str, Path]:
    """Every wheel the game needs on ``platform``, by canonical name."""
    env = {"python_version": version, "python_full_version": f"{version}.0",
           "implementation_name": "cpython", "platform_python_implementation": "CPython",
           "extra": "", **PLATFORMS[platform]}
    found: dict[str, Path] = {}
    wanted = [Requirement(r) for r in _metadata(wheel).get_all("Requires-Dist") or []]
    while wanted:
        req = wanted.pop()
        name = canonicalize_name(req.name)
        if (req.marker is not None and not req.marker.evaluate(env)) or name in found:
            continue
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps",
             "--disable-pip-version-check", "--platform", platform, "--only-binary=:all:",
             "--python-version", version, "-d", str(into), f"{req.name}{req.specifier}"],
            capture_output=True, text=True, timeout=300,
        )
        got = [p for p in into.glob("*.whl") if canonicalize_name(p.name.split("-")[0]) == name]
        if not got:
            print(f"{platform}: no wheel for {req}", file=sys.stderr)
            continue
        found[name] = got[0]
        wanted.extend(Requirement(r) for r in _metadata(got[0]).get_all("Requires-Dist") or [])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wheel", type=Path, default=None)
    parser.add_argument("--python-version", default="3.11")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-install-") as tmp:
        wheel = args.wheel
        if wheel is None:
            subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", tmp,
                            str(ROOT)], check=True, capture_output=True, timeout=600)
            wheel = next(Path(tmp).glob("spades_voice-*.whl"))
        for platform in PLATFORMS:
            into = Path(tmp) / platform
            into.mkdir()
            found = resolve(wheel, platform, args.python_version, into)
            wheels = sum(p.stat().st_size for p in found.values()) / 1e6
            unpacked = sum(_unpacked(p) for p in found.values()) / 1e6
            pyobjc = sum(name.startswith("pyobjc") for name in found)
            print(f"{platform}: {len(found)} packages ({pyobjc} pyobjc), wheels {wheels:.1f} MB,"
                  f" unpacked {unpacked:.1f} MB, plus the game {_unpacked(wheel) / 1e6:.1f} MB")
            print("  " + " ".join(sorted(found)))


if __name__ == "__main__":
    main()

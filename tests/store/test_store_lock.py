"""One game per data folder, with real processes and a real operating-system lock.

A second start on a folder another game holds is told so in one sentence and writes,
moves and deletes nothing; the first game goes on saving untouched. A game killed with
SIGKILL holds nothing: the operating system released its lock.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from store_helpers import FakeClock

from spades_voice.store import DATA_DIR_ENV, StoreHooks, load_saved, load_stats
from spades_voice.store.lock import FolderLock

DRIVER = Path(__file__).with_name("kill_driver.py")

#: A second game: open the folder, report what it found, exit without closing anything.
SECOND = textwrap.dedent(
    """
    import json, sys
    from spades_voice.store import StoreHooks
    hooks = StoreHooks(sys.argv[1])
    print(json.dumps({"shared": hooks.in_use_elsewhere(), "notices": hooks.notices(),
                      "offer": hooks.saved_match() is not None}))
    """
)


def _second(data: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", SECOND, str(data)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _first(data: Path, errors: Path) -> subprocess.Popen[str]:
    with errors.open("a") as err:
        return subprocess.Popen(
            [sys.executable, str(DRIVER), "3"],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env={**os.environ, DATA_DIR_ENV: str(data)},
        )


def _saved_lines(proc: subprocess.Popen[str], count: int) -> str:
    assert proc.stdout is not None
    last = ""
    while count:
        line = proc.stdout.readline()
        assert line, "the first game stopped"
        if line.startswith("SAVED"):
            count -= 1
            last = line.split()[1]
    return last


def test_second_process_is_told_and_the_first_is_unharmed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    errors = tmp_path / "stderr.txt"
    first = _first(data, errors)
    try:
        assert first.stdout is not None
        first.stdout.readline()  # START
        _saved_lines(first, 20)
        # Leave a stray temp file as if the first game were mid-write: a second game
        # must not clear it (only the owner may), nor move a file it cannot read.
        (data / ".save.json.inflight.tmp").write_text("{half")
        (data / "settings.json").write_text("not json")
        seen = _second(data)
        assert seen == {"shared": True, "notices": [], "offer": False}
        assert (data / ".save.json.inflight.tmp").exists()
        assert (data / "settings.json").read_text() == "not json"
        assert not [p for p in data.iterdir() if ".unreadable-" in p.name]
        # The first game goes on saving; what it saved still loads (load_saved raises
        # when it cannot; no file at all is the moment between two matches).
        _saved_lines(first, 30)
        load_saved(data / "save.json")
        load_stats(data / "stats.json")
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    assert errors.read_text() == ""
    # Killed, it holds nothing: the next start owns the folder and resumes.
    third = _second(data)
    assert third["shared"] is False


def test_a_closed_game_lets_go_and_the_lock_file_stays(tmp_path: Path) -> None:
    first = StoreHooks(tmp_path, clock=FakeClock())
    assert not first.shared
    other = FolderLock(tmp_path)
    assert not other.acquire()
    first.close()
    assert other.acquire()
    other.release()
    assert (tmp_path / "game.lock").exists()


def test_shared_session_writes_nothing(tmp_path: Path) -> None:
    owner = FolderLock(tmp_path)
    assert owner.acquire()
    try:
        before = sorted(p.name for p in tmp_path.iterdir())
        second = StoreHooks(tmp_path, clock=FakeClock())
        assert second.shared
        from spades_voice.store import Settings

        second.save_settings(Settings(level="hard"))
        second.start_new(None)
        second.close()
        assert sorted(p.name for p in tmp_path.iterdir()) == before
        assert second.notices() == []
    finally:
        owner.release()

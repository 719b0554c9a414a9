"""Warnings and errors go to the log file in the data folder, never to the terminal."""

from __future__ import annotations

import logging
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from spades_voice.speech.logfile import install, log_path, restored, tail


@pytest.fixture
def clean_logging() -> Iterator[None]:
    with restored():
        yield


def test_warnings_errors_and_thread_crashes_go_to_the_file_only(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], clean_logging: None
) -> None:
    path = install(tmp_path / "data")
    assert path == log_path(tmp_path / "data")
    logging.getLogger("spades_voice.speech.chain").warning("screenreader failed: gone")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("a library complains", UserWarning, stacklevel=1)

    def crash() -> None:
        raise RuntimeError("worker broke")

    thread = threading.Thread(target=crash, name="worker")
    thread.start()
    thread.join()
    for handler in logging.getLogger().handlers:
        handler.flush()
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")
    text = path.read_text(encoding="utf-8")
    assert "WARNING spades_voice.speech.chain: screenreader failed: gone" in text
    assert "a library complains" in text
    assert "uncaught error in thread worker" in text and "RuntimeError: worker broke" in text


def test_tail_shows_the_last_lines_and_never_fails(tmp_path: Path) -> None:
    path = tmp_path / "spades-voice.log"
    assert tail(path) == [f"(no log yet at {path})"]
    path.write_text("\n".join(f"line {i}" for i in range(20)) + "\n", encoding="utf-8")
    assert tail(path, 3) == ["line 17", "line 18", "line 19"]
    path.unlink()
    path.mkdir()  # not a file: unreadable, said in one line
    assert tail(path) == [f"(log unreadable: {path})"]


def test_installed_puts_everything_back(tmp_path: Path) -> None:
    from spades_voice.speech.logfile import installed

    root = logging.getLogger()
    before = (list(root.handlers), root.level, threading.excepthook, logging.lastResort)
    with installed(tmp_path) as path:
        assert path is not None
        logging.getLogger("spades_voice.test").warning("inside")
    assert (list(root.handlers), root.level, threading.excepthook, logging.lastResort) == before
    assert "inside" in (tmp_path / "spades-voice.log").read_text(encoding="utf-8")

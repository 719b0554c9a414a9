"""A background task that fails under the live prompt: logged, one sentence, play goes on.

prompt_toolkit's own handler would print the traceback and "Press ENTER to continue"
under the prompt (a screen reader reads it, and the next key is eaten by the wait).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shell_harness import Harness, easy_table

from spades_voice.narration import notices
from spades_voice.speech import Kind
from spades_voice.speech.logfile import installed, log_path


async def _fail() -> None:
    raise RuntimeError("the pace driver tripped")


def test_a_failing_background_task_is_logged_and_said_once(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    with installed(tmp_path):
        harness = Harness(easy_table(3))
        try:
            app = harness.app
            assert app is not None and app.loop is not None
            app.loop.call_soon_threadsafe(lambda: app.create_background_task(_fail()))
            harness.wait_for(lambda: notices.SOMETHING_FAILED in harness.texts(Kind.EVENT))
            # The game plays on: the next key is answered, not eaten by "Press ENTER".
            assert harness.said("w").startswith("You sit South")
        finally:
            harness.close()
    assert harness.texts().count(notices.SOMETHING_FAILED) == 1
    logged = log_path(tmp_path).read_text(encoding="utf-8")
    assert "RuntimeError: the pace driver tripped" in logged
    assert "Traceback" in logged
    out, err = capfd.readouterr()
    for shown in ("Traceback", "tripped", "Unhandled exception", "Press ENTER"):
        assert shown not in out + err


"""Control-C stops ``serve`` quietly: the one line "Server stopped.", no traceback from
the computers' workers (a screen reader would read every line of it out)."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from helpers import game_program


def test_control_c_stops_serve_with_no_traceback_from_the_workers(tmp_path: Path) -> None:
    env = {**os.environ, "SPADES_VOICE_DATA_DIR": str(tmp_path)}
    server = subprocess.Popen(
        [game_program(), "serve", "--bind", "127.0.0.1", "--port", "0", "--no-save"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True,  # a process group of its own, as a terminal's job is
    )
    try:
        assert server.stdout is not None
        # Printed once the workers have started (each has run its start-up).
        assert "Serving shared tables" in server.stdout.readline()
        # Control-C: the terminal sends SIGINT to every process of the foreground group.
        os.killpg(server.pid, signal.SIGINT)
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert "Traceback" not in out + err, err
    assert "KeyboardInterrupt" not in out + err, err
    assert out.strip().endswith("Server stopped.")

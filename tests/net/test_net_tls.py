"""TLS and exposure: ``serve --cert --key`` speaks wss://, clients check the certificate
(a private authority's file may be given), browsers' Origins are refused unless allowed,
and a plain ws:// server beyond this computer is warned about."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import free_port, running_server, serve
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from spades_voice.commands.net_common import exposure_warning
from spades_voice.net.seats.client import JoinRefused, client_tls
from spades_voice.net.seats.remote_table import RemoteTable

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A private certificate authority and a certificate for 127.0.0.1 signed by it."""

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)

    ec = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    run("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "1",
        "-subj", "/CN=Spades test authority")
    run("req", *ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1")
    (folder / "san.cnf").write_text("subjectAltName=IP:127.0.0.1\n")
    run("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", "server.pem", "-days", "1", "-extfile", "san.cnf")
    return folder / "ca.pem", folder / "server.pem", folder / "server.key"


def test_serve_with_a_certificate_speaks_wss_and_clients_check_it(tmp_path: Path) -> None:
    ca, cert, key = make_certificates(tmp_path)
    port = free_port()
    with serve(tmp_path / "data", port, "--cert", str(cert), "--key", str(key)):
        url = f"wss://127.0.0.1:{port}"
        host = RemoteTable.create(url, "Ann", tls=client_tls(str(ca)))
        try:
            guest = RemoteTable.join(url, host.code, "Bo", tls=client_tls(str(ca)))
            guest.close()
            host.start()
        finally:
            host.close()
        # Without the private authority the certificate is not trusted: refused, in words.
        with pytest.raises(JoinRefused, match="certificate is not trusted"):
            RemoteTable.create(url, "Eve", tls=client_tls())
        with pytest.raises(JoinRefused, match="Cannot reach"):
            RemoteTable.create(f"ws://127.0.0.1:{port}", "Eve", open_timeout=3)


def test_a_bad_certificate_file_is_said_plainly(tmp_path: Path) -> None:
    (tmp_path / "junk.pem").write_text("not a certificate")
    proc = subprocess.run(
        [sys.executable, "-m", "spades_voice", "serve", "--port", str(free_port()),
         "--cert", str(tmp_path / "junk.pem"), "--key", str(tmp_path / "junk.pem")],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2 and "Cannot use the certificate" in proc.stdout


def test_browser_origins_are_refused_unless_allowed() -> None:
    with running_server(origins=("https://cards.example",)) as server:
        with pytest.raises(InvalidStatus) as refused, connect(
            server.url, origin="https://evil.example"  # type: ignore[arg-type]
        ):
            pass
        assert refused.value.response.status_code == 403
        with connect(server.url, origin="https://cards.example"):  # type: ignore[arg-type]
            pass
        with connect(server.url):  # programs send no Origin: always welcome
            pass


def test_plain_ws_beyond_this_computer_is_warned_about() -> None:
    assert exposure_warning("127.0.0.1", None) is None
    assert exposure_warning("localhost", None) is None
    assert exposure_warning("::1", None) is None
    warning = exposure_warning("0.0.0.0", None)
    assert warning is not None and "without TLS" in warning
    assert exposure_warning("192.168.1.5", client_tls()) is None


def test_join_checks_the_servers_certificate_against_ca(tmp_path: Path) -> None:
    import os

    import pexpect

    from spades_voice.store import DATA_DIR_ENV, Settings

    ca, cert, key = make_certificates(tmp_path)
    port = free_port()
    data = tmp_path / "player"
    data.mkdir()
    (data / "settings.json").write_bytes(Settings(speech="print").to_bytes())
    env = {**os.environ, DATA_DIR_ENV: str(data), "TERM": "xterm"}
    with serve(tmp_path / "data", port, "--cert", str(cert), "--key", str(key)):
        url = f"wss://127.0.0.1:{port}"
        host = RemoteTable.create(url, "Ann", tls=client_tls(str(ca)))
        try:
            for extra, expected in (
                ([], "its certificate is not trusted"),
                (["--ca", str(ca)], "You sit North. Waiting for the host to start."),
            ):
                child = pexpect.spawn(
                    sys.executable,
                    ["-m", "spades_voice", "join", host.code, "--server", url, "--name", "Bo",
                     *extra],
                    env=env, encoding="utf-8", timeout=30, dimensions=(24, 200),
                )
                try:
                    child.expect(expected)
                finally:
                    child.terminate(force=True)
        finally:
            host.close()

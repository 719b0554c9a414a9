"""Each person hears a shared table in their own language: Ann hosts in Spanish (her own
server runs in her process), Bo joins in English, both through the real server on
127.0.0.1 in pseudo-terminals. The server speaks English, the source; Ann's client says
its notices again in Spanish, and Bo hears them as they came."""

from __future__ import annotations

from pathlib import Path

from test_commands_net import command, free_port


def test_a_spanish_host_and_an_english_guest_each_hear_their_own(tmp_path: Path) -> None:
    port = free_port()
    with command(tmp_path / "ann", "host", "--name", "Ann", "--port", str(port),
                 "--language", "es") as ann:
        ann.expect(r"Código de mesa (\w{4}-\w{4})\. Los demás entran con")
        code = ann.match.group(1)
        ann.expect("Pulsa Intro para empezar")
        with command(tmp_path / "bo", "join", code, "--server", f"127.0.0.1:{port}",
                     "--name", "Bo", "--language", "en") as bo:
            bo.expect("Waiting for the host to start.")
            ann.expect(r"Bo se unió y se sienta en (Oeste|Norte|Este)\.")
            ann.send("\r")
            ann.expect(r"Mano 1\.")
            bo.expect(r"Hand 1\.")
            bo.send("/")
            bo.expect("Say: type a line")
            bo.send("hola Ann\r")
            ann.expect("Bo dice: hola Ann")
            bo.expect("You say: hola Ann")
            bo.send("w")
            bo.expect(r"You sit (West|North|East)\.")
            ann.send("w")
            ann.expect(r"Te sientas en Sur\.")

"""``host --spades-any-time``: the host opens a shared table under the house rule that
spades may be led at any time, and a friend who joins with ``join`` hears it in the rules
(F2). Both commands run in pseudo-terminals, as players run them."""

from __future__ import annotations

from pathlib import Path

import pexpect
from test_commands_net import host_and_guest

F2, DOWN = "\x1bOQ", "\x1b[B"
HOUSE_RULE = "House rule: spades may be led at any time, broken or not."


def _rules_say(child: pexpect.spawn, text: str) -> None:
    """F2, then Down through the whole list of rules (each line is printed as it is said):
    ``text`` is among them."""
    child.send(F2)
    child.expect("Rules. Up and Down move.")
    child.send(DOWN * 12)
    child.expect(text)


def test_a_table_hosted_under_the_house_rule_tells_the_guest(tmp_path: Path) -> None:
    with host_and_guest(tmp_path, "--spades-any-time") as (ann, bo):
        ann.send("\r")  # start the match
        bo.expect(r"Hand 1\.")
        _rules_say(bo, HOUSE_RULE)
        ann.expect(r"Hand 1\.")
        _rules_say(ann, HOUSE_RULE)

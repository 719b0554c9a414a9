"""The fixed parameters of a match: target, blind nil, what a failed nil's tricks do, and
whether spades may be led at any time (a house rule)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields, replace
from typing import Any

from spades_voice.rules.errors import NotAValue, echo
from spades_voice.rules.reasons import Reason, Why


class FailedNilTricks(enum.Enum):
    """Where a nil bidder's tricks go.

    BAGS (default): never toward the partner's contract; each is a bag and +1 point.
    PARTNER: they count toward the partner's contract.
    """

    BAGS = "bags"
    PARTNER = "partner"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Rule switches. ``target=None`` is a single-hand match.

    ``spades_any_time``: the house rule that spades may be led before they are broken
    (off by default: the standard rule). The legality kernel takes it (``legal_mask``).
    """

    target: int | None = 500
    blind_nil: bool = False
    failed_nil_tricks: FailedNilTricks = FailedNilTricks.BAGS
    spades_any_time: bool = False

    def __post_init__(self) -> None:
        if self.target is not None and (
            not isinstance(self.target, int) or isinstance(self.target, bool) or self.target <= 0
        ):
            raise NotAValue(Reason.of(Why.TARGET_NOT_POSITIVE, text=echo(self.target)))

    def to_json(self) -> dict[str, Any]:
        """The record's ``rules`` object. A house rule is written only when it is on, so a
        match under the standard rules reads as it always did."""
        out: dict[str, Any] = {
            "target": self.target,
            "blind_nil": self.blind_nil,
            "failed_nil_tricks": self.failed_nil_tricks.value,
        }
        if self.spades_any_time:
            out["spades_any_time"] = True
        return out

    @classmethod
    def from_json(cls, data: object) -> Ruleset:
        """Read the record's ``rules`` object; missing keys take the defaults."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise NotAValue(Reason(Why.RULES_NOT_OBJECT))
        base = cls()
        target = data.get("target", base.target)
        if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
            raise NotAValue(Reason.of(Why.TARGET_NOT_WHOLE, text=echo(target)))
        blind = data.get("blind_nil", base.blind_nil)
        if not isinstance(blind, bool):
            raise NotAValue(Reason.of(Why.BLIND_NIL_NOT_BOOL, text=echo(blind)))
        fnt = data.get("failed_nil_tricks", base.failed_nil_tricks.value)
        try:
            failed = FailedNilTricks(fnt)
        except ValueError:
            known = (FailedNilTricks.BAGS.value, FailedNilTricks.PARTNER.value)
            raise NotAValue(
                Reason.of(Why.FAILED_NIL_NOT_KNOWN, text=echo(fnt), bags=known[0], partner=known[1])
            ) from None
        any_time = data.get("spades_any_time", base.spades_any_time)
        if not isinstance(any_time, bool):
            raise NotAValue(Reason.of(Why.SPADES_ANY_TIME_NOT_BOOL, text=echo(any_time)))
        return replace(
            base,
            target=target,
            blind_nil=blind,
            failed_nil_tricks=failed,
            spades_any_time=any_time,
        )


#: Every key of a ``rules`` object, house rules included (``to_json`` leaves those out
#: when off): the switches' own names.
RULE_KEYS: tuple[str, ...] = tuple(f.name for f in fields(Ruleset))

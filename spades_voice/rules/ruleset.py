"""The fixed parameters of a match: target, blind nil, what a failed nil's tricks do."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
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
    """Rule switches. ``target=None`` is a single-hand match."""

    target: int | None = 500
    blind_nil: bool = False
    failed_nil_tricks: FailedNilTricks = FailedNilTricks.BAGS

    def __post_init__(self) -> None:
        if self.target is not None and (
            not isinstance(self.target, int) or isinstance(self.target, bool) or self.target <= 0
        ):
            raise NotAValue(Reason.of(Why.TARGET_NOT_POSITIVE, text=echo(self.target)))

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "blind_nil": self.blind_nil,
            "failed_nil_tricks": self.failed_nil_tricks.value,
        }

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
        return replace(base, target=target, blind_nil=blind, failed_nil_tricks=failed)

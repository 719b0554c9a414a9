"""A reason as a value: a kind and its facts (a card, a seat, a suit, a number).

The rules say *why* a decision or a value is refused, never in words: ``narration`` words
a ``Reason`` in the listener's language at the edge, English included (for logs and
``score --json``). The kinds the rules make are the members of ``Why``; other layers make
kinds of their own (a shared table's notices, the wire's errors) with the same carrier.

>>> from spades_voice.rules.cards import Suit
>>> why = Reason.of(Why.MUST_FOLLOW, suit=Suit.HEARTS)
>>> why.kind, why["suit"], str(why)
('must_follow', <Suit.HEARTS: 'H'>, 'must_follow(suit=H)')
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass


class Why(enum.StrEnum):
    """Every kind of reason the rules give; each has words in ``narration.reasons``."""

    # A bid refused (its fields: none).
    BIDDING_OVER = "bidding_over"
    NOT_YOUR_TURN_TO_BID = "not_your_turn_to_bid"
    BLIND_NIL_OFF = "blind_nil_off"
    BLIND_NIL_SEEN = "blind_nil_seen"
    # A card refused (``card``, or the led ``suit``).
    BIDDING_NOT_OVER = "bidding_not_over"
    HAND_OVER = "hand_over"
    NOT_YOUR_TURN = "not_your_turn"
    ALREADY_PLAYED = "already_played"
    NOT_HELD = "not_held"
    SPADES_NOT_BROKEN = "spades_not_broken"
    MUST_FOLLOW = "must_follow"
    CANNOT_PLAY_NOW = "cannot_play_now"
    CANNOT_PLAY_CARD = "cannot_play_card"
    # The match as a whole, looks and undo.
    MATCH_OVER = "match_over"
    NO_HAND = "no_hand"
    NOTHING_TO_UNDO = "nothing_to_undo"
    ONLY_YOU_LOOK = "only_you_look"
    LOOK_NOT_COUNTED = "look_not_counted"
    ALREADY_SEEN = "already_seen"
    # A text or JSON form that is no value (``text``: the wrong value, quoted and cut).
    NOT_A_CARD = "not_a_card"
    NOT_A_SUIT = "not_a_suit"
    NOT_A_RANK = "not_a_rank"
    NOT_A_SEAT = "not_a_seat"
    NOT_A_BID = "not_a_bid"
    NOT_A_RECORD_BID = "not_a_record_bid"
    BID_RANGE = "bid_range"
    BLIND_ONLY_NIL = "blind_only_nil"
    # A deal that is not one (``seat``, ``number``, ``card``).
    NOT_THIRTEEN = "not_thirteen"
    DEALT_TWICE = "dealt_twice"
    HELD_TWICE = "held_twice"
    DECK_INCOMPLETE = "deck_incomplete"
    # A ruleset that is not one (``text``).
    TARGET_NOT_POSITIVE = "target_not_positive"
    RULES_NOT_OBJECT = "rules_not_object"
    TARGET_NOT_WHOLE = "target_not_whole"
    BLIND_NIL_NOT_BOOL = "blind_nil_not_bool"
    SPADES_ANY_TIME_NOT_BOOL = "spades_any_time_not_bool"
    FAILED_NIL_NOT_KNOWN = "failed_nil_not_known"
    # The record reader (``text``, ``number``, ``line``, ``column``).
    RECORD_NOT_OBJECT = "record_not_object"
    RECORD_FORMAT = "record_format"
    NOT_A_LIST = "not_a_list"
    NOT_AN_OBJECT = "not_an_object"
    BAD_DEALER = "bad_dealer"
    DEAL_NOT_SEATS = "deal_not_seats"
    NOT_THIRTEEN_LIST = "not_thirteen_list"
    TOO_MANY_BIDS = "too_many_bids"
    TOO_MANY_CARDS = "too_many_cards"
    TOO_MANY_SEATS = "too_many_seats"
    SEAT_TWICE = "seat_twice"
    NOT_JSON = "record_not_json"
    ALREADY_WON = "already_won"
    UNFINISHED = "unfinished"


def _code(value: object) -> str:
    """A fact in the short form a log line can hold: a card's, suit's or seat's code."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    code = getattr(value, "code", None)
    return str(code) if isinstance(code, str | int) else str(value)


@dataclass(frozen=True, slots=True)
class Reason:
    """A ``kind`` (a ``Why`` or another layer's kind) and its named ``facts``.

    A fact is a rules value (``Card``, ``Suit``, ``Seat``, ``Bid``), an ``int``, a ``str``
    that is data (a name, a quoted wrong value), or a ``Reason`` nested in this one.
    ``str()`` is the value's short form for a log, never a sentence to speak.
    """

    kind: str
    facts: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, kind: str, **facts: object) -> Reason:
        return cls(str(kind), tuple(facts.items()))

    def __getitem__(self, name: str) -> object:
        for key, value in self.facts:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Iterator[tuple[str, object]]:
        return iter(self.facts)

    def __str__(self) -> str:
        inner = ", ".join(f"{key}={_code(value)}" for key, value in self.facts)
        return f"{self.kind}({inner})" if inner else self.kind


__all__ = ["Reason", "Why"]

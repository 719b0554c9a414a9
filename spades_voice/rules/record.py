"""The ``spades-record/1`` format: the whole story of a match as JSON.

Readers and writers take open text streams, never paths. ``parse_record`` checks the
shape and names the field and hand of anything malformed (``RecordError``);
``replay_record`` then applies every decision and reports the first illegal one with its
position (``RecordIllegal``), with the same reason the game gives. Both carry their reason as
a value (``Reason``); ``narration`` words it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any, TypeVar

from spades_voice.rules.bids import Bid
from spades_voice.rules.cards import Card
from spades_voice.rules.errors import IllegalAction, Refused, echo
from spades_voice.rules.hand import Deal, Phase
from spades_voice.rules.match import DealtHand, Decision, Look, Match, MatchState
from spades_voice.rules.reasons import Reason, Why
from spades_voice.rules.ruleset import Ruleset
from spades_voice.rules.seats import SEATS, Seat

FORMAT = "spades-record/1"
T = TypeVar("T")


class RecordError(Refused):
    """The data is not a well-formed record. ``hand`` is 1-based where one is to blame."""

    def __init__(
        self, reason: Reason, *, field: str | None = None, hand: int | None = None
    ) -> None:
        super().__init__(reason)
        self.field = field
        self.hand = hand

    def __str__(self) -> str:
        return f"{self.where_json()} {self.reason}"

    def where_json(self) -> dict[str, Any]:
        """Where the fault is (``hand``, ``field``); ``narration`` adds the worded reason."""
        out: dict[str, Any] = {}
        if self.hand is not None:
            out["hand"] = self.hand
        if self.field is not None:
            out["field"] = self.field
        return out


class RecordIllegal(Refused):
    """A well-formed record with a decision the rules refuse."""

    def __init__(
        self,
        reason: Reason,
        *,
        hand: int,
        seat: Seat | None = None,
        play: int | None = None,
        card: Card | None = None,
        bid: int | None = None,
    ) -> None:
        super().__init__(reason)
        self.hand = hand
        self.seat = seat
        self.play = play
        self.card = card
        self.bid = bid

    def __str__(self) -> str:
        return f"{self.where_json()} {self.reason}"

    def where_json(self) -> dict[str, Any]:
        """Where the decision is (``hand``, ``bid`` or ``play``, ``seat``, ``card``);
        ``narration`` adds the worded reason."""
        out: dict[str, Any] = {"hand": self.hand}
        if self.bid is not None:
            out["bid"] = self.bid
        if self.play is not None:
            out["play"] = self.play
        if self.seat is not None:
            out["seat"] = self.seat.value
        if self.card is not None:
            out["card"] = self.card.code
        return out


@dataclass(frozen=True, slots=True)
class RecordHand:
    dealer: Seat
    deal: Deal
    bids: tuple[Bid, ...]
    plays: tuple[Card, ...]
    #: Seats that saw their cards in this hand while blind nil was open to be bid.
    looked: tuple[Seat, ...] = ()

    @property
    def decisions(self) -> Iterator[Decision]:
        """Bids, looks, then cards. The record does not say when a seat looked, only
        that it did; after the bids is the one place every legal hand allows (a seat that
        bid blind nil may look once it has bid), and replay gives the same state."""
        yield from self.bids
        yield from (Look(seat) for seat in self.looked)
        yield from self.plays


@dataclass(frozen=True, slots=True)
class Record:
    ruleset: Ruleset
    hands: tuple[RecordHand, ...]

    def to_match(self) -> Match:
        """The match as a value (deals fixed, no seed). Does not check legality."""
        decisions: list[Decision] = []
        for h in self.hands:
            decisions.extend(h.decisions)
        return Match(
            ruleset=self.ruleset,
            seed=None,
            decisions=tuple(decisions),
            deals=tuple(DealtHand(h.dealer, h.deal) for h in self.hands),
        )


# ---- reading ------------------------------------------------------------------------


def parse_record(data: object) -> Record:
    """Check the shape of decoded JSON and build a ``Record``; raises RecordError."""
    ruleset, raw_hands = _parse_head(data)
    hands = tuple(_parse_hand(h, i + 1) for i, h in enumerate(raw_hands))
    return Record(ruleset, hands)


def _parse_head(data: object) -> tuple[Ruleset, list[Any]]:
    """The format, the rules and the list of hands (not yet read)."""
    if not isinstance(data, dict):
        raise RecordError(Reason(Why.RECORD_NOT_OBJECT))
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(
            Reason.of(Why.RECORD_FORMAT, text=echo(fmt), format=FORMAT), field="format"
        )
    try:
        ruleset = Ruleset.from_json(data.get("rules"))
    except Refused as e:
        raise RecordError(e.reason, field="rules") from None
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list):
        raise RecordError(Reason(Why.NOT_A_LIST), field="hands")
    return ruleset, raw_hands


def parse_and_replay(data: object) -> tuple[Record, MatchState]:
    """``parse_record(data)`` and its ``replay_record``, reading hands only as far as the match
    goes: the replay stops at the first hand after the match was won (or at the first
    illegal decision), and nothing after it is read. Raises RecordError or RecordIllegal,
    whichever comes first in the record.

    Hands are read in growing batches and the match replayed from the start after each
    (a match state takes its deals when it is made), so the work stays proportional to
    the hands actually needed.
    """
    ruleset, raw_hands = _parse_head(data)
    hands: list[RecordHand] = []
    batch = 4
    while True:
        upto = min(len(raw_hands), len(hands) + batch)
        try:
            for i in range(len(hands), upto):
                hands.append(_parse_hand(raw_hands[i], i + 1))
        except RecordError:
            # A malformed hand counts only if the match had not already ended before it.
            state = replay_record(Record(ruleset, tuple(hands)))
            if state.winner is not None:
                raise RecordIllegal(_won_after(len(hands)), hand=len(hands) + 1) from None
            raise
        state = replay_record(Record(ruleset, tuple(hands)))
        more = len(raw_hands) > len(hands)
        if state.winner is not None and more:
            raise RecordIllegal(_won_after(len(hands)), hand=len(hands) + 1)
        if not more:
            return Record(ruleset, tuple(hands)), state
        batch *= 2


def _parse_hand(raw: object, number: int) -> RecordHand:
    if not isinstance(raw, dict):
        raise RecordError(Reason(Why.NOT_AN_OBJECT), hand=number, field="hands")
    try:
        dealer = Seat.from_code(raw.get("dealer"))  # type: ignore[arg-type]
    except (ValueError, AttributeError):
        raise RecordError(
            Reason.of(Why.BAD_DEALER, text=echo(raw.get("dealer")), seats=_quoted_seats()),
            hand=number,
            field="dealer",
        ) from None
    raw_deal = raw.get("deal")
    if not isinstance(raw_deal, dict):
        raise RecordError(Reason.of(Why.DEAL_NOT_SEATS, seats=_seats()), hand=number, field="deal")
    held: dict[Seat, list[Card]] = {}
    for seat in SEATS:
        codes = raw_deal.get(seat.value)
        if not isinstance(codes, list):
            raise RecordError(
                Reason(Why.NOT_THIRTEEN_LIST), hand=number, field=f"deal.{seat.value}"
            )
        try:
            held[seat] = [Card.from_code(c) for c in codes]
        except Refused as e:
            raise RecordError(e.reason, hand=number, field=f"deal.{seat.value}") from None
    try:
        deal = Deal.from_hands(held)
    except Refused as e:
        raise RecordError(e.reason, hand=number, field="deal") from None
    bids = _parse_list(raw, "bids", 4, Why.TOO_MANY_BIDS, Bid.from_json, number)
    plays = _parse_list(raw, "plays", 52, Why.TOO_MANY_CARDS, Card.from_code, number)
    looked = _parse_list(raw, "looked", 4, Why.TOO_MANY_SEATS, Seat.from_code, number)
    if len(set(looked)) < len(looked):
        raise RecordError(Reason(Why.SEAT_TWICE), hand=number, field="looked")
    return RecordHand(dealer, deal, bids, plays, looked)


def _seats() -> str:
    """The seats' codes as a record writes them, for a reason's facts: S, W, N, E."""
    return ", ".join(seat.value for seat in SEATS)


def _quoted_seats() -> str:
    return ", ".join(f'"{seat.value}"' for seat in SEATS)


def _parse_list(
    raw: dict[str, Any],
    field: str,
    limit: int,
    too_many: Why,
    parse: Callable[[Any], T],
    number: int,
) -> tuple[T, ...]:
    """``raw[field]``: a list of at most ``limit`` items, each read by ``parse``."""
    items = raw.get(field, [])
    if not isinstance(items, list) or len(items) > limit:
        raise RecordError(Reason.of(too_many, number=limit), hand=number, field=field)
    out: list[T] = []
    for i, item in enumerate(items):
        try:
            out.append(parse(item))
        except Refused as e:
            raise RecordError(e.reason, hand=number, field=f"{field}[{i}]") from None
    return tuple(out)


def read_record(stream: IO[str]) -> Record:
    """Read a record from an open text stream; raises RecordError if it is not one."""
    try:
        data = json.load(stream)
    except json.JSONDecodeError as e:
        where = Reason.of(Why.NOT_JSON, text=e.msg, line=e.lineno, column=e.colno)
        raise RecordError(where) from None
    return parse_record(data)


def _won_after(hands: int) -> Reason:
    return Reason.of(Why.ALREADY_WON, number=hands)


def replay_record(record: Record) -> MatchState:
    """Apply every decision of ``record``; raises RecordIllegal at the first refused one."""
    state = MatchState(
        Match(
            ruleset=record.ruleset,
            deals=tuple(DealtHand(h.dealer, h.deal) for h in record.hands),
        )
    )
    for number, rh in enumerate(record.hands, start=1):
        if state.winner is not None:
            raise RecordIllegal(_won_after(number - 1), hand=number)
        hand = state.hand
        assert hand is not None and state.hand_number == number
        for i, bid in enumerate(rh.bids, start=1):
            actor = hand.to_act
            try:
                state.apply(bid)
            except IllegalAction as e:
                raise RecordIllegal(e.reason, hand=number, bid=i, seat=actor) from None
        for seat in rh.looked:
            try:
                state.apply(Look(seat))
            except IllegalAction as e:
                raise RecordIllegal(e.reason, hand=number, seat=seat) from None
        for i, c in enumerate(rh.plays, start=1):
            actor = hand.to_act
            try:
                state.apply(c)
            except IllegalAction as e:
                raise RecordIllegal(e.reason, hand=number, play=i, seat=actor, card=c) from None
        if hand.phase is not Phase.DONE and number < len(record.hands):
            raise RecordIllegal(Reason.of(Why.UNFINISHED, number=number), hand=number)
    return state


# ---- writing ------------------------------------------------------------------------


def to_record(state: MatchState | Match) -> dict[str, Any]:
    """The record of ``state`` (or of a match value, replayed): every dealt hand with a
    decision in it, in order."""
    if isinstance(state, Match):
        state = MatchState(state)
    hands: list[dict[str, Any]] = []
    by_hand = state.decisions_by_hand()
    for number, (dealt, mine) in enumerate(zip(state.dealt, by_hand, strict=True), start=1):
        finished = number <= len(state.outcomes)
        if not mine and not finished:
            continue
        hand: dict[str, Any] = {
            "dealer": dealt.dealer.value,
            "deal": dealt.deal.to_json(),
            "bids": [d.to_json() for d in mine if isinstance(d, Bid)],
            "plays": [d.code for d in mine if isinstance(d, Card)],
        }
        looked = [d.seat.value for d in mine if isinstance(d, Look)]
        if looked:  # written only when someone looked, so older readers see no change
            hand["looked"] = looked
        hands.append(hand)
    return {"format": FORMAT, "rules": state.ruleset.to_json(), "hands": hands}


def write_record(state: MatchState | Match, stream: IO[str]) -> None:
    json.dump(to_record(state), stream, indent=1)
    stream.write("\n")


def dumps_record(state: MatchState | Match) -> str:
    return json.dumps(to_record(state), indent=1) + "\n"


__all__ = [
    "FORMAT",
    "Record",
    "RecordError",
    "RecordHand",
    "RecordIllegal",
    "dumps_record",
    "parse_and_replay",
    "parse_record",
    "read_record",
    "replay_record",
    "to_record",
    "write_record",
]

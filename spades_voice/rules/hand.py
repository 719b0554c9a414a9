"""One hand: the deal, four bids, 52 plays in 13 tricks.

``HandState`` is a position that changes by ``place_bid`` and ``play`` (the OpenSpiel
``apply_action`` model); ``clone`` copies it. Holdings are int bitmasks over
``Card.index`` so the play loop stays cheap; the public methods speak in ``Card``,
``Seat`` and ``Bid`` values.

Legality and its reason come from one place: ``kernel.legal_mask`` decides (the same
function the computers' playouts call), and ``refusal`` gives the reason (a value) for a
card it leaves out. The
trick winner is ``kernel.BEATERS``, also shared.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from spades_voice.rules.bids import BID_CHOICES, BLIND_NIL, Bid
from spades_voice.rules.cards import CARDS, SUITS, Card, Suit, cards_of, mask_of
from spades_voice.rules.errors import IllegalBid, IllegalPlay, NotAValue
from spades_voice.rules.kernel import BEATERS, DECK, SUIT_MASKS, legal_mask, trick_winner
from spades_voice.rules.reasons import Reason, Why
from spades_voice.rules.ruleset import Ruleset
from spades_voice.rules.seats import SEATS, Seat


class Phase(enum.Enum):
    BIDDING = "bidding"
    PLAYING = "playing"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class Deal:
    """Thirteen cards for each seat, as bitmasks indexed by ``Seat.index``."""

    masks: tuple[int, int, int, int]
    #: Card indexes in the order they came off the shuffled deck, seat by seat, when that
    #: is known (a shuffled deal); empty for a deal read as sets of cards (records). Not
    #: part of the deal's identity: it only lets a player keep the cards as dealt.
    order: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        seen = 0
        for seat, m in zip(SEATS, self.masks, strict=True):
            if m.bit_count() != 13:
                raise NotAValue(Reason.of(Why.NOT_THIRTEEN, seat=seat, number=m.bit_count()))
            if seen & m:
                dup = cards_of(seen & m)[0]
                raise NotAValue(Reason.of(Why.DEALT_TWICE, card=dup))
            seen |= m
        if seen != DECK:  # pragma: no cover - implied by 4 × 13 disjoint cards
            raise NotAValue(Reason(Why.DECK_INCOMPLETE))

    @classmethod
    def random(cls, rng: random.Random) -> Deal:
        """A shuffled deal drawn from ``rng`` (sorting by random keys: cheaper than shuffle)."""
        keys = [rng.random() for _ in range(52)]
        order = sorted(range(52), key=keys.__getitem__)
        # The bits are distinct, so summing them is the same as or-ing them.
        return cls(
            (
                sum(1 << i for i in order[0:13]),
                sum(1 << i for i in order[13:26]),
                sum(1 << i for i in order[26:39]),
                sum(1 << i for i in order[39:52]),
            ),
            tuple(order),
        )

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Iterable[Card]]) -> Deal:
        lists = {seat: list(hands[seat]) for seat in SEATS}
        for seat, held in lists.items():
            if len(held) != len(set(held)):
                raise NotAValue(Reason.of(Why.HELD_TWICE, seat=seat))
        m = [mask_of(lists[seat]) for seat in SEATS]
        return cls((m[0], m[1], m[2], m[3]))

    def cards(self, seat: Seat) -> tuple[Card, ...]:
        return cards_of(self.masks[seat.index])

    def as_dealt(self, seat: Seat) -> tuple[Card, ...]:
        """``seat``'s thirteen cards in the order they were dealt; empty when unknown."""
        if not self.order:
            return ()
        start = 13 * seat.index
        return tuple(CARDS[i] for i in self.order[start : start + 13])

    def to_json(self) -> dict[str, list[str]]:
        return {seat.value: [c.code for c in self.cards(seat)] for seat in SEATS}


@dataclass(frozen=True, slots=True)
class Trick:
    """Cards played to one trick, in order, starting with ``leader``."""

    leader: Seat
    cards: tuple[Card, ...]

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple((self.leader.after(i), c) for i, c in enumerate(self.cards))

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def winning(self) -> tuple[Seat, Card] | None:
        """Who is winning so far (or won), and with which card."""
        if not self.cards:
            return None
        win_i, win_seat = trick_winner([c.index for c in self.cards], self.leader.index)
        return SEATS[win_seat], Card.from_index(win_i)

    @property
    def winner(self) -> Seat | None:
        """The seat that took a complete trick; None while it is in progress."""
        if not self.complete:
            return None
        won = self.winning
        return won[0] if won else None


class HandState:
    """A hand in progress. Seats act in turn; ``to_act`` says who."""

    __slots__ = (
        "_bid_order",
        "_bids",
        "_broken",
        "_held",
        "_led_mask",
        "_phase",
        "_plays",
        "_seen",
        "_to_act",
        "_trick",
        "_trick_leader",
        "_trick_values",
        "_tricks",
        "_void",
        "_win_idx",
        "_win_seat",
        "_won",
        "deal",
        "dealer",
        "ruleset",
    )

    def __init__(self, ruleset: Ruleset, dealer: Seat, deal: Deal) -> None:
        self.ruleset = ruleset
        self.dealer = dealer
        self.deal = deal
        self._held = list(deal.masks)
        self._bids: list[Bid | None] = [None, None, None, None]
        self._bid_order: list[Seat] = []
        self._plays: list[Card] = []
        self._trick: list[Card] = []
        self._trick_leader = dealer.next.index
        self._led_mask = 0  # the led suit's mask while a trick is in progress, else 0
        self._win_idx = -1
        self._win_seat = -1
        self._to_act = dealer.next.index
        self._tricks: list[tuple[int, list[Card]]] = []
        self._trick_values: list[Trick] = []  # Trick values of _tricks, built on demand
        self._won = [0, 0, 0, 0]
        self._broken = False
        self._void = [0, 0, 0, 0]  # per seat, bit i set = shown out of SUITS[i]
        self._seen = 0  # per seat bit: has seen their cards (closes blind nil)
        self._phase = Phase.BIDDING

    def clone(self) -> HandState:
        other = HandState.__new__(HandState)
        other.ruleset = self.ruleset
        other.dealer = self.dealer
        other.deal = self.deal
        other._held = self._held[:]
        other._bids = self._bids[:]
        other._bid_order = self._bid_order[:]
        other._plays = self._plays[:]
        other._trick = self._trick[:]
        other._trick_leader = self._trick_leader
        other._led_mask = self._led_mask
        other._win_idx = self._win_idx
        other._win_seat = self._win_seat
        other._to_act = self._to_act
        other._tricks = self._tricks[:]
        other._trick_values = self._trick_values[:]
        other._won = self._won[:]
        other._broken = self._broken
        other._void = self._void[:]
        other._seen = self._seen
        other._phase = self._phase
        return other

    def __eq__(self, other: object) -> bool:
        """Every field, derived or not: a ``clone`` that dropped one must not compare equal.

        ``_trick_values`` is a cache of ``_tricks`` built on demand, so it is left out.
        """
        if not isinstance(other, HandState):
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name)
            for name in HandState.__slots__
            if name != "_trick_values"
        )

    __hash__ = None  # type: ignore[assignment]

    # ---- what anyone may see -------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> Seat | None:
        """The seat whose decision is next; None when the hand is over."""
        return None if self._phase is Phase.DONE else SEATS[self._to_act]

    @property
    def bids(self) -> tuple[tuple[Seat, Bid], ...]:
        """Bids placed so far, in bidding order."""
        out: list[tuple[Seat, Bid]] = []
        for seat in self._bid_order:
            bid = self._bids[seat.index]
            assert bid is not None
            out.append((seat, bid))
        return tuple(out)

    def bid_of(self, seat: Seat) -> Bid | None:
        return self._bids[seat.index]

    @property
    def plays(self) -> tuple[Card, ...]:
        return tuple(self._plays)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Completed tricks, oldest first."""
        values = self._trick_values
        for lead, cs in self._tricks[len(values) :]:
            values.append(Trick(SEATS[lead], tuple(cs)))
        return tuple(values)

    @property
    def tricks_played(self) -> int:
        return len(self._tricks)

    @property
    def current_trick(self) -> Trick:
        """The trick being played (possibly empty)."""
        return Trick(SEATS[self._trick_leader], tuple(self._trick))

    def tricks_won(self, seat: Seat) -> int:
        return self._won[seat.index]

    @property
    def tricks_by_seat(self) -> dict[Seat, int]:
        return {seat: self._won[seat.index] for seat in SEATS}

    @property
    def spades_broken(self) -> bool:
        """True once any spade has been played this hand."""
        return self._broken

    def shown_out(self, seat: Seat) -> frozenset[Suit]:
        """Suits this seat has shown it holds none of (by not following)."""
        v = self._void[seat.index]
        return frozenset(s for i, s in enumerate(SUITS) if v >> i & 1)

    @property
    def boston(self) -> Seat | None:
        """A seat whose team took all 13 tricks (the team's first seat), else None."""
        if self._phase is not Phase.DONE:
            return None
        for seat in (Seat.S, Seat.W):
            if self._won[seat.index] + self._won[seat.partner.index] == 13:
                return seat
        return None

    def seen(self, seat: Seat) -> bool:
        return bool(self._seen >> seat.index & 1)

    # ---- what only the holder may see ----------------------------------------------

    def held(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` still holds, spades first, each suit low to high."""
        return cards_of(self._held[seat.index])

    def held_mask(self, seat: Seat) -> int:
        return self._held[seat.index]

    # ---- bidding -------------------------------------------------------------------

    def reveal(self, seat: Seat) -> None:
        """Record that ``seat`` has seen its cards: blind nil is no longer open to it."""
        self._seen |= 1 << seat.index

    def bid_refusal(self, bid: Bid, seat: Seat | None = None) -> Reason | None:
        """Why ``bid`` cannot be placed now (by ``seat`` if given), or None if it can."""
        if self._phase is not Phase.BIDDING:
            return Reason(Why.BIDDING_OVER)
        if seat is not None and seat.index != self._to_act:
            return Reason(Why.NOT_YOUR_TURN_TO_BID)
        if bid.blind:
            if not self.ruleset.blind_nil:
                return Reason(Why.BLIND_NIL_OFF)
            if self._seen >> self._to_act & 1:
                return Reason(Why.BLIND_NIL_SEEN)
        return None

    def legal_bids(self) -> tuple[Bid, ...]:
        if self._phase is not Phase.BIDDING:
            return ()
        extra = (BLIND_NIL,) if self.bid_refusal(BLIND_NIL) is None else ()
        return extra + BID_CHOICES

    def place_bid(self, bid: Bid, seat: Seat | None = None) -> None:
        reason = self.bid_refusal(bid, seat)
        if reason is not None:
            raise IllegalBid(reason)
        actor = SEATS[self._to_act]
        self._bids[self._to_act] = bid
        self._bid_order.append(actor)
        self._to_act = (self._to_act + 1) % 4
        if len(self._bid_order) == 4:
            self._phase = Phase.PLAYING
            self._to_act = self.dealer.next.index
            self._trick_leader = self._to_act

    # ---- play ----------------------------------------------------------------------

    def _legal_mask(self) -> int:
        held = self._held[self._to_act]
        return legal_mask(held, self._led_mask, self._broken, self.ruleset.spades_any_time)

    def legal_mask(self) -> int:
        """Bitmask of the cards the seat to act may play (0 outside play)."""
        return self._legal_mask() if self._phase is Phase.PLAYING else 0

    def legal_cards(self) -> tuple[Card, ...]:
        """Cards the seat to act may play, spades first, low to high."""
        if self._phase is not Phase.PLAYING:
            return ()
        held = self._held[self._to_act]
        return cards_of(
            legal_mask(held, self._led_mask, self._broken, self.ruleset.spades_any_time)
        )

    def refusal(self, card: Card, seat: Seat | None = None) -> Reason | None:
        """Why ``card`` cannot be played now (by ``seat`` if given); None if it can.

        Said to the player who tried it, so ``narration`` words it with "you".
        """
        if self._phase is Phase.BIDDING:
            return Reason(Why.BIDDING_NOT_OVER)
        if self._phase is Phase.DONE:
            return Reason(Why.HAND_OVER)
        if seat is not None and seat.index != self._to_act:
            return Reason(Why.NOT_YOUR_TURN)
        bit = 1 << card.index
        if not self._held[self._to_act] & bit:
            if card in self._plays:
                return Reason.of(Why.ALREADY_PLAYED, card=card)
            return Reason.of(Why.NOT_HELD, card=card)
        if self._legal_mask() & bit:
            return None
        if not self._trick:
            return Reason(Why.SPADES_NOT_BROKEN)
        return Reason.of(Why.MUST_FOLLOW, suit=self._trick[0].suit)

    def play(self, card: Card, seat: Seat | None = None) -> None:
        """Play ``card`` for the seat to act; raises IllegalPlay with the reason."""
        actor = self._to_act
        if self._phase is not Phase.PLAYING or (seat is not None and seat.index != actor):
            raise IllegalPlay(self.refusal(card, seat) or Reason(Why.CANNOT_PLAY_NOW))
        idx = card.index
        bit = 1 << idx
        held = self._held[actor]
        trick = self._trick
        if not legal_mask(held, self._led_mask, self._broken, self.ruleset.spades_any_time) & bit:
            raise IllegalPlay(self.refusal(card) or Reason(Why.CANNOT_PLAY_CARD))
        self._held[actor] = held ^ bit
        self._plays.append(card)
        if idx < 13:
            self._broken = True
        if not trick:
            self._trick_leader = actor
            self._led_mask = SUIT_MASKS[idx // 13]
            self._win_idx = idx
            self._win_seat = actor
        else:
            if not self._led_mask & bit:
                self._void[actor] |= 1 << (trick[0].index // 13)
            if BEATERS[self._win_idx] & bit:
                self._win_idx = idx
                self._win_seat = actor
        trick.append(card)
        if len(trick) == 4:
            winner = self._win_seat
            # Stored raw; Trick values are built only when someone asks (see ``tricks``).
            self._tricks.append((self._trick_leader, trick))
            self._won[winner] += 1
            self._trick = []
            self._led_mask = 0
            self._win_idx = -1
            self._win_seat = -1
            self._trick_leader = winner
            self._to_act = winner
            if len(self._tricks) == 13:
                self._phase = Phase.DONE
        else:
            self._to_act = (actor + 1) % 4

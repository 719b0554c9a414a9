"""Where the player is in their hand and in the bid list, and what of it they have heard.

Reading never moves the focus (the screen is drawn from ``focused`` as often as
prompt_toolkit likes). The focus is this part's own: the keys and the hint move it only
by asking it (``put``, ``hear``, ``move_bid``, ``choose_bid``, ``hear_bid``, ``take``,
``next_order``), never by setting its fields.
"""

from __future__ import annotations

from dataclasses import dataclass

from spades_voice.ai import sure_tricks
from spades_voice.narration import hand_order, prompts
from spades_voice.options import HandOrder
from spades_voice.rules import BID_CHOICES, Bid, Card, Move, Phase, SeatView

#: Where the bid list starts until the player's cards are known: 3 is a common bid, and
#: never nil by accident. Once they are, it starts on the player's sure tricks.
BID_START = 3


@dataclass
class Focus:
    """The focused card and bid, the hand's order, and what was last said of them."""

    order: HandOrder = HandOrder.SUIT
    #: The focused card, and its place in the hand for when that card has gone.
    place: int = 0
    card: Card | None = None
    #: The card last named as the focus (moving, a jump, a hint, a first Enter): Enter
    #: plays at once only the card the player heard; any other it names first.
    heard: Card | None = None
    #: The focused place in ``BID_CHOICES``.
    bid: int = BID_START
    #: The focused bid has been said since it last changed: Enter places only what was
    #: heard ("nothing placed that was not spoken").
    bid_heard: bool = False

    def new_deal(self) -> None:
        """A new hand: the focus starts over, and nothing of it has been heard."""
        self.place, self.card, self.bid = 0, None, BID_START
        self.heard = None  # the same card may come again in this deal

    def ordered(self, cards: tuple[Card, ...], view: SeatView) -> list[Card]:
        """``cards`` in the hand order the player chose."""
        return hand_order(cards, self.order, view.dealt)

    def focused(self, view: SeatView) -> tuple[list[Card], int]:
        """The hand in order and the focused place in it (-1 when empty). Reads only: the
        focused card if still held, else the same place, kept within the hand."""
        cards = self.ordered(view.hand, view)
        if not cards:
            return cards, -1
        if self.card in cards:
            return cards, cards.index(self.card)
        return cards, max(0, min(self.place, len(cards) - 1))

    def put(self, cards: list[Card], index: int) -> None:
        """Focus ``cards[index]``; the caller names it, so it counts as heard."""
        self.place, self.card = index, cards[index]
        self.heard = cards[index]

    def hear(self, card: Card | None) -> None:
        """``card`` was named as the focus (a first Enter names it), or None: nothing is
        heard (moves were taken back)."""
        self.heard = card

    def turn_begins(self, view: SeatView) -> None:
        """Start a turn to play on a card that can be played: the focused card if it can,
        else the first that can, so Left/Right begin among real choices."""
        if view.legal_cards and self.card not in view.legal_cards:
            self.card = self.ordered(view.legal_cards, view)[0]

    @property
    def bid_choice(self) -> Bid:
        return BID_CHOICES[self.bid]

    def move_bid(self, where: str) -> Bid:
        """Move in the bid list ("first", "last", or a step: "previous"/"up",
        "next"/"down"), staying within it; the caller says the bid, so it is heard."""
        last = len(BID_CHOICES) - 1
        step = {"previous": -1, "up": -1, "next": 1, "down": 1}
        if where == "first":
            self.bid = 0
        elif where == "last":
            self.bid = last
        else:
            self.bid = max(0, min(last, self.bid + step[where]))
        return self.hear_bid()

    def choose_bid(self, bid: Bid) -> None:
        """Focus ``bid`` (a bid key, the hint); the caller says it, so it is heard."""
        self.bid = BID_CHOICES.index(bid)
        self.bid_heard = True

    def hear_bid(self) -> Bid:
        """The focused bid is said now: Enter may place it. The bid to say."""
        self.bid_heard = True
        return self.bid_choice

    def take(self, decision: Move) -> None:
        """Focus what the hint suggests (it names it), so Enter takes it and moving starts
        from it."""
        if isinstance(decision, Bid):
            if decision in BID_CHOICES:
                self.choose_bid(decision)
        else:
            self.card = self.heard = decision

    def next_order(self, *, dealt_known: bool) -> HandOrder:
        """The next hand order (as dealt only when the deal's order is known)."""
        self.order = self.order.following(dealt_known=dealt_known)
        return self.order

    def bid_from_hand(self, view: SeatView) -> Bid:
        """Focus the bid list on the player's sure tricks; the value to say."""
        self.bid = BID_CHOICES.index(Bid(sure_tricks(view.hand))) if view.hand else 0
        return BID_CHOICES[self.bid]

    def bid_prompt(self, view: SeatView) -> str:
        """ "Your bid. 3 selected." with the list on the sure tricks: heard from now on."""
        self.bid_heard = True
        return prompts.your_bid(self.bid_from_hand(view))

    @staticmethod
    def playable(view: SeatView, card: Card) -> bool | None:
        """Whether ``card`` can be played now; None when it is not the player's card turn."""
        if view.phase is Phase.PLAYING and view.my_turn:
            return card in view.legal_cards
        return None


def blind_open(view: SeatView) -> bool:
    """Blind nil is still open to the player this hand (they have not seen their cards)."""
    return (
        view.ruleset.blind_nil
        and view.phase is Phase.BIDDING
        and not view.hand_seen
        and view.bid_of(view.seat) is None
    )

"""What each query key says: pure functions of one seat's view.

Every function takes a ``SeatView`` (what the player may know) and a ``Cast`` (who is
who) and returns one short paragraph. Same view in, same words out. None of them can
name a card held by another seat, because a ``SeatView`` does not hold one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades_voice.narration.breaths import BREATH
from spades_voice.narration.hints import hint_cards
from spades_voice.narration.language import N_, _, ngettext, pgettext
from spades_voice.narration.lines import Line, own, sentences
from spades_voice.narration.naming import (
    bid_name,
    card_name,
    rank_name,
    seat_name,
    suit_name,
    the_card,
)
from spades_voice.narration.reasons import say_reason
from spades_voice.narration.words import Cast, by_suit, cap, hand_order, join
from spades_voice.options import HandOrder
from spades_voice.rules import (
    SUITS,
    Bid,
    Card,
    HandOutcome,
    Phase,
    Seat,
    SeatView,
    Suit,
    Trick,
)

#: Cards a sentence when the hand is said as dealt.
DEALT_RUN = 3

if TYPE_CHECKING:  # the AI is not imported at start-up just for a type
    from spades_voice.ai import Hint

# ---- H: the hand --------------------------------------------------------------------


def hand_summary(view: SeatView, order: HandOrder = HandOrder.SUIT) -> str | Line:
    """ "Spades: ace, 10, 4. Hearts: king, 9. Diamonds: none. ... 3 spades." By rank:
    "Ace: spades, hearts. King: clubs. ... 3 spades." As dealt: "As dealt: ace of spades,
    4 of hearts, ... 3 spades." """
    if not view.hand:
        return _("Your hand is empty.")
    groups = by_suit(view.hand)
    parts: list[str | Line]
    if order is HandOrder.RANK:
        cards = hand_order(view.hand, order)
        ranks = list(dict.fromkeys(c.rank for c in cards))
        of_rank = [[c for c in cards if c.rank == r] for r in ranks]
        parts = [
            Line.of(
                f"{cap(rank_name(run[0].rank))}: {', '.join(suit_name(c.suit) for c in run)}.",
                run,
            )
            for run in of_rank
        ]
    elif order is HandOrder.DEALT and view.dealt:
        cards = hand_order(view.hand, order, view.dealt)
        # A few cards a sentence, so a long answer can pause between them (``breaths``);
        # one sentence when they and the spades fit in one breath anyway.
        names = [card_name(c) for c in cards]
        whole = _("As dealt: {cards}.").format(cards=", ".join(names))
        step = len(cards) if len(whole.split()) + 2 <= BREATH else DEALT_RUN
        parts = [
            Line.of(
                _("As dealt: {cards}.").format(cards=", ".join(names[i : i + step]))
                if i == 0
                else f"{cap(', '.join(names[i : i + step]))}.",
                cards[i : i + step],
            )
            for i in range(0, len(cards), step)
        ]
    else:
        none = pgettext("no cards of a suit", "none")
        parts = [
            Line.of(
                f"{cap(suit_name(suit))}: "
                f"{', '.join(rank_name(c.rank) for c in groups[suit]) or none}.",
                groups[suit],
            )
            for suit in SUITS
        ]
    spades = len(groups[Suit.SPADES])
    if spades:
        parts.append(ngettext("{n} spade.", "{n} spades.", spades).format(n=spades))
    else:
        parts.append(_("No spades."))
    return sentences(parts)


def focus_line(card: Card, playable: bool | None) -> Line:
    """The focused card, and whether it can be played when that matters."""
    name = cap(card_name(card))
    if playable is None:
        return Line.of(f"{name}.", [card])
    if playable:
        return Line.of(_("{card}, playable.").format(card=name), [card])
    return Line.of(_("{card}, not playable.").format(card=name), [card])


def no_hand_in_play(view: SeatView) -> bool:
    """No hand is being played: the match is over (its last hand stays DONE) or no hand
    could be dealt."""
    return view.phase is None or view.phase is Phase.DONE


# ---- T, C: the trick and the count --------------------------------------------------------


def _card_after_lead(card: Card, led: Suit, brief: bool) -> str:
    """A card following the lead: brief names only the rank when it follows suit
    ("king"), as players say it at the table; a card of another suit is named whole."""
    return rank_name(card.rank) if brief and card.suit is led else card_name(card)


def _led(cast: Cast, seat: Seat, card: Card) -> str:
    """ "Robin led 9 of hearts" (no stop: it starts a list of plays)."""
    return cast.says(
        seat, _("You led {card}"), _("{name} led {card}"),
        card=card_name(card), the_card=the_card(card),
    )


def _took(cast: Cast, seat: Seat) -> str:
    return cast.says(seat, _("You took it."), _("{name} took it."))


def plays_text(trick: Trick, cast: Cast, *, brief: bool = True) -> str:
    """ "Robin led 9 of hearts, Alex king, you 2" (full: every card named whole).

    Brief names a card by its rank alone only right after a card of the led suit: after
    "Alex 7 of clubs", "Sam 9" would sound like a club, so it is "Sam 9 of spades"."""
    parts = []
    led = trick.plays[0][1].suit if trick.plays else None
    before = led  # the suit of the card named just before
    for i, (seat, card) in enumerate(trick.plays):
        if i == 0 or led is None:
            parts.append(_led(cast, seat, card))
        else:
            clear = brief and before is led
            parts.append(f"{cast.obj(seat)} {_card_after_lead(card, led, clear)}")
        before = card.suit
    return ", ".join(parts)


NO_HAND_IN_PLAY = N_("No hand in play.")


def trick_summary(view: SeatView, cast: Cast, *, brief: bool = True) -> str | Line:
    """This trick so far and who is winning it."""
    if no_hand_in_play(view):
        return _(NO_HAND_IN_PLAY)
    if view.phase is Phase.BIDDING:
        return _("No trick yet: bidding.")
    number = len(view.tricks) + 1
    trick = view.current
    if not trick.cards:
        said = [_("Trick {number}, no cards yet.").format(number=number)]
        if view.my_turn:
            said.append(_("Your lead."))
        elif view.to_act:
            said.append(_("{name} to lead.").format(name=cast.name(view.to_act)))
        return " ".join(said)
    plays = plays_text(trick, cast, brief=brief)
    said = [_("Trick {number}: {plays}.").format(number=number, plays=plays)]
    won = trick.winning
    if won is not None:
        said.append(cast.says(won[0], _("You are winning."), _("{name} is winning.")))
    if view.my_turn:
        said.append(_("Your turn."))
    elif view.to_act is not None:
        said.append(_("{name} to play.").format(name=cast.name(view.to_act)))
    return Line.of(" ".join(said), own(trick, cast.me))


def count_summary(view: SeatView) -> str:
    """Tricks gone and left, spades broken or not."""
    if no_hand_in_play(view):
        return _(NO_HAND_IN_PLAY)
    gone = len(view.tricks)
    left = 13 - gone
    if gone == 0:
        head = _("No tricks played yet, {left} left.").format(left=left)
    else:
        head = ngettext(
            "{n} trick gone, {left} left.", "{n} tricks gone, {left} left.", gone
        ).format(n=gone, left=left)
    broken = _("Spades broken.") if view.spades_broken else _("Spades not broken.")
    return f"{head} {broken}"


def trick_line(trick: Trick, number: int, cast: Cast, *, brief: bool = True) -> Line:
    """A completed trick for review: every card, then who took it."""
    plays = plays_text(trick, cast, brief=brief)
    said = _("Trick {number}: {plays}.").format(number=number, plays=plays)
    if trick.winner is not None:
        said += " " + _took(cast, trick.winner)
    return Line.of(said, own(trick, cast.me))


def last_trick_summary(tricks: tuple[Trick, ...], cast: Cast, *, brief: bool = True) -> str | Line:
    if not tricks:
        return _("No trick completed yet this hand.")
    last = tricks[-1]
    said = _("Last trick: {plays}.").format(plays=plays_text(last, cast, brief=brief))
    if last.winner is not None:
        said += " " + _took(cast, last.winner)
    return Line.of(said, own(last, cast.me))


# ---- W: seats ------------------------------------------------------------------------------


def seats_summary(view: SeatView, cast: Cast, *, brief: bool = True) -> str:
    """Who sits where, who deals; full verbosity adds the partnerships."""
    me = view.seat
    left, partner, right = me.next, me.partner, me.after(3)
    if cast.watching:  # nobody's chair: each seat by name, clockwise
        said = [_("Seats: {people}.").format(people=", ".join(
            _("{name} {seat}").format(name=cast.name(s), seat=seat_name(s))
            for s in (me, left, partner, right)
        ))]
    else:
        said = [
            _("You sit {seat}.").format(seat=seat_name(me)),
            _("{name} {seat}, on your left.").format(name=cast.name(left), seat=seat_name(left)),
            _("{name} {seat}, your partner.").format(
                name=cast.name(partner), seat=seat_name(partner)
            ),
            _("{name} {seat}, on your right.").format(name=cast.name(right), seat=seat_name(right)),
        ]
    if not brief:
        said.append(
            _("{team} play {other}.").format(
                team=cast.team(me.team), other=cast.team_obj(me.team.other)
            )
        )
    if view.dealer is not None and not no_hand_in_play(view):  # no dealer after the match
        said.append(cast.says(view.dealer, _("You deal."), _("{name} deals.")))
    return " ".join(said)


def person_line(
    seat: Seat, name: str, *, you: bool, host: bool, computer: bool, connected: bool,
    waiting: str = "",
) -> str:
    """One seat at a shared table: "North, Ann, host, away: the computer plays for now";
    ``waiting`` names someone who sits there from the next deal."""
    parts = [seat_name(seat), pgettext("inside a sentence", "you") if you else name]
    if host:
        parts.append(pgettext("person at a table", "host"))
    if computer:
        parts.append(pgettext("person at a table", "computer"))
    elif not connected:
        parts.append(_("away: the computer plays for now"))
    if waiting:
        parts.append(_("{name} waiting for the next deal").format(name=waiting))
    return ", ".join(parts)


def people_summary(lines: list[str], watchers: list[str] | None = None) -> str:
    """Everyone at the table, one seat after another, then who watches."""
    said = _("At the table: {people}.").format(people=". ".join(lines))
    if watchers:
        said += " " + _("Watching: {names}.").format(names=join(watchers))
    return said


# ---- M, O: since my last turn, what we need --------------------------------------------------


def _bids_since(view: SeatView, cast: Cast) -> str:
    """While bidding: the bids since the player's own, or all so far."""
    seats = [s for s, _b in view.bids]
    if view.seat in seats:
        bids_after = view.bids[seats.index(view.seat) + 1 :]
        if not bids_after:
            return _("Nothing since your bid.")
        head = _("Since your bid: {bids}.")
    else:
        bids_after = view.bids
        if not bids_after:
            return _("No bids yet.")
        head = _("Bids so far: {bids}.")
    return head.format(bids=", ".join(f"{cast.name(s)} {bid_name(b)}" for s, b in bids_after))


def since_last_turn(view: SeatView, cast: Cast, *, brief: bool = True) -> str | Line:
    """Every play since the player's previous card (or bid), in order."""
    if no_hand_in_play(view):
        return _(NO_HAND_IN_PLAY)
    if view.phase is Phase.BIDDING:
        return _bids_since(view, cast)
    # (who, the card or None for "took it", the led suit, whether it led the trick)
    entries: list[tuple[Seat, Card | None, Suit | None, bool]] = []
    for trick in (*view.tricks, view.current):
        led = trick.plays[0][1].suit if trick.plays else None
        for i, (seat, played) in enumerate(trick.plays):
            entries.append((seat, played, led, i == 0))
        if trick.winner is not None:
            entries.append((trick.winner, None, None, False))
    mine = [i for i, (seat, card, _l, _f) in enumerate(entries) if seat is view.seat and card]
    after = entries[mine[-1] + 1 :] if mine else entries
    if not after:
        return _("Nothing since your last card.") if mine else _("No cards played yet this hand.")
    # One piece a trick (``breaths`` may pause between tricks, never inside one). Every
    # card named is another seat's (they come after yours): none is marked as yours.
    tricks: list[list[str]] = [[]]
    heard: Suit | None = None  # the led suit, once this answer has said the lead
    for seat, card, led, leads in after:
        if card is None:
            tricks[-1].append(_took(cast, seat))
            tricks.append([])
            heard = None
            continue
        if leads:
            tricks[-1].append(f"{_led(cast, seat, card)}.")
            heard = led
        elif heard is not None:
            tricks[-1].append(f"{cast.name(seat)}, {_card_after_lead(card, heard, brief)}.")
            if card.suit is not heard:  # after another suit, the next is named whole
                heard = None
        else:
            tricks[-1].append(f"{cast.name(seat)}, {card_name(card)}.")
            # The rest of a trick begun before this answer: once a card of the led suit
            # has been named whole, later ones of that suit need only their rank.
            heard = led if card.suit is led else None
    pieces = [" ".join(said) for said in tricks if said]
    if not mine:
        # The key itself means "since my card": only a player yet to play is told otherwise.
        pieces[0] = _("You have not played yet: {plays}").format(plays=pieces[0])
    return sentences(pieces)


# ---- hints ------------------------------------------------------------------------------------


def hint_line(h: Hint, sure: int | None = None) -> Line:
    """The suggestion, said once: the hint's reason already starts with the decision
    ("Play the king of hearts: the ace is gone."); a bare decision gets a plain line.

    ``sure`` is where the bid list starts (the player's sure tricks): when the hint bids
    otherwise, the line ends with the sure tricks, so the two are not left quietly apart.
    """
    said = _("{hint} Enter takes it.").format(hint=say_reason(h.reason))
    if isinstance(h.decision, Bid) and sure is not None and h.decision != Bid(sure):
        said += " " + _("Sure tricks: {sure}.").format(sure=sure)
    return Line.of(said, hint_cards(h))


def thinking_line(name: str, h: Hint) -> str:
    """Watching computers: what the one to act weighs, in one breath ("Robin is thinking.
    Play the king of hearts: the ace is gone.")."""
    return _("{name} is thinking. {reason}").format(name=name, reason=say_reason(h.reason))


def between_hands(outcome: HandOutcome) -> str:
    """What hand-bound keys say while the finished hand's result stands."""
    return _("Hand {number} is over. Press N to deal the next hand.").format(number=outcome.number)


__all__ = [
    "between_hands",
    "count_summary",
    "focus_line",
    "hand_summary",
    "hint_line",
    "last_trick_summary",
    "no_hand_in_play",
    "people_summary",
    "person_line",
    "plays_text",
    "seats_summary",
    "since_last_turn",
    "trick_line",
    "trick_summary",
]

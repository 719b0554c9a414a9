"""What each query key says: pure functions of one seat's view.

Every function takes a ``SeatView`` (what the player may know) and a ``Cast`` (who is
who) and returns one short paragraph. Same view in, same words out. None of them can
name a card held by another seat, because a ``SeatView`` does not hold one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from spades_voice.narration.words import Cast, by_suit, cap, count, hand_order, signed
from spades_voice.options import HandOrder
from spades_voice.rules import (
    SUITS,
    Bid,
    Card,
    FailedNilTricks,
    HandOutcome,
    Phase,
    Ruleset,
    Seat,
    SeatView,
    Suit,
    Team,
    Trick,
)

if TYPE_CHECKING:  # the AI is not imported at start-up just for a type
    from spades_voice.ai import Hint

BAG_WARNING = 7


# ---- H: the hand --------------------------------------------------------------------


def hand_summary(view: SeatView, order: HandOrder = HandOrder.SUIT) -> str:
    """ "Spades: ace, 10, 4. Hearts: king, 9. Diamonds: none. ... 3 spades." By rank:
    "Ace: spades, hearts. King: clubs. ... 3 spades." As dealt: "As dealt: ace of spades,
    4 of hearts, ... 3 spades." """
    if not view.hand:
        return "Your hand is empty."
    groups = by_suit(view.hand)
    if order is HandOrder.RANK:
        cards = hand_order(view.hand, order)
        ranks = list(dict.fromkeys(c.rank for c in cards))
        parts = [
            f"{cap(r.spoken)}: {', '.join(c.suit.spoken for c in cards if c.rank == r)}."
            for r in ranks
        ]
    elif order is HandOrder.DEALT and view.dealt:
        cards = hand_order(view.hand, order, view.dealt)
        parts = [f"As dealt: {', '.join(c.spoken for c in cards)}."]
    else:
        parts = [
            f"{cap(suit.spoken)}: {', '.join(c.rank.spoken for c in groups[suit]) or 'none'}."
            for suit in SUITS
        ]
    spades = len(groups[Suit.SPADES])
    parts.append(f"{count(spades, 'spade')}." if spades else "No spades.")
    return " ".join(parts)


def focus_line(card: Card, playable: bool | None) -> str:
    """The focused card, and whether it can be played when that matters."""
    if playable is None:
        return f"{cap(card.spoken)}."
    return f"{cap(card.spoken)}, {'playable' if playable else 'not playable'}."


# ---- B: bids, tricks, needs -----------------------------------------------------------


def team_status(
    team: Team,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    ruleset: Ruleset,
    cast: Cast,
) -> list[str]:
    """Where one partnership stands on its contract and nils, one sentence each."""
    contract = 0
    counted = 0
    out: list[str] = []
    nils: list[str] = []
    for seat in team.seats:
        bid = bids.get(seat)
        if bid is None:
            return []
        taken = tricks.get(seat, 0)
        if bid.is_nil:
            kind = "blind nil" if bid.blind else "nil"
            if taken == 0:
                nils.append(f"{cast.owner(seat)} {kind} is alive.")
            else:
                nils.append(f"{cast.owner(seat)} {kind} failed, {count(taken, 'trick')}.")
            if ruleset.failed_nil_tricks is FailedNilTricks.PARTNER:
                counted += taken
        else:
            contract += bid.tricks
            counted += taken
    name = cast.team(team)
    if contract:
        need = contract - counted
        if need > 0:
            out.append(f"{name} need {count(need, 'more trick')}.")
        elif need == 0:
            out.append(f"{name} have made {contract} exactly.")
        else:
            out.append(f"{name} have made {contract}, {count(-need, 'bag')} over.")
    return out + nils


def bids_summary(view: SeatView, cast: Cast) -> str:
    """Who bid what, tricks each, what each team still needs, nil status."""
    if view.phase is None:
        if view.outcomes:
            return "Last hand: " + outcome_bids(view.outcomes[-1], cast)
        return "No bids yet."
    if view.phase is Phase.BIDDING:
        said = [f"{cast.name(seat)} {bid.spoken}." for seat, bid in view.bids]
        if view.to_act is view.seat:
            said.append("Your bid.")
        elif view.to_act is not None:
            said.append(f"Waiting for {cast.name(view.to_act)}.")
        return " ".join(said) if view.bids else "No bids yet. " + " ".join(said)
    said = [
        f"{cast.does(seat, 'bid', 'bid')} {bid.spoken}, took {view.tricks_won[seat]}."
        for seat, bid in view.bids
    ]
    bids = dict(view.bids)
    for team in (cast.my_team, cast.my_team.other):
        said.extend(team_status(team, bids, view.tricks_won, view.ruleset, cast))
    return " ".join(said)


def outcome_bids(outcome: HandOutcome, cast: Cast) -> str:
    """Bids and tricks of a finished hand."""
    return " ".join(
        f"{cast.does(seat, 'bid', 'bid')} {bid.spoken}, took {outcome.tricks[seat]}."
        for seat, bid in outcome.bids
    )


# ---- S: scores -------------------------------------------------------------------------


def duration(seconds: float) -> str:
    """ "45 seconds", "12 minutes", "1 hour 5 minutes"."""
    s = int(seconds)
    if s < 60:
        return count(s, "second")
    minutes = s // 60
    if minutes < 60:
        return count(minutes, "minute")
    hours, rest = divmod(minutes, 60)
    return count(hours, "hour") + (f" {count(rest, 'minute')}" if rest else "")


def scores_summary(view: SeatView, cast: Cast, elapsed: float | None = None) -> str:
    """Scores and bags per team, the target, a bag warning, the match time."""
    teams = (cast.my_team, cast.my_team.other)
    said = [
        f"{cast.team(t)} {signed(view.totals[t])}, {count(view.bags[t], 'bag')}."
        for t in teams
    ]
    target = view.ruleset.target
    said.append(f"Target {target}." if target is not None else "Single hand match.")
    for t in teams:
        if view.bags[t] >= BAG_WARNING:
            said.append(f"Warning: {cast.team_obj(t)} have {view.bags[t]} bags; 10 cost 100.")
    if view.winner is not None:
        said.append(f"Match over: {cast.team_obj(view.winner)} won.")
    else:
        said.append(f"Hand {view.hand_number}.")
    if elapsed is not None:
        said.append(f"Time: {duration(elapsed)}.")
    return " ".join(said)


# ---- T, C: the trick and the count --------------------------------------------------------


def plays_text(trick: Trick, cast: Cast) -> str:
    """ "Robin led 9 of hearts, Alex king of hearts, you 2 of hearts"."""
    parts = []
    for i, (seat, card) in enumerate(trick.plays):
        if i == 0:
            parts.append(f"{cast.name(seat)} led {card.spoken}")
        else:
            parts.append(f"{cast.obj(seat)} {card.spoken}")
    return ", ".join(parts)


def trick_summary(view: SeatView, cast: Cast) -> str:
    """This trick so far and who is winning it."""
    if view.phase is None:
        return "No hand in play."
    if view.phase is Phase.BIDDING:
        return "No trick yet: bidding."
    number = len(view.tricks) + 1
    trick = view.current
    if not trick.cards:
        lead = "Your lead." if view.my_turn else (
            f"{cast.name(view.to_act)} to lead." if view.to_act else ""
        )
        return f"Trick {number}, no cards yet. {lead}".strip()
    said = f"Trick {number}: {plays_text(trick, cast)}."
    won = trick.winning
    if won is not None:
        said += f" {cast.is_(won[0])} winning."
    if view.my_turn:
        said += " Your turn."
    elif view.to_act is not None:
        said += f" {cast.name(view.to_act)} to play."
    return said


def count_summary(view: SeatView) -> str:
    """Tricks gone and left, spades broken or not."""
    if view.phase is None:
        return "No hand in play."
    gone = len(view.tricks)
    left = 13 - gone
    head = "No tricks played yet" if gone == 0 else f"{count(gone, 'trick')} gone"
    broken = "Spades broken." if view.spades_broken else "Spades not broken."
    return f"{head}, {left} left. {broken}"


def trick_line(trick: Trick, number: int, cast: Cast) -> str:
    """A completed trick for review: every card, then who took it."""
    said = f"Trick {number}: {plays_text(trick, cast)}."
    if trick.winner is not None:
        said += f" {cast.does(trick.winner, 'took', 'took')} it."
    return said


def last_trick_summary(tricks: tuple[Trick, ...], cast: Cast) -> str:
    if not tricks:
        return "No trick completed yet this hand."
    return "Last trick. " + trick_line(tricks[-1], len(tricks), cast)


# ---- W: seats ------------------------------------------------------------------------------


def seats_summary(view: SeatView, cast: Cast) -> str:
    """Who sits where and the partnerships."""
    me = view.seat
    left, partner, right = me.next, me.partner, me.after(3)
    said = [
        f"You sit {me.long_name}.",
        f"{cast.name(left)} sits {left.long_name}, on your left.",
        f"{cast.name(partner)} sits {partner.long_name}, your partner.",
        f"{cast.name(right)} sits {right.long_name}, on your right.",
        f"{cast.team(me.team)} play {cast.team_obj(me.team.other)}.",
    ]
    if view.dealer is not None and view.phase is not None:
        said.append(f"{cast.does(view.dealer, 'deal')}.")
    return " ".join(said)


def person_line(
    seat: Seat, name: str, *, you: bool, host: bool, computer: bool, connected: bool
) -> str:
    """One seat at a shared table: "North, Ann, host, away: the computer plays for now"."""
    parts = [seat.long_name, "you" if you else name]
    if host:
        parts.append("host")
    if computer:
        parts.append("computer")
    elif not connected:
        parts.append("away: the computer plays for now")
    return ", ".join(parts)


def people_summary(lines: list[str]) -> str:
    """Everyone at the table, one seat after another."""
    return "At the table: " + ". ".join(lines) + "."


# ---- M, O: since my last turn, what we need --------------------------------------------------


def since_last_turn(view: SeatView, cast: Cast) -> str:
    """Every play since the player's previous card (or bid), in order."""
    if view.phase is None:
        return "No hand in play."
    if view.phase is Phase.BIDDING:
        seats = [s for s, _ in view.bids]
        if view.seat in seats:
            bids_after = view.bids[seats.index(view.seat) + 1 :]
            head = "Since your bid"
        else:
            bids_after = view.bids
            head = "Bids so far"
        if not bids_after:
            return "Nothing since your bid." if view.seat in seats else "No bids yet."
        said = ". ".join(f"{cast.name(s)} {b.spoken}" for s, b in bids_after)
        return f"{head}: {said}."
    # (who played, sentence); a trick's winner line has no player.
    lines: list[tuple[Seat | None, str]] = []
    for trick in (*view.tricks, view.current):
        for i, (seat, card) in enumerate(trick.plays):
            if i == 0:
                lines.append((seat, f"{cast.name(seat)} led {card.spoken}."))
            else:
                lines.append((seat, f"{cast.name(seat)}, {card.spoken}."))
        if trick.winner is not None:
            lines.append((None, f"{cast.does(trick.winner, 'took', 'took')} it."))
    mine = [i for i, (seat, _) in enumerate(lines) if seat is view.seat]
    if mine:
        after = lines[mine[-1] + 1 :]
        if not after:
            return "Nothing since your last card."
        head = "Since your last card: "
    else:
        after = lines
        if not after:
            return "No cards played yet this hand."
        head = "You have not played yet. So far: "
    return head + " ".join(text for _, text in after)


def what_we_need(view: SeatView, cast: Cast) -> str:
    """Tricks your team still needs, partner's nil, whether the opponents can be set."""
    if view.phase is None:
        return "No hand in play."
    if view.phase is Phase.BIDDING:
        return "Bidding is not over yet."
    bids = dict(view.bids)
    left = 13 - len(view.tricks)
    said: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        contract, counted, nils = _team_counts(team, bids, view)
        name = cast.team(team)
        mine = team is cast.my_team
        need = contract - counted
        if contract == 0:
            pass
        elif need > left:
            said.append(f"{name} are set: {need} needed, {left} left.")
        elif need > 0:
            if mine:
                said.append(f"{name} need {count(need, 'more trick')}, {left} left.")
            else:
                said.append(f"{name} need {need} more: they can still be set.")
        elif mine:
            said.append(f"{name} have made {contract}; more tricks are bags.")
        else:
            said.append(f"{name} have made {contract}; they cannot be set.")
        for seat, kind, taken in nils:
            state = "is alive" if taken == 0 else "failed"
            said.append(f"{cast.owner(seat)} {kind} {state}.")
    return " ".join(said)


def _team_counts(
    team: Team, bids: Mapping[Seat, Bid], view: SeatView
) -> tuple[int, int, list[tuple[Seat, str, int]]]:
    contract = counted = 0
    nils: list[tuple[Seat, str, int]] = []
    for seat in team.seats:
        bid = bids[seat]
        taken = view.tricks_won[seat]
        if bid.is_nil:
            nils.append((seat, "blind nil" if bid.blind else "nil", taken))
            if view.ruleset.failed_nil_tricks is FailedNilTricks.PARTNER:
                counted += taken
        else:
            contract += bid.tricks
            counted += taken
    return contract, counted, nils


# ---- hints ------------------------------------------------------------------------------------


def hint_line(h: Hint) -> str:
    """The suggestion, said once: the hint's reason already starts with the decision
    ("Play the king of hearts: the ace is gone."); a bare decision gets a plain line."""
    what = (
        f"Bid {h.decision.spoken}" if isinstance(h.decision, Bid)
        else f"Play the {h.decision.spoken}"
    )
    line = h.reason.strip() or f"{what}."
    return f"{line} Enter takes it."


def between_hands(outcome: HandOutcome) -> str:
    """What hand-bound keys say while the finished hand's result stands."""
    return f"Hand {outcome.number} is over. Press N to deal the next hand."


__all__ = [
    "BAG_WARNING",
    "between_hands",
    "bids_summary",
    "count_summary",
    "duration",
    "focus_line",
    "hand_summary",
    "hint_line",
    "last_trick_summary",
    "outcome_bids",
    "people_summary",
    "person_line",
    "plays_text",
    "scores_summary",
    "seats_summary",
    "since_last_turn",
    "team_status",
    "trick_line",
    "trick_summary",
    "what_we_need",
]

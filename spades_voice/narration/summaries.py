"""What each query key says: pure functions of one seat's view.

Every function takes a ``SeatView`` (what the player may know) and a ``Cast`` (who is
who) and returns one short paragraph. Same view in, same words out. None of them can
name a card held by another seat, because a ``SeatView`` does not hold one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from spades_voice.narration.words import Cast, by_suit, cap, change, count, signed
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


def hand_summary(view: SeatView) -> str:
    """ "Spades: ace, 10, 4. Hearts: king, 9. Diamonds: none. ... 3 spades." """
    if not view.hand:
        return "Your hand is empty."
    groups = by_suit(view.hand)
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


def _no_hand(view: SeatView) -> bool:
    """No hand is being played: the match is over (its last hand stays DONE) or no hand
    could be dealt."""
    return view.phase is None or view.phase is Phase.DONE


# ---- B: bids, tricks, needs -----------------------------------------------------------


def label(team: Team, cast: Cast) -> str:
    """ "Us" or "Them": short, and the same whoever sits where."""
    return "Us" if team is cast.my_team else "Them"


def _team_seats(team: Team, cast: Cast) -> tuple[Seat, Seat]:
    """The player's team: you, then your partner; the other: left, then right."""
    me = cast.me
    if team is cast.my_team:
        return me, me.partner
    return me.next, me.after(3)


def _progress(
    team: Team, bids: Mapping[Seat, Bid], tricks: Mapping[Seat, int], ruleset: Ruleset
) -> tuple[int, int, list[tuple[Seat, Bid, int]]]:
    """A team's contract, the tricks that count toward it, and its nil bids with tricks."""
    contract = counted = 0
    nils: list[tuple[Seat, Bid, int]] = []
    for seat in team.seats:
        bid = bids[seat]
        taken = tricks.get(seat, 0)
        if bid.is_nil:
            nils.append((seat, bid, taken))
            if ruleset.failed_nil_tricks is FailedNilTricks.PARTNER:
                counted += taken
        else:
            contract += bid.tricks
            counted += taken
    return contract, counted, nils


def _contract_words(contract: int, counted: int, left: int | None) -> str:
    """ "bid 7, have 4, need 3"; after the hand (``left`` None) "bid 7, took 9, made, 2 bags"."""
    if contract == 0:
        return "both nil"
    head = f"bid {contract}, {'took' if left is None else 'have'} {counted}"
    need = contract - counted
    if need > 0:
        if left is None or need > left:
            return f"{head}, set"
        return f"{head}, need {need}"
    return f"{head}, made" + (f", {count(-need, 'bag')}" if need else "")


def _nil_words(seat: Seat, blind: bool, taken: int, cast: Cast, *, done: bool, brief: bool) -> str:
    kind = "blind nil" if blind else "nil"
    if taken == 0:
        return f"{cast.owner(seat)} {kind} {'made' if done else 'is alive'}."
    tail = "" if brief else f", {count(taken, 'trick')}"
    return f"{cast.owner(seat)} {kind} failed{tail}."


def _status(
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    ruleset: Ruleset,
    cast: Cast,
    left: int,
    brief: bool,
) -> list[str]:
    """Both teams' contracts, then every nil: "Us: bid 7, have 4, need 3." """
    said: list[str] = []
    nils: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        contract, counted, team_nils = _progress(team, bids, tricks, ruleset)
        said.append(f"{label(team, cast)}: {_contract_words(contract, counted, left)}.")
        nils.extend(
            _nil_words(seat, bid.blind, taken, cast, done=False, brief=brief)
            for seat, bid, taken in team_nils
        )
    return said + nils


def _each_seat(bids: Mapping[Seat, Bid], tricks: Mapping[Seat, int], cast: Cast) -> list[str]:
    """Full verbosity: every seat's bid and tricks, your team first."""
    return [
        f"{cast.does(seat, 'bid', 'bid')} {bids[seat].spoken}, took {tricks.get(seat, 0)}."
        for team in (cast.my_team, cast.my_team.other)
        for seat in _team_seats(team, cast)
    ]


def team_status(
    team: Team,
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int],
    ruleset: Ruleset,
    cast: Cast,
) -> list[str]:
    """Where one partnership stands on its contract and nils, one sentence each."""
    if any(seat not in bids for seat in team.seats):
        return []
    contract, counted, nils = _progress(team, bids, tricks, ruleset)
    left = 13 - sum(tricks.values())
    head = [f"{label(team, cast)}: {_contract_words(contract, counted, left)}."]
    return head + [
        _nil_words(seat, bid.blind, taken, cast, done=False, brief=True)
        for seat, bid, taken in nils
    ]


def _bidding_words(view: SeatView, cast: Cast) -> str:
    """While bidding, team by team: "Us 7: you 3, Alex 4. Them: Robin 3. Your bid." """
    bids = dict(view.bids)
    said: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        placed = [(s, bids[s]) for s in _team_seats(team, cast) if s in bids]
        if not placed:
            continue
        total = f" {sum(b.tricks for _, b in placed)}" if len(placed) == 2 else ""
        said.append(
            f"{label(team, cast)}{total}: "
            + ", ".join(f"{cast.obj(s)} {b.spoken}" for s, b in placed) + "."
        )
    if not said:
        said.append("No bids yet.")
    if view.to_act is view.seat:
        said.append("Your bid.")
    elif view.to_act is not None:
        said.append(f"Waiting for {cast.name(view.to_act)}.")
    return " ".join(said)


def bids_summary(view: SeatView, cast: Cast, *, brief: bool = True) -> str:
    """What each team bid and needs, then nil status; full verbosity adds each seat."""
    if _no_hand(view):
        if view.outcomes:
            return outcome_bids(view.outcomes[-1], cast, brief=brief)
        return "No bids yet."
    if view.phase is Phase.BIDDING:
        return _bidding_words(view, cast)
    bids = dict(view.bids)
    left = 13 - len(view.tricks)
    said = _status(bids, view.tricks_won, view.ruleset, cast, left, brief)
    if not brief:
        said.extend(_each_seat(bids, view.tricks_won, cast))
    return " ".join(said)


def outcome_bids(outcome: HandOutcome, cast: Cast, *, brief: bool = True) -> str:
    """A finished hand, told as it was scored: "Hand 3. Us: bid 7, took 9, made, 2 bags." """
    said = [f"Hand {outcome.number}."]
    nils: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        score = outcome.scores[team]
        said.append(f"{label(team, cast)}: {_contract_words(score.contract, score.counted, None)}.")
        nils.extend(
            _nil_words(n.seat, n.blind, n.tricks, cast, done=True, brief=brief)
            for n in score.nils
        )
    said += nils
    if not brief:
        said.extend(_each_seat(dict(outcome.bids), outcome.tricks, cast))
    return " ".join(said)


def hand_entry(outcome: HandOutcome, cast: Cast) -> str:
    """One entry of the hands-played list (Shift+S): "Hand 3. Us: bid 7, took 9, plus 72,
    2 bags, total 231. Them: bid 5, took 4, minus 50, 8 bags, total 180." """
    said = [f"Hand {outcome.number}."]
    nils: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        score = outcome.scores[team]
        what = f"bid {score.contract}, took {score.counted}" if score.contract else "both nil"
        said.append(
            f"{label(team, cast)}: {what}, {change(score.points)}, "
            f"{count(score.bags_after, 'bag')}, total {signed(outcome.totals[team])}."
        )
        nils.extend(
            _nil_words(n.seat, n.blind, n.tricks, cast, done=True, brief=True)
            for n in score.nils
        )
    return " ".join(said + nils)


# ---- bidding by ear -----------------------------------------------------------------------


def bid_prompt(bid: Bid) -> str:
    """Your turn to bid, with the value Enter would place: "Your bid: 3." """
    return f"Your bid: {bid.spoken}."


def bid_choice(bid: Bid, *, lowest: bool, highest: bool) -> str:
    """The focused bid after a move: "4.", at the ends "Lowest: nil." / "Highest: 13." """
    if lowest:
        return f"Lowest: {bid.spoken}."
    if highest:
        return f"Highest: {bid.spoken}."
    return f"{cap(bid.spoken)}."


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


def scores_summary(
    view: SeatView,
    cast: Cast,
    elapsed: float | None = None,
    *,
    after: HandOutcome | None = None,
) -> str:
    """ "Us 231 points, 4 bags. Them 180 points, 8 bags. Target 500." then a bag warning,
    the hand (``after``: the finished hand whose result stands), the match time."""
    teams = (cast.my_team, cast.my_team.other)
    said = []
    if view.winner is not None:
        said.append(f"Match over: {cast.team_obj(view.winner)} won.")
    said += [
        f"{label(t, cast)} {signed(view.totals[t])} points, {count(view.bags[t], 'bag')}."
        for t in teams
    ]
    target = view.ruleset.target
    said.append(f"Target {target}." if target is not None else "Single hand match.")
    for t in teams if view.winner is None else ():  # bags no longer matter after the match
        if view.bags[t] >= BAG_WARNING:
            said.append(f"{label(t, cast)}: {bags_to_penalty(10 - view.bags[t])}.")
    if view.winner is None:
        said.append(f"Hand {after.number} over." if after else f"Hand {view.hand_number}.")
    if elapsed is not None:
        said.append(f"Time: {duration(elapsed)}.")
    return " ".join(said)


def bags_to_penalty(more: int) -> str:
    """ "2 more bags cost 100", "1 more bag costs 100"."""
    return f"{count(more, 'more bag')} cost{'s' if more == 1 else ''} 100"


# ---- T, C: the trick and the count --------------------------------------------------------


def _card_after_lead(card: Card, led: Suit, brief: bool) -> str:
    """A card following the lead: brief names only the rank when it follows suit
    ("king"), as players say it at the table; a card of another suit is named whole."""
    return card.rank.spoken if brief and card.suit is led else card.spoken


def plays_text(trick: Trick, cast: Cast, *, brief: bool = True) -> str:
    """ "Robin led 9 of hearts, Alex king, you 2" (full: every card named whole)."""
    parts = []
    led = trick.plays[0][1].suit if trick.plays else None
    for i, (seat, card) in enumerate(trick.plays):
        if i == 0 or led is None:
            parts.append(f"{cast.name(seat)} led {card.spoken}")
        else:
            parts.append(f"{cast.obj(seat)} {_card_after_lead(card, led, brief)}")
    return ", ".join(parts)


def trick_summary(view: SeatView, cast: Cast, *, brief: bool = True) -> str:
    """This trick so far and who is winning it."""
    if _no_hand(view):
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
    said = f"Trick {number}: {plays_text(trick, cast, brief=brief)}."
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
    if _no_hand(view):
        return "No hand in play."
    gone = len(view.tricks)
    left = 13 - gone
    head = "No tricks played yet" if gone == 0 else f"{count(gone, 'trick')} gone"
    broken = "Spades broken." if view.spades_broken else "Spades not broken."
    return f"{head}, {left} left. {broken}"


def trick_line(trick: Trick, number: int, cast: Cast, *, brief: bool = True) -> str:
    """A completed trick for review: every card, then who took it."""
    said = f"Trick {number}: {plays_text(trick, cast, brief=brief)}."
    if trick.winner is not None:
        said += f" {cast.does(trick.winner, 'took', 'took')} it."
    return said


def last_trick_summary(tricks: tuple[Trick, ...], cast: Cast, *, brief: bool = True) -> str:
    if not tricks:
        return "No trick completed yet this hand."
    last = tricks[-1]
    said = f"Last trick: {plays_text(last, cast, brief=brief)}."
    if last.winner is not None:
        said += f" {cast.does(last.winner, 'took', 'took')} it."
    return said


# ---- W: seats ------------------------------------------------------------------------------


def seats_summary(view: SeatView, cast: Cast, *, brief: bool = True) -> str:
    """Who sits where, who deals; full verbosity adds the partnerships."""
    me = view.seat
    left, partner, right = me.next, me.partner, me.after(3)
    said = [
        f"You sit {me.long_name}.",
        f"{cast.name(left)} {left.long_name}, on your left.",
        f"{cast.name(partner)} {partner.long_name}, your partner.",
        f"{cast.name(right)} {right.long_name}, on your right.",
    ]
    if not brief:
        said.append(f"{cast.team(me.team)} play {cast.team_obj(me.team.other)}.")
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


def since_last_turn(view: SeatView, cast: Cast, *, brief: bool = True) -> str:
    """Every play since the player's previous card (or bid), in order."""
    if _no_hand(view):
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
        return f"{head}: " + ", ".join(f"{cast.name(s)} {b.spoken}" for s, b in bids_after) + "."
    # (who, the card or None for "took it", the led suit, whether it led the trick)
    entries: list[tuple[Seat, Card | None, Suit | None, bool]] = []
    for trick in (*view.tricks, view.current):
        led = trick.plays[0][1].suit if trick.plays else None
        for i, (seat, played) in enumerate(trick.plays):
            entries.append((seat, played, led, i == 0))
        if trick.winner is not None:
            entries.append((trick.winner, None, None, False))
    mine = [i for i, (seat, card, _, _) in enumerate(entries) if seat is view.seat and card]
    after = entries[mine[-1] + 1 :] if mine else entries
    if not after:
        return "Nothing since your last card." if mine else "No cards played yet this hand."
    said: list[str] = []
    heard: Suit | None = None  # the led suit, once this answer has said the lead
    for seat, card, led, leads in after:
        if card is None:
            said.append(f"{cast.does(seat, 'took', 'took')} it.")
            heard = None
        elif leads:
            said.append(f"{cast.name(seat)} led {card.spoken}.")
            heard = led
        elif heard is not None:
            said.append(f"{cast.name(seat)}, {_card_after_lead(card, heard, brief)}.")
        else:
            said.append(f"{cast.name(seat)}, {card.spoken}.")
            # The rest of a trick begun before this answer: once a card of the led suit
            # has been named whole, later ones of that suit need only their rank.
            heard = led if card.suit is led else None
    # The key itself means "since my card": only a player yet to play is told otherwise.
    return ("" if mine else "You have not played yet: ") + " ".join(said)


def what_we_need(view: SeatView, cast: Cast) -> str:
    """Tricks your team still needs, partner's nil, whether the opponents can be set."""
    if _no_hand(view):
        return "No hand in play."
    if view.phase is Phase.BIDDING:
        return "Bidding is not over yet."
    bids = dict(view.bids)
    left = 13 - len(view.tricks)
    said: list[str] = []
    nils: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        contract, counted, team_nils = _progress(team, bids, view.tricks_won, view.ruleset)
        name = label(team, cast)
        mine = team is cast.my_team
        need = contract - counted
        if contract == 0:
            pass
        elif need > left:
            said.append(f"{name}: set, {need} needed, {left} left.")
        elif need > 0:
            if mine:
                said.append(f"{name}: need {need}, {left} left.")
            else:
                said.append(f"{name}: need {need}, can still be set.")
        elif mine:
            said.append(f"{name}: made; more tricks are bags.")
        else:
            said.append(f"{name}: made, cannot be set.")
        nils.extend(
            _nil_words(seat, bid.blind, taken, cast, done=False, brief=True)
            for seat, bid, taken in team_nils
        )
    return " ".join(said + nils)


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
    "bags_to_penalty",
    "between_hands",
    "bid_choice",
    "bid_prompt",
    "bids_summary",
    "count_summary",
    "duration",
    "focus_line",
    "hand_entry",
    "hand_summary",
    "hint_line",
    "label",
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

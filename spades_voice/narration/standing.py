"""Where the teams stand: what the bids key (B), the scores key (S), the needs key (O)
and the hands-played list say. Pure functions of one seat's view, like ``summaries``.

Every answer fits one breath: the player's team first ("Us"), then the other ("Them"),
the most wanted fact first in each.
"""

from __future__ import annotations

from collections.abc import Mapping

from spades_voice.narration.summaries import no_hand_in_play
from spades_voice.narration.words import Cast, change, count, signed
from spades_voice.rules import (
    Bid,
    HandOutcome,
    Phase,
    Ruleset,
    Seat,
    SeatView,
    Team,
    team_progress,
)

#: The scores key warns from this many bags.
BAG_WARNING = 7


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
    """A team's contract, the tricks that count toward it, and its nil bids with tricks
    (``rules.team_progress`` decides which tricks count, as scoring and hints do)."""
    p = team_progress(ruleset, team, bids, {s: tricks.get(s, 0) for s in team.seats})
    return p.contract, p.counted, [(n.seat, bids[n.seat], n.tricks) for n in p.nils]


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
    if no_hand_in_play(view):
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
    bags now 2, total 231. Them: bid 5, took 4, minus 50, bags now 8, total 180."

    The bags are the running count after the hand, as the total is, and said so: a plain
    "8 bags" in a hand's line sounded like that hand's.
    """
    said = [f"Hand {outcome.number}."]
    nils: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        score = outcome.scores[team]
        what = f"bid {score.contract}, took {score.counted}" if score.contract else "both nil"
        said.append(
            f"{label(team, cast)}: {what}, {change(score.points)}, "
            f"bags now {score.bags_after}, total {signed(outcome.totals[team])}."
        )
        nils.extend(
            _nil_words(n.seat, n.blind, n.tricks, cast, done=True, brief=True)
            for n in score.nils
        )
    return " ".join(said + nils)


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
    """ "Us 231 points, 4 bags. Them 180 points, 8 bags: 2 more cost 100. Target 500."
    (the warning beside the bags it is about), the hand (``after``: the finished hand whose
    result stands), the match time."""
    teams = (cast.my_team, cast.my_team.other)
    said = []
    if view.winner is not None:
        said.append(f"Match over: {cast.team_obj(view.winner)} won.")
    for t in teams:
        bags = count(view.bags[t], "bag")
        # Bags no longer matter once the match is over.
        if view.bags[t] >= BAG_WARNING and view.winner is None:
            more = 10 - view.bags[t]
            bags += f": {more} more cost{'s' if more == 1 else ''} 100"
        said.append(f"{label(t, cast)} {signed(view.totals[t])} points, {bags}.")
    target = view.ruleset.target
    said.append(f"Target {target}." if target is not None else "Single hand match.")
    if view.winner is None:
        said.append(f"Hand {after.number} over." if after else f"Hand {view.hand_number}.")
    if elapsed is not None:
        said.append(f"Time: {duration(elapsed)}.")
    return " ".join(said)


def what_we_need(view: SeatView, cast: Cast) -> str:
    """Tricks your team still needs, partner's nil, whether the opponents can be set."""
    if no_hand_in_play(view):
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


__all__ = [
    "BAG_WARNING",
    "bids_summary",
    "duration",
    "hand_entry",
    "label",
    "outcome_bids",
    "scores_summary",
    "team_status",
    "what_we_need",
]

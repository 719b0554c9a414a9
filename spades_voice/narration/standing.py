"""Where the teams stand: what the bids key (B), the scores key (S), the needs key (O)
and the hands-played list say. Pure functions of one seat's view, like ``summaries``.

Every answer fits one breath: the player's team first ("Us"), then the other ("Them"),
the most wanted fact first in each.
"""

from __future__ import annotations

from collections.abc import Mapping

from spades_voice.narration.events import bags, bags_now, bags_this_hand, nil_of
from spades_voice.narration.language import N_, _, ngettext
from spades_voice.narration.lines import Line, sentences
from spades_voice.narration.naming import bid_name
from spades_voice.narration.summaries import NO_HAND_IN_PLAY, no_hand_in_play
from spades_voice.narration.words import Cast, change, signed, tricks
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

NO_BIDS_YET = N_("No bids yet.")


# ---- B: bids, tricks, needs -----------------------------------------------------------


def label(team: Team, cast: Cast) -> str:
    """ "Us" or "Them": short, and the same whoever sits where (a watcher, who is
    neither, hears the partnership's names)."""
    if cast.watching:
        return cast.team(team)
    return _("Us") if team is cast.my_team else _("Them")


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
    """ "bid 7, have 4, need 3"; after the hand (``left`` None) "bid 7, took 9, made, 2 bags
    this hand"."""
    if contract == 0:
        return _("both nil")
    need = contract - counted
    # The extra tricks are this hand's bags, said so: the scores key gives the running
    # count, and a plain "2 bags" beside its "3 bags" was heard as a contradiction.
    fields = {"contract": contract, "counted": counted, "need": need,
              "bags": bags_this_hand(-need)}
    if left is None:
        if need > 0:
            said = _("bid {contract}, took {counted}, set")
        elif need:
            said = _("bid {contract}, took {counted}, made, {bags}")
        else:
            said = _("bid {contract}, took {counted}, made")
    elif need > left:
        said = _("bid {contract}, have {counted}, set")
    elif need > 0:
        said = ngettext(
            "bid {contract}, have {counted}, need {need}",
            "bid {contract}, have {counted}, need {need}",
            need,
        )
    elif need:
        said = _("bid {contract}, have {counted}, made, {bags}")
    else:
        said = _("bid {contract}, have {counted}, made")
    return said.format(**fields)


def _nil_words(seat: Seat, blind: bool, taken: int, cast: Cast, *, done: bool, brief: bool) -> str:
    nil = nil_of(cast, seat, blind)
    if taken == 0:
        return (_("{nil} made.") if done else _("{nil} is alive.")).format(nil=nil)
    if brief:
        return _("{nil} failed.").format(nil=nil)
    return _("{nil} failed, {tricks}.").format(nil=nil, tricks=tricks(taken))


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
        cast.says(
            seat, _("You bid {bid}, took {tricks}."), _("{name} bid {bid}, took {tricks}."),
            bid=bid_name(bids[seat]), tricks=tricks.get(seat, 0),
        )
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


def _bidding_words(view: SeatView, cast: Cast) -> Line:
    """While bidding, team by team: "Us 7: you 3, Alex 4. Them: Robin 3. Your bid." """
    said = _bids_placed(view, cast)
    if not said:
        said.append(_(NO_BIDS_YET))
    if view.to_act is view.seat:
        said.append(_("Your bid."))
    elif view.to_act is not None:
        said.append(_("Waiting for {name}.").format(name=cast.name(view.to_act)))
    return sentences(said)


def _bids_placed(view: SeatView, cast: Cast) -> list[str]:
    """The bids placed so far, team by team: "Us 7: you 3, Alex 4.", "Them: Robin 3." """
    bids = dict(view.bids)
    said: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        placed = [(s, bids[s]) for s in _team_seats(team, cast) if s in bids]
        if not placed:
            continue
        total = f" {sum(b.tricks for _, b in placed)}" if len(placed) == 2 else ""
        said.append(
            f"{label(team, cast)}{total}: "
            + ", ".join(f"{cast.obj(s)} {bid_name(b)}" for s, b in placed) + "."
        )
    return said


def resumed(view: SeatView, cast: Cast) -> str:
    """Where a match resumed mid-hand stands, in one breath, said where its deal would
    be (which would sound like a new hand): "Resumed: hand 2, trick 4. Us: bid 5, have 2,
    need 3. Them: bid 6, have 1, need 5." While bidding, the bids so far. The turn
    follows on its own line."""
    if view.phase is Phase.BIDDING:
        head = _("Resumed: hand {number}, bidding.").format(number=view.hand_number)
        return " ".join([head, *_bids_placed(view, cast)])
    head = _("Resumed: hand {number}, trick {trick}.").format(
        number=view.hand_number, trick=len(view.tricks) + 1
    )
    left = 13 - len(view.tricks)
    status = _status(dict(view.bids), view.tricks_won, view.ruleset, cast, left, brief=True)
    return " ".join([head, *status])


def bids_summary(view: SeatView, cast: Cast, *, brief: bool = True) -> str | Line:
    """What each team bid and needs, then nil status; full verbosity adds each seat."""
    if no_hand_in_play(view):
        if view.outcomes:
            return outcome_bids(view.outcomes[-1], cast, brief=brief)
        return _(NO_BIDS_YET)
    if view.phase is Phase.BIDDING:
        return _bidding_words(view, cast)
    bids = dict(view.bids)
    left = 13 - len(view.tricks)
    said = _status(bids, view.tricks_won, view.ruleset, cast, left, brief)
    if not brief:
        said.extend(_each_seat(bids, view.tricks_won, cast))
    return sentences(said)


def outcome_bids(outcome: HandOutcome, cast: Cast, *, brief: bool = True) -> Line:
    """A finished hand, told as it was scored: "Hand 3. Us: bid 7, took 9, made, 2 bags
    this hand." """
    said = [_("Hand {number}.").format(number=outcome.number)]
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
    return sentences(said)


def hand_entry(outcome: HandOutcome, cast: Cast) -> Line:
    """One entry of the hands-played list (Shift+S): "Hand 3. Us: bid 7, took 9, plus 72,
    bags now 2, total 231. Them: bid 5, took 4, minus 50, bags now 8, total 180."

    The bags are the running count after the hand, as the total is, and said so: a plain
    "8 bags" in a hand's line sounded like that hand's.
    """
    said = [_("Hand {number}.").format(number=outcome.number)]
    nils: list[str] = []
    for team in (cast.my_team, cast.my_team.other):
        score = outcome.scores[team]
        what = (
            _("{label}: bid {contract}, took {counted}, {points}, {bags}, total {total}.")
            if score.contract
            else _("{label}: both nil, {points}, {bags}, total {total}.")
        )
        said.append(
            what.format(
                label=label(team, cast), contract=score.contract, counted=score.counted,
                points=change(score.points), bags=bags_now(score.bags_after),
                total=signed(outcome.totals[team]),
            )
        )
        nils.extend(
            _nil_words(n.seat, n.blind, n.tricks, cast, done=True, brief=True)
            for n in score.nils
        )
    # "Hand 3." heads the first team's sentence: a part never ends on the heading alone.
    return sentences([f"{said[0]} {said[1]}", *said[2:], *nils])


# ---- S: scores -------------------------------------------------------------------------


def duration(seconds: float) -> str:
    """ "45 seconds", "12 minutes", "1 hour 5 minutes"."""
    s = int(seconds)
    if s < 60:
        return ngettext("{n} second", "{n} seconds", s).format(n=s)
    minutes = s // 60
    if minutes < 60:
        return _minutes(minutes)
    hours, rest = divmod(minutes, 60)
    said = ngettext("{n} hour", "{n} hours", hours).format(n=hours)
    return f"{said} {_minutes(rest)}" if rest else said


def _minutes(n: int) -> str:
    return ngettext("{n} minute", "{n} minutes", n).format(n=n)


def scores_summary(
    view: SeatView,
    cast: Cast,
    elapsed: float | None = None,
    *,
    after: HandOutcome | None = None,
) -> Line:
    """ "Us 231 points, 4 bags. Them 180, 8 bags: 2 more cost 100. Target 500."
    (the warning beside the bags it is about), the hand (``after``: the finished hand whose
    result stands), the match time."""
    teams = (cast.my_team, cast.my_team.other)
    said = []
    if view.winner is not None:
        said.append(_("Match over: {team} won.").format(team=cast.team_obj(view.winner)))
    for n, t in enumerate(teams):
        fields = {"label": label(t, cast), "points": signed(view.totals[t])}
        # "points" is said once: "Us 231 points, 4 bags. Them 180, 8 bags."
        # Bags no longer matter once the match is over.
        if view.bags[t] >= BAG_WARNING and view.winner is None:
            more = 10 - view.bags[t]
            said.append(
                ngettext(
                    "{label} {points} points, {bags}: {more} more costs 100.",
                    "{label} {points} points, {bags}: {more} more cost 100.",
                    more,
                ).format(bags=bags(view.bags[t]), more=more, **fields)
                if n == 0
                else ngettext(
                    "{label} {points}, {bags}: {more} more costs 100.",
                    "{label} {points}, {bags}: {more} more cost 100.",
                    more,
                ).format(bags=bags(view.bags[t]), more=more, **fields)
            )
        else:
            said.append(
                (
                    _("{label} {points} points, {bags}.") if n == 0
                    else _("{label} {points}, {bags}.")
                ).format(bags=bags(view.bags[t]), **fields)
            )
    target = view.ruleset.target
    said.append(
        _("Target {target}.").format(target=target) if target is not None
        else _("Single hand match.")
    )
    if view.winner is None:
        said.append(
            _("Hand {number} over.").format(number=after.number) if after
            else _("Hand {number}.").format(number=view.hand_number)
        )
    if elapsed is not None:
        said.append(_("Time: {duration}.").format(duration=duration(elapsed)))
    return sentences(said)


def what_we_need(view: SeatView, cast: Cast) -> str | Line:
    """Tricks your team still needs, partner's nil, whether the opponents can be set."""
    if no_hand_in_play(view):
        return _(NO_HAND_IN_PLAY)
    if view.phase is Phase.BIDDING:
        return _("Bidding is not over yet.")
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
            said.append(
                ngettext(
                    "{label}: set, {need} needed, {left} left.",
                    "{label}: set, {need} needed, {left} left.",
                    need,
                ).format(label=name, need=need, left=left)
            )
        elif need > 0:
            if mine:
                needs = ngettext(
                    "{label}: need {need}, {left} left.", "{label}: need {need}, {left} left.", need
                )
            else:
                needs = ngettext(
                    "{label}: need {need}, can still be set.",
                    "{label}: need {need}, can still be set.",
                    need,
                )
            said.append(needs.format(label=name, need=need, left=left))
        elif mine:
            said.append(_("{label}: made; more tricks are bags.").format(label=name))
        else:
            said.append(_("{label}: made, cannot be set.").format(label=name))
        nils.extend(
            _nil_words(seat, bid.blind, taken, cast, done=False, brief=True)
            for seat, bid, taken in team_nils
        )
    return sentences(said + nils)


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

"""The model's compound values on the wire: hand outcomes and scores, the seat view
(``ViewEncoder`` writes a table's views as JSON text, encoding what the four seats share
once) and events. The small values they are made of (seats, cards, bids), decisions and
the framing are in ``protocol``; the format is written up in docs/protocol.md. Readers are
strict, as there: anything not exactly the documented shape raises ``ProtocolError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spades_voice.narration.chat import clean_chat
from spades_voice.narration.notices import OFFERS
from spades_voice.narration.wire import Wrong
from spades_voice.net.wire.protocol import (
    MAX_NAME,
    ProtocolError,
    _seat_map,
    _team_map,
    as_bool,
    as_int,
    as_list,
    bid_from_json,
    bids_from_json,
    bids_to_json,
    card_from_json,
    cards_from_json,
    cards_to_json,
    encode,
    field_of,
    optional,
    phase_from_json,
    rules_from_json,
    rules_to_json,
    seat_from_json,
    suit_from_json,
    team_from_json,
    trick_from_json,
    trick_to_json,
    wrong,
)
from spades_voice.net.wire.reasons import reason_from_json, reason_to_json
from spades_voice.rules import (
    SEATS,
    TEAMS,
    HandOutcome,
    NilOutcome,
    Ruleset,
    Seat,
    SeatView,
    TeamScore,
    Trick,
)
from spades_voice.table import (
    BidPlaced,
    CardPlayed,
    Chat,
    Event,
    HandDealt,
    HandScored,
    MatchWon,
    Notice,
    SpadesBroken,
    TakenBack,
    TrickWon,
    TurnToAct,
)

# ---- scores ----------------------------------------------------------------------


def _score_to_json(score: TeamScore) -> dict[str, Any]:
    return {
        "team": score.team.value,
        "contract": score.contract,
        "tricks": score.tricks,
        "counted": score.counted,
        "made": score.made,
        "contract_points": score.contract_points,
        "nil_bag_points": score.nil_bag_points,
        "nils": [{"seat": n.seat.value, "blind": n.blind, "tricks": n.tricks} for n in score.nils],
        "bags_added": score.bags_added,
        "bags_before": score.bags_before,
        "bags_after": score.bags_after,
        "penalties": score.penalties,
        "points": score.points,
    }


def _score_from_json(value: object) -> TeamScore:
    if not isinstance(value, dict):
        raise wrong(Wrong.NOT_AN_OBJECT, key="score")
    nils = tuple(
        NilOutcome(seat_from_json(n.get("seat")), as_bool(n.get("blind")), as_int(n.get("tricks")))
        if isinstance(n, dict)
        else _raise(wrong(Wrong.NOT_AN_OBJECT, key="nil"))
        for n in as_list(value.get("nils"), 2)
    )
    return TeamScore(
        team=team_from_json(value.get("team")),
        contract=as_int(value.get("contract")),
        tricks=as_int(value.get("tricks")),
        counted=as_int(value.get("counted")),
        made=as_bool(value.get("made")),
        contract_points=as_int(value.get("contract_points")),
        nil_bag_points=as_int(value.get("nil_bag_points")),
        nils=nils,
        bags_added=as_int(value.get("bags_added")),
        bags_before=as_int(value.get("bags_before")),
        bags_after=as_int(value.get("bags_after")),
        penalties=as_int(value.get("penalties")),
        points=as_int(value.get("points")),
    )


def _raise(error: ProtocolError) -> Any:
    raise error


def outcome_to_json(outcome: HandOutcome) -> dict[str, Any]:
    return {
        "number": outcome.number,
        "dealer": outcome.dealer.value,
        "bids": bids_to_json(outcome.bids),
        "tricks": {s.value: n for s, n in outcome.tricks.items()},
        "scores": {t.value: _score_to_json(sc) for t, sc in outcome.scores.items()},
        "totals": {t.value: n for t, n in outcome.totals.items()},
        "boston": outcome.boston.value if outcome.boston else None,
        "final": outcome.final,
    }


def outcome_from_json(value: object) -> HandOutcome:
    if not isinstance(value, dict):
        raise wrong(Wrong.NOT_AN_OBJECT, key="outcome")
    return HandOutcome(
        number=as_int(value.get("number")),
        dealer=seat_from_json(value.get("dealer")),
        bids=bids_from_json(value.get("bids")),
        tricks=_seat_map(value.get("tricks"), as_int),
        scores=_team_map(value.get("scores"), _score_from_json),
        totals=_team_map(value.get("totals"), as_int),
        boston=optional(value, "boston", team_from_json),
        # Older peers leave it out: a hand that ended the match is told by MatchWon too.
        final=value.get("final") is True,
    )


# ---- the seat view ---------------------------------------------------------------

#: The view's fields that differ from seat to seat. All the others are the same for the
#: four seats at one moment (tests/net/test_net_protocol.py checks it), which is what lets
#: ``ViewEncoder`` encode them once for all four.
SEAT_FIELDS = ("seat", "hand", "hand_seen", "current", "legal_cards", "legal_bids")


def _seat_fields(view: SeatView) -> dict[str, Any]:
    return {
        "seat": view.seat.value,
        "hand": cards_to_json(view.hand),
        "hand_seen": view.hand_seen,
        "current": trick_to_json(view.current),
        "legal_cards": cards_to_json(view.legal_cards),
        "legal_bids": [b.to_json() for b in view.legal_bids],
    }


def _shared_fields(view: SeatView) -> dict[str, Any]:
    """The fields outside ``SEAT_FIELDS``, less the finished hands."""
    return {
        "rules": rules_to_json(view.ruleset),
        "hand_number": view.hand_number,
        "dealer": view.dealer.value if view.dealer else None,
        "phase": view.phase.value if view.phase else None,
        "to_act": view.to_act.value if view.to_act else None,
        "bids": bids_to_json(view.bids),
        "tricks": [trick_to_json(t) for t in view.tricks],
        "tricks_won": {s.value: n for s, n in view.tricks_won.items()},
        "spades_broken": view.spades_broken,
        "shown_out": {
            s.value: [suit.code for suit in sorted(out, key=lambda x: x.index)]
            for s, out in view.shown_out.items()
        },
        "totals": {t.value: n for t, n in view.totals.items()},
        "bags": {t.value: n for t, n in view.bags.items()},
        "winner": view.winner.value if view.winner else None,
    }


def view_to_json(view: SeatView, outcomes_from: int = 0) -> dict[str, Any]:
    """One seat's view. It holds that seat's cards and public facts, nothing more.

    The finished hands are written from number ``outcomes_from`` (0-based) on: a
    connection keeps the ones it was sent before, so each crosses the wire once.
    """
    return {
        **_seat_fields(view),
        **_shared_fields(view),
        "outcomes_from": outcomes_from,
        "outcomes": [outcome_to_json(o) for o in view.outcomes[outcomes_from:]],
    }


def outcomes_from_json(
    value: Mapping[str, Any], earlier: tuple[HandOutcome, ...] = ()
) -> tuple[HandOutcome, ...]:
    """Every finished hand of a view: the first ``outcomes_from`` of ``earlier`` (what this
    connection was sent before), then the view's own ``outcomes``."""
    start = as_int(value.get("outcomes_from"))
    if not 0 <= start <= len(earlier):
        raise wrong(Wrong.OUTCOMES_UNSENT)
    new = tuple(outcome_from_json(o) for o in as_list(value.get("outcomes"), 10_000))
    return earlier[:start] + new


def view_from_json(value: object, outcomes: tuple[HandOutcome, ...] | None = None) -> SeatView:
    """The view in ``value``; ``outcomes`` are its finished hands when the caller has
    already read them with ``outcomes_from_json``, else the view must hold them all."""
    if not isinstance(value, dict):
        raise wrong(Wrong.NOT_AN_OBJECT, key="view")
    tricks = tuple(trick_from_json(t) for t in as_list(value.get("tricks"), 13))
    return SeatView(
        seat=seat_from_json(value.get("seat")),
        ruleset=rules_from_json(value.get("rules")),
        hand_number=as_int(value.get("hand_number")),
        dealer=optional(value, "dealer", seat_from_json),
        phase=optional(value, "phase", phase_from_json),
        to_act=optional(value, "to_act", seat_from_json),
        hand=cards_from_json(value.get("hand")),
        hand_seen=as_bool(value.get("hand_seen")),
        bids=bids_from_json(value.get("bids")),
        tricks=tricks,
        current=trick_from_json(value.get("current")),
        tricks_won=_seat_map(value.get("tricks_won"), as_int),
        spades_broken=as_bool(value.get("spades_broken")),
        shown_out=_seat_map(
            value.get("shown_out"), lambda v: frozenset(suit_from_json(x) for x in as_list(v, 4))
        ),
        legal_cards=cards_from_json(value.get("legal_cards")),
        legal_bids=tuple(bid_from_json(b) for b in as_list(value.get("legal_bids"), 15)),
        totals=_team_map(value.get("totals"), as_int),
        bags=_team_map(value.get("bags"), as_int),
        outcomes=outcomes_from_json(value) if outcomes is None else outcomes,
        winner=optional(value, "winner", team_from_json),
    )


class ViewEncoder:
    """A table's views as JSON text, reading back exactly as ``view_to_json`` writes them.

    The server sends four views for every decision. What they share (``shared``) is
    encoded once per moment, each seat's own fields once per seat, and each finished hand
    once per match, not once per frame.
    """

    def __init__(self) -> None:
        self._outcomes: list[tuple[HandOutcome, str]] = []

    def shared(self, view: SeatView) -> str:
        """The fields all four seats' views have in common now, as JSON object members."""
        return encode(_shared_fields(view))[1:-1]

    def outcomes(self, outcomes: tuple[HandOutcome, ...], start: int) -> str:
        """``outcomes[start:]`` as JSON array members."""
        cache = self._outcomes
        for i, outcome in enumerate(outcomes):
            # Finished hands never change; a new match brings new objects and is re-encoded.
            if i == len(cache) or cache[i][0] is not outcome:
                del cache[i:]
                cache.append((outcome, encode(outcome_to_json(outcome))))
        return ",".join(text for _, text in cache[start : len(outcomes)])

    def view(self, view: SeatView, shared: str, outcomes_from: int) -> str:
        """``view`` as JSON text; ``shared`` is ``self.shared`` of any seat's view now."""
        own = encode(_seat_fields(view))[:-1]
        done = self.outcomes(view.outcomes, outcomes_from)
        return f'{own},{shared},"outcomes_from":{outcomes_from},"outcomes":[{done}]}}'


def lobby_view(seat: Seat, ruleset: Ruleset) -> SeatView:
    """The view before the host starts: no hand dealt, no scores."""
    return SeatView(
        seat=seat,
        ruleset=ruleset,
        hand_number=0,
        dealer=None,
        phase=None,
        to_act=None,
        hand=(),
        hand_seen=True,
        bids=(),
        tricks=(),
        current=Trick(seat, ()),
        tricks_won={s: 0 for s in SEATS},
        spades_broken=False,
        shown_out={s: frozenset() for s in SEATS},
        legal_cards=(),
        legal_bids=(),
        totals={t: 0 for t in TEAMS},
        bags={t: 0 for t in TEAMS},
        outcomes=(),
        winner=None,
    )


# ---- events ----------------------------------------------------------------------


def event_to_json(event: Event) -> dict[str, Any]:
    match event:
        case HandDealt(number, dealer):
            return {"kind": "hand_dealt", "number": number, "dealer": dealer.value}
        case BidPlaced(seat, bid):
            return {"kind": "bid", "seat": seat.value, "bid": bid.to_json()}
        case CardPlayed(seat, card, trick_number, position):
            return {
                "kind": "card",
                "seat": seat.value,
                "card": card.code,
                "trick": trick_number,
                "position": position,
            }
        case SpadesBroken(seat, card):
            return {"kind": "spades_broken", "seat": seat.value, "card": card.code}
        case TrickWon(seat, trick, number, nil_broken):
            return {
                "kind": "trick_won",
                "seat": seat.value,
                "trick": trick_to_json(trick),
                "number": number,
                "nil_broken": None if nil_broken is None else nil_broken.to_json(),
            }
        case TurnToAct(seat, phase, led):
            return {
                "kind": "turn",
                "seat": seat.value,
                "phase": phase.value,
                "led": led.code if led else None,
            }
        case HandScored(outcome):
            return {"kind": "hand_scored", "outcome": outcome_to_json(outcome)}
        case MatchWon(team, totals):
            return {
                "kind": "match_won",
                "team": team.value,
                "totals": {t.value: n for t, n in totals.items()},
            }
        case TakenBack(count, restart):
            return {"kind": "taken_back", "count": count, "restart": restart}
        case Notice(reason, action):
            if action is None:
                return {"kind": "notice", "reason": reason_to_json(reason)}
            return {"kind": "notice", "reason": reason_to_json(reason), "action": action}
        case Chat(seat, name, text):
            # A watcher's line has no seat.
            return {"kind": "chat", "seat": seat.value if seat else None, "name": name,
                    "text": text}
    raise TypeError(f"Not an event: {event!r}")  # pragma: no cover


def _action_name(value: object) -> str | None:
    """A notice's offered action: one this client knows, or none (the words still stand)."""
    return value if isinstance(value, str) and value in OFFERS else None


def event_from_json(value: object) -> Event:
    if not isinstance(value, dict):
        raise wrong(Wrong.NOT_AN_OBJECT, key="event")
    kind = value.get("kind")
    if kind == "hand_dealt":
        return HandDealt(as_int(value.get("number")), seat_from_json(value.get("dealer")))
    if kind == "bid":
        return BidPlaced(seat_from_json(value.get("seat")), bid_from_json(value.get("bid")))
    if kind == "card":
        return CardPlayed(
            seat_from_json(value.get("seat")),
            card_from_json(value.get("card")),
            as_int(value.get("trick")),
            as_int(value.get("position")),
        )
    if kind == "spades_broken":
        return SpadesBroken(seat_from_json(value.get("seat")), card_from_json(value.get("card")))
    if kind == "trick_won":
        return TrickWon(
            seat_from_json(value.get("seat")),
            trick_from_json(value.get("trick")),
            as_int(value.get("number")),
            # A server from before the field says nothing of nils broken.
            None if value.get("nil_broken") is None else bid_from_json(value.get("nil_broken")),
        )
    if kind == "turn":
        return TurnToAct(
            seat_from_json(value.get("seat")),
            phase_from_json(value.get("phase")),
            optional(value, "led", suit_from_json),
        )
    if kind == "hand_scored":
        return HandScored(outcome_from_json(value.get("outcome")))
    if kind == "match_won":
        return MatchWon(team_from_json(value.get("team")), _team_map(value.get("totals"), as_int))
    if kind == "taken_back":
        return TakenBack(as_int(value.get("count")), as_bool(value.get("restart")))
    if kind == "notice":
        reason = reason_from_json(value.get("reason"))
        return Notice(reason, optional(value, "action", _action_name))
    if kind == "chat":
        # Cleaned again here: a client never speaks control characters, whoever sent them.
        return Chat(
            optional(value, "seat", seat_from_json),
            clean_chat(field_of(value, "name", str))[:MAX_NAME],
            clean_chat(field_of(value, "text", str)),
        )
    raise wrong(Wrong.UNKNOWN_EVENT, text=repr(kind)[:40])

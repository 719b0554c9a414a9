"""A reason (``rules.Reason``: a kind and its facts) in words, in the listener's language.

Every layer that knows a fact hands it up as a value; this is the one place it becomes a
sentence, English included (a log, ``score --json``). ``WORDS`` holds a template for
each kind, marked for the catalog; ``say_reason`` fills it with the facts, named in the
current language. How a fact is named, by its type:

- a ``Card`` under ``card`` fills ``{card}`` ("queen of hearts") and ``{the_card}`` (with
  its article, which agrees with the rank in Spanish); a ``Rank`` under ``rank`` fills
  ``{the_rank}`` ("the 10", "la reina");
- a ``Suit``, ``Seat`` or ``Bid`` by its name ("hearts", "South", "nil"); a suit under
  ``suit`` also fills ``{suit_one}``, its singular in English ("a higher heart"; other
  languages' templates say it with the plural, "una carta de corazones");
- a ``Reason`` nested in this one, said in turn; a tuple of them as a list ("a, b and
  c"), each part uncapitalised (the hint's parts, ``hint_words``);
- an ``int`` in digits (under ``count`` also ``{count_word}``: a word in English, "two",
  digits elsewhere), a ``float`` with the language's decimal separator ("2,5"), a ``str``
  as it is (a name, a quoted wrong value).

A template that begins with a card's article (``{the_card}``) is made to begin with a
capital once filled; a field's name (``rules.target``) is written as it is.

>>> from spades_voice.rules import Card, Reason, Why
>>> say_reason(Reason.of(Why.ALREADY_PLAYED, card=Card.from_code("QH")))
'The queen of hearts has already been played.'
"""

from __future__ import annotations

from collections.abc import Mapping

from spades_voice.ai.hint_why import HintWhy
from spades_voice.narration.closes import Closed
from spades_voice.narration.hint_words import HINT_WORDS
from spades_voice.narration.kinds import Kind
from spades_voice.narration.language import N_, Language, _, current, speaking
from spades_voice.narration.naming import (
    bid_name,
    card_name,
    seat_name,
    suit_name,
    the_card,
    the_rank,
)
from spades_voice.narration.notices import Told
from spades_voice.narration.refusals import Refusal
from spades_voice.narration.wire import Wrong
from spades_voice.narration.words import cap, decimal, join
from spades_voice.rules import Bid, Card, Rank, Reason, Seat, Suit, Why

#: The rules' reasons: why a bid, a card, a look or an undo is refused, and why a text or
#: JSON form (a card code, a ruleset, a record) is not one.
RULES_WORDS: Mapping[str, str] = {
    Why.BIDDING_OVER: N_("Bidding is over."),
    Why.NOT_YOUR_TURN_TO_BID: N_("It is not your turn to bid."),
    Why.BLIND_NIL_OFF: N_("Blind nil is not allowed at this table."),
    Why.BLIND_NIL_SEEN: N_("Blind nil must be bid before you see your cards."),
    Why.BIDDING_NOT_OVER: N_("Bidding is not over yet."),
    Why.HAND_OVER: N_("The hand is over."),
    Why.NOT_YOUR_TURN: N_("It is not your turn."),
    Why.ALREADY_PLAYED: N_("{the_card} has already been played."),
    Why.NOT_HELD: N_("You do not hold {the_card}."),
    Why.SPADES_NOT_BROKEN: N_("Spades are not broken yet, and you hold other suits."),
    Why.MUST_FOLLOW: N_("You must follow {suit}."),
    Why.CANNOT_PLAY_NOW: N_("You cannot play now."),
    Why.CANNOT_PLAY_CARD: N_("You cannot play that card."),
    Why.MATCH_OVER: N_("The match is over."),
    Why.NO_HAND: N_("No hand is dealt."),
    Why.NOTHING_TO_UNDO: N_("Nothing to undo in this hand."),
    Why.ONLY_YOU_LOOK: N_("Only you can look at your cards."),
    Why.LOOK_NOT_COUNTED: N_("Looking at the cards counts only where blind nil is played."),
    Why.ALREADY_SEEN: N_("You have already seen your cards."),
    Why.NOT_A_CARD: N_("Not a card: {text}."),
    Why.NOT_A_SUIT: N_("Not a suit: {text}."),
    Why.NOT_A_RANK: N_("Not a rank: {text}."),
    Why.NOT_A_SEAT: N_("Not a seat: {text}."),
    Why.NOT_A_BID: N_("Not a bid: {text}."),
    Why.NOT_A_RECORD_BID: N_('Not a bid: {text}. Bids are "{nil}", "{blind}" or 1 to 13.'),
    Why.BID_RANGE: N_("Bids are nil or 1 to 13."),
    Why.BLIND_ONLY_NIL: N_("Only nil can be bid blind."),
    Why.NOT_THIRTEEN: N_("{seat} must hold 13 cards, not {number}."),
    Why.DEALT_TWICE: N_("{the_card} is dealt twice."),
    Why.HELD_TWICE: N_("{seat} holds a card twice."),
    Why.DECK_INCOMPLETE: N_("The deal must use every card once."),
    Why.TARGET_NOT_POSITIVE: N_("target must be a positive whole number or null, not {text}."),
    Why.RULES_NOT_OBJECT: N_("rules must be an object."),
    Why.TARGET_NOT_WHOLE: N_("rules.target must be a whole number or null, not {text}."),
    Why.BLIND_NIL_NOT_BOOL: N_("rules.blind_nil must be true or false, not {text}."),
    Why.SPADES_ANY_TIME_NOT_BOOL: N_("rules.spades_any_time must be true or false, not {text}."),
    Why.FAILED_NIL_NOT_KNOWN: N_(
        'rules.failed_nil_tricks must be "{bags}" or "{partner}", not {text}.'
    ),
    Why.RECORD_NOT_OBJECT: N_("A record must be a JSON object."),
    Why.RECORD_FORMAT: N_('must be "{format}", not {text}.'),
    Why.NOT_A_LIST: N_("must be a list."),
    Why.NOT_AN_OBJECT: N_("must be an object."),
    Why.BAD_DEALER: N_("must be one of {seats}, not {text}."),
    Why.DEAL_NOT_SEATS: N_("must be an object with {seats}."),
    Why.NOT_THIRTEEN_LIST: N_("must be a list of 13 cards."),
    Why.TOO_MANY_BIDS: N_("must be a list of at most {number} bids."),
    Why.TOO_MANY_CARDS: N_("must be a list of at most {number} cards."),
    Why.TOO_MANY_SEATS: N_("must be a list of at most {number} seats."),
    Why.SEAT_TWICE: N_("names a seat twice."),
    Why.NOT_JSON: N_("Not JSON: {text} at line {line}, column {column}."),
    Why.ALREADY_WON: N_("The match was already won after hand {number}."),
    Why.UNFINISHED: N_("Hand {number} is unfinished, but another hand follows."),
}

#: The kinds of the layers above the rules, each a ``Kind`` enum holding its own words. A
#: new enum of kinds is added here, once; a new kind is a new member of its enum.
KINDS: tuple[type[Kind], ...] = (Refusal, Wrong, Told, Closed)

#: Every kind's template: the rules', the AI's hint reasons', and the layers' above.
WORDS: Mapping[str, str] = {
    **RULES_WORDS,
    **HINT_WORDS,
    **{kind: kind.words for kinds in KINDS for kind in kinds},
}

#: Said for a kind this program has no words for (a newer server's, say): the facts are
#: not guessed at.
UNKNOWN = N_("The table refused that.")


#: How English says a number the hint spells as a word ("two aces", "five spades").
NUMBER_WORDS = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen",
)

#: A suit's singular in English ("a higher heart"); other languages say the plural.
SUIT_ONE = {
    Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"
}


def _facts(reason: Reason) -> dict[str, str]:
    """Each fact named in the current language, under its name (and ``the_`` + name for
    a card, see the module's list for the rest)."""
    english = current() is Language.EN
    out: dict[str, str] = {}
    for name, value in reason:
        if isinstance(value, Card):
            out[name] = card_name(value)
            out[f"the_{name}"] = the_card(value)
        elif isinstance(value, Rank):
            out[f"the_{name}"] = the_rank(value)
        elif isinstance(value, Suit):
            out[name] = suit_name(value)
            out[f"{name}_one"] = SUIT_ONE[value] if english else suit_name(value)
        elif isinstance(value, Seat):
            out[name] = seat_name(value)
        elif isinstance(value, Bid):
            out[name] = bid_name(value)
        elif isinstance(value, Reason):
            out[name] = say_reason(value)
        elif isinstance(value, tuple):
            out[name] = _parts(value)
        elif isinstance(value, float):
            out[name] = decimal(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            out[name] = str(value)
            out[f"{name}_word"] = NUMBER_WORDS[value] if english and value < 14 else str(value)
        else:
            out[name] = str(value)
    return out


def _parts(parts: tuple[object, ...]) -> str:
    """Reasons said as a list, each as its template fills it (no capital: it is inside a
    sentence). Outside English two or more whole cards of one suit are one phrase: "el as,
    el rey y la reina de picas" (a breath is 25 words, and Spanish names are longer)."""
    reasons = [part for part in parts if isinstance(part, Reason)]
    if current() is not Language.EN:
        same = _same_suit(reasons)
        if same is not None:
            return same
    return join(_fill(part) for part in reasons)


def _same_suit(parts: list[Reason]) -> str | None:
    """Two or more parts that are each a card with its article, all of one suit, as one
    phrase; None when they are not."""
    if len(parts) < 2 or any(part.kind != HintWhy.PART_CARD for part in parts):
        return None
    cards = [part["card"] for part in parts]
    if not all(isinstance(c, Card) for c in cards):
        return None
    suits = {c.suit for c in cards if isinstance(c, Card)}
    if len(suits) != 1:
        return None
    ranks = join(the_rank(c.rank) for c in cards if isinstance(c, Card))
    return _("{ranks} of {suit}").format(ranks=ranks, suit=suit_name(suits.pop()))


def _fill(reason: Reason, unknown: str = UNKNOWN) -> str:
    """``reason``'s template in the current language filled with its facts, uncapitalised;
    ``unknown`` for a kind this program has no words for."""
    template = WORDS.get(reason.kind)
    return _(unknown) if template is None else _(template).format(**_facts(reason))


def say_reason(reason: Reason, unknown: str = UNKNOWN) -> str:
    """``reason`` as a sentence in the current language; ``unknown`` (a catalog template)
    for a kind this program has no words for."""
    text = _fill(reason, unknown)
    known = reason.kind in WORDS
    return cap(text) if known and _(WORDS[reason.kind]).startswith("{the_") else text


def english(reason: Reason) -> str:
    """``reason`` in English, whatever the current language: for a log, ``score --json``
    and a table server, which speaks English."""
    with speaking(Language.EN):
        return say_reason(reason)


__all__ = ["RULES_WORDS", "UNKNOWN", "WORDS", "english", "say_reason"]

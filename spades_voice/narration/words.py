"""Small word helpers shared by every summary: names, agreement, counts, card lists.

``Cast`` knows who "you" are and what the other seats are called, so a sentence says
"You take it." for the player and "Alex takes it." for anyone else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from spades_voice.narration.language import _, current, ngettext, pgettext
from spades_voice.narration.naming import seat_name
from spades_voice.options import HandOrder
from spades_voice.rules import SUITS, Card, Seat, Suit, Team

YOU = "You"


def cap(text: str) -> str:
    """First letter upper case, the rest untouched ("queen of hearts" -> "Queen of hearts");
    a letter with no one-letter capital stays as it is (German ß, never "SS")."""
    first = text[:1].upper()
    return (first if len(first) == 1 else text[:1]) + text[1:]


def count(n: int, one: str, many: str | None = None) -> str:
    """ "1 trick", "3 tricks", "0 tricks" (digits always)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def tricks(n: int) -> str:
    """ "1 trick", "3 tricks", in the current language."""
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def decimal(x: float) -> str:
    """A number as written and said, whole numbers plainly, otherwise one decimal with the
    language's separator: "42", "38.5" ("38,5" in Spanish), "-8.8"."""
    text = f"{x:.1f}".removesuffix(".0")
    return "0" if text == "-0" else text.replace(".", current().decimal_separator)


def signed(n: int) -> str:
    """A score as words: "72", "minus 40"."""
    return _("minus {n}").format(n=-n) if n < 0 else str(n)


def change(n: int) -> str:
    """A change in points: "plus 100", "minus 100"."""
    return _("minus {n}").format(n=-n) if n < 0 else _("plus {n}").format(n=n)


def join(parts: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(parts)
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def by_suit(cards: Iterable[Card]) -> dict[Suit, list[Card]]:
    """Cards grouped by suit (spades, hearts, diamonds, clubs), each high to low."""
    groups: dict[Suit, list[Card]] = {s: [] for s in SUITS}
    for c in cards:
        groups[c.suit].append(c)
    for cs in groups.values():
        cs.sort(key=lambda c: -c.rank.value)
    return groups


def hand_order(
    cards: Iterable[Card], order: HandOrder = HandOrder.SUIT, dealt: Sequence[Card] = ()
) -> list[Card]:
    """The order the player moves through a hand and hears it. By suit (spades, hearts,
    diamonds, clubs), each high to low; by rank, high to low, suits in that order; as
    ``dealt`` (where that order is unknown, by suit).

    >>> from spades_voice.rules import Card
    >>> cards = [Card.from_code(c) for c in ("2S", "AH", "KS", "AS")]
    >>> [c.code for c in hand_order(cards)]
    ['AS', 'KS', '2S', 'AH']
    >>> [c.code for c in hand_order(cards, HandOrder.RANK)]
    ['AS', 'AH', 'KS', '2S']
    """
    held = list(cards)
    if order is HandOrder.RANK:
        return sorted(held, key=lambda c: (-c.rank.value, SUITS.index(c.suit)))
    groups = by_suit(held)
    by_suits = [c for s in SUITS for c in groups[s]]
    if order is HandOrder.DEALT and dealt:
        kept = set(held)
        first = [c for c in dealt if c in kept]
        return first + [c for c in by_suits if c not in set(first)]
    return by_suits


def same_group(a: Card, b: Card, order: HandOrder) -> bool:
    """Whether ``a`` and ``b`` sit in one group of the hand (Up and Down jump between
    groups): one rank when ordered by rank, else one suit."""
    return a.rank == b.rank if order is HandOrder.RANK else a.suit == b.suit


@dataclass(frozen=True)
class Cast:
    """Who is who at the table, from ``me``'s chair. A watcher (``watching``) has no
    chair: ``me`` only orders the seats and teams it hears, and nobody is "you"."""

    me: Seat
    names: Mapping[Seat, str] = field(default_factory=dict)
    watching: bool = False

    def is_me(self, seat: Seat | None) -> bool:
        """Whether ``seat`` is the listener's own (never, for a watcher)."""
        return seat is self.me and not self.watching

    def name(self, seat: Seat) -> str:
        """Subject form: "You", "Alex"."""
        if self.is_me(seat):
            return pgettext("subject", "You")
        return self.names.get(seat) or seat_name(seat)

    def obj(self, seat: Seat) -> str:
        """Inside a sentence: "you", "Alex"."""
        return pgettext("inside a sentence", "you") if self.is_me(seat) else self.name(seat)

    def says(self, seat: Seat, mine: str, theirs: str, **fields: object) -> str:
        """One of two whole sentences, the player's own (``mine``: "You take it.") or
        anyone else's (``theirs``: "{name} takes it.", with ``name`` filled), both already
        in the current language; ``fields`` fill the rest."""
        if self.is_me(seat):
            return mine.format(**fields)
        return theirs.format(name=self.name(seat), **fields)

    @property
    def my_team(self) -> Team:
        return self.me.team

    def team(self, team: Team) -> str:
        """A partnership at a sentence start: "You and Alex", "Robin and Sam"."""
        a, b = team.seats
        if self.is_me(a) or self.is_me(b):
            return _("You and {partner}").format(partner=self.name(self.me.partner))
        return _("{a} and {b}").format(a=self.name(a), b=self.name(b))

    def team_obj(self, team: Team) -> str:
        """A partnership inside a sentence: "you and Alex", "Robin and Sam"."""
        if self.is_me(team.seats[0]) or self.is_me(team.seats[1]):
            return _("you and {partner}").format(partner=self.name(self.me.partner))
        return self.team(team)

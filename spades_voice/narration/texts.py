"""Fixed sentences: the greeting, prompts, the rules, questions the shell asks."""

from __future__ import annotations

from spades_voice.narration.words import signed
from spades_voice.rules import FailedNilTricks, Match, MatchState, Ruleset, Team

#: The first thing said, before anything else has loaded.
GREETING = "Spades. Press question mark for help."


def rules_lines(ruleset: Ruleset) -> list[str]:
    """The rules of this table, one sentence per entry (the rules key's list)."""
    target = (
        f"The first team to reach {ruleset.target} and be ahead wins; ties play on."
        if ruleset.target is not None
        else "One hand decides the match; a tie plays another hand."
    )
    nil_tricks = (
        "A failed nil's tricks never count toward the partner's bid: each is a bag and 1 point."
        if ruleset.failed_nil_tricks is FailedNilTricks.BAGS
        else "A failed nil's tricks count toward the partner's bid."
    )
    blind = (
        "Blind nil is allowed: bid before you see your cards, for plus or minus 200."
        if ruleset.blind_nil
        else "Blind nil is not played at this table."
    )
    return [
        "13 cards each. Aces are high. Spades are always trump.",
        "Each player bids once: nil, or 1 to 13 tricks.",
        "Your team's bid is the sum of both bids. Make it: 10 points per trick bid, "
        "plus 1 for each extra trick. Miss it: minus 10 per trick bid.",
        "Each extra trick is a bag. Every 10 bags cost 100 points.",
        "Nil: take no tricks for plus 100; take any and it is minus 100.",
        nil_tricks,
        blind,
        "Follow the suit led if you can; otherwise play anything.",
        "Spades cannot be led until a spade has been played, unless you hold only spades.",
        "The highest spade wins the trick, else the highest card of the suit led.",
        target,
    ]


def saved_offer(match: Match) -> str:
    """The start-up question when a saved match waits."""
    state = MatchState(match)
    ns, ew = state.totals[Team.NS], state.totals[Team.EW]
    return (
        f"A saved match is waiting: hand {state.hand_number}, "
        f"you and your partner {signed(ns)}, the opponents {signed(ew)}. "
        "Enter continues it; N starts a new match."
    )


NEXT_HAND = "Press N to deal the next hand."
NEW_MATCH = "Press N for a new match, or Q to quit."
BLIND_OFFER = "Blind nil? Y bids blind nil. Escape shows your cards."
#: Said once, when a key that shows cards is pressed while blind nil is offered.
BLIND_WITHDRAWN = "Blind nil withdrawn: you have seen your cards."
HIDDEN = "Your cards are hidden: blind nil is open."
CONFIRM_NEW = (
    "Start a new match? This one is not finished and counts as a loss. "
    "Y starts new, Escape goes back."
)
#: N at the saved-match offer: starting over abandons the saved match.
CONFIRM_ABANDON_SAVED = (
    "Start a new match? The saved one counts as a loss. Y starts new, Escape goes back."
)
REPORT_NEEDS_STORAGE = "Problem reports need the data folder, which is not available."
CONFIRM_RESTART = "Restart this hand? Y restarts, Escape goes back."
CONFIRM_QUIT = "Quit the game? Y quits, Escape goes back."
HINT_LATER = "Hints come on your turn."
NO_STATS = "Statistics are not available."
PAUSED = "Paused. P resumes."
RESUMED = "Resumed."

#: Said by ``host`` and ``join`` when the settings file cannot be used (``play`` sets it
#: aside and says so in its own words).
SETTINGS_UNREADABLE = "Your settings could not be read, so the defaults are used."

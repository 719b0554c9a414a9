"""Fixed sentences: the greeting, prompts, the rules, questions the shell asks."""

from __future__ import annotations

from spades_voice.narration.language import N_, _, for_touch
from spades_voice.narration.words import signed
from spades_voice.rules import FailedNilTricks, Ruleset, SeatView, Team

#: The first thing said, before anything else has loaded.
GREETING = for_touch(
    N_("Spades. Press question mark for help."), N_("Spades. Tap Help for every action.")
)


def rules_lines(ruleset: Ruleset) -> list[str]:
    """The rules of this table, one sentence per entry (the rules key's list)."""
    target = (
        _("The first team to reach {target} and be ahead wins; ties play on.").format(
            target=ruleset.target
        )
        if ruleset.target is not None
        else _("One hand decides the match; a tie plays another hand.")
    )
    nil_tricks = (
        _("A failed nil's tricks never count toward the partner's bid: each is a bag and 1 point.")
        if ruleset.failed_nil_tricks is FailedNilTricks.BAGS
        else _("A failed nil's tricks count toward the partner's bid.")
    )
    lead = (
        _("House rule: spades may be led at any time, broken or not.")
        if ruleset.spades_any_time
        else _("Spades cannot be led until a spade has been played, unless you hold only spades.")
    )
    blind = (
        _("Blind nil is allowed: bid before you see your cards, for plus or minus 200.")
        if ruleset.blind_nil
        else _("Blind nil is not played at this table.")
    )
    return [
        _("13 cards each. Aces are high. Spades are always trump."),
        _("Each player bids once: nil, or 1 to 13 tricks."),
        _("Your team's bid is the sum of both bids."),
        _("Make it: 10 points per trick bid, plus 1 for each extra trick. Miss it: minus 10 "
          "per trick bid."),
        _("Each extra trick is a bag. Every 10 bags cost 100 points."),
        _("Nil: take no tricks for plus 100; take any and it is minus 100."),
        nil_tricks,
        blind,
        _("Follow the suit led if you can; otherwise play anything."),
        lead,
        _("The highest spade wins the trick, else the highest card of the suit led."),
        target,
    ]


def saved_offer(view: SeatView) -> str:
    """The start-up question when a saved match waits (``view``: where it stands)."""
    ns, ew = view.totals[Team.NS], view.totals[Team.EW]
    return _(
        "A saved match is waiting: hand {number}, you and your partner {us}, the opponents "
        "{them}. Enter continues it; N starts a new match."
    ).format(number=view.hand_number, us=signed(ns), them=signed(ew))


NEXT_HAND = for_touch(N_("Press N to deal the next hand."), N_("Tap Next to deal the next hand."))
NEW_MATCH = for_touch(N_("Press N for a new match, or Q to quit."), N_("Tap Next for a new match."))
#: A watcher at the end of a match: the players decide whether another begins.
WATCHING_OVER = N_("Press Q to leave; if the players start a new match, you hear it here.")


def over_prompt(watching: bool) -> str:
    """What to do at the end of a match: a player may start another, a watcher may go."""
    return WATCHING_OVER if watching else NEW_MATCH


BLIND_OFFER = for_touch(
    N_("Blind nil? Y bids blind nil. Escape shows your cards."),
    N_("Blind nil? Tap Bid blind nil, or Show my cards."),
)
#: Said once, when a key that shows cards is pressed while blind nil is offered.
BLIND_WITHDRAWN = N_("Blind nil withdrawn: you have seen your cards.")
HIDDEN = N_("Your cards are hidden: blind nil is open.")
CONFIRM_NEW = for_touch(
    N_("Start a new match? This one is not finished and counts as a loss. "
       "Y starts new, Escape goes back."),
    N_("Start a new match? This one is not finished and counts as a loss. "
       "Tap Yes to start new, or Back."),
)
#: N at the saved-match offer: starting over abandons the saved match.
CONFIRM_ABANDON_SAVED = for_touch(
    N_("Start a new match? The saved one counts as a loss. Y starts new, Escape goes back."),
    N_("Start a new match? The saved one counts as a loss. Tap Yes to start new, or Back."),
)
CONFIRM_RESTART = for_touch(
    N_("Restart this hand? Y restarts, Escape goes back."),
    N_("Restart this hand? Tap Yes to restart, or Back."),
)
CONFIRM_QUIT = for_touch(
    N_("Quit the game? Y quits, Escape goes back."), N_("Quit the game? Tap Yes to quit, or Back.")
)
#: Q before anyone has moved: a match nobody moved in is not kept, and the next game
#: deals afresh. Said in the question, while staying is still a choice (the goodbye
#: must stay short to be heard whole before the game exits).
CONFIRM_QUIT_UNSAVED = for_touch(
    N_("Quit the game? Nothing is saved yet. Y quits, Escape goes back."),
    N_("Quit the game? Nothing is saved yet. Tap Yes to quit, or Back."),
)
HINT_LATER = N_("Hints come on your turn.")
NO_STATS = N_("Statistics are not available.")
PAUSED = N_("Paused. P resumes.")
RESUMED = N_("Resumed.")

#: Said by ``host`` and ``join`` when the settings file cannot be used (``play`` sets it
#: aside and says so in its own words).
SETTINGS_UNREADABLE = N_("Your settings could not be read, so the defaults are used.")

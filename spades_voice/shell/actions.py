"""Every action a key can do. The docstring of each handler is its spoken help text.

``keymap.toml`` names these actions; ``ACTIONS`` maps each name to its handler, and
``help_texts()`` gives the help key and ``spades-voice keys`` the same words.
"""

from __future__ import annotations

from collections.abc import Callable

from spades_voice.narration import texts
from spades_voice.shell.state import Confirm, Shell

Handler = Callable[[Shell], None]
ACTIONS: dict[str, Handler] = {}

#: Actions that still work while a yes/no question is open.
CONFIRM_ACTIONS = frozenset({"yes", "select", "back", "repeat", "silence"})


def action(name: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        ACTIONS[name] = handler
        return handler

    return register


def help_texts() -> dict[str, str]:
    """Action name -> what it does, from the handlers' docstrings."""
    return {name: " ".join((h.__doc__ or "").split()) for name, h in ACTIONS.items()}


# ---- what is on the table ----------------------------------------------------------


@action("hand")
def hand(shell: Shell) -> None:
    """Your hand, suit by suit, with the number of spades last."""
    shell.say_hand()


@action("bids")
def bids(shell: Shell) -> None:
    """Who bid what, tricks each, what each team still needs, and nil status."""
    shell.say_bids()


@action("scores")
def scores(shell: Shell) -> None:
    """Scores and bags for each team, the target, and a warning at 7 bags or more."""
    shell.say_scores()


@action("trick")
def trick(shell: Shell) -> None:
    """This trick so far and who is winning it."""
    shell.say_trick()


@action("count")
def count(shell: Shell) -> None:
    """Tricks gone and left, and whether spades are broken."""
    shell.say_count()


@action("seats")
def seats(shell: Shell) -> None:
    """Who sits where, and the partnerships."""
    shell.say_seats()


@action("people")
def people(shell: Shell) -> None:
    """Who is at the table: each seat's person or computer, and who is connected."""
    shell.say_people()


@action("since_my_turn")
def since_my_turn(shell: Shell) -> None:
    """Every play since your last card, in order."""
    shell.say_since()


@action("what_we_need")
def what_we_need(shell: Shell) -> None:
    """Tricks your team still needs, nils alive or failed, and whether the opponents can
    still be set."""
    shell.say_need()


@action("last_trick")
def last_trick(shell: Shell) -> None:
    """The last completed trick."""
    shell.say_last_trick()


@action("review")
def review(shell: Shell) -> None:
    """Review this hand's tricks one by one."""
    shell.open_review()


@action("history")
def history(shell: Shell) -> None:
    """The history log, newest first: Up and Down move, Home newest, End oldest, Escape
    back."""
    shell.open_history()


@action("statistics")
def statistics(shell: Shell) -> None:
    """Your statistics."""
    shell.say_stats()


# ---- moving and choosing -------------------------------------------------------------


@action("previous")
def previous(shell: Shell) -> None:
    """Previous card in your hand; a lower bid while bidding; the previous entry in a
    list."""
    shell.move("previous")


@action("next")
def next_(shell: Shell) -> None:
    """Next card in your hand; a higher bid while bidding; the next entry in a list."""
    shell.move("next")


@action("up")
def up(shell: Shell) -> None:
    """A lower bid while bidding; the previous suit in your hand; up a list."""
    shell.move("up")


@action("down")
def down(shell: Shell) -> None:
    """A higher bid while bidding; the next suit in your hand; down a list."""
    shell.move("down")


@action("first")
def first(shell: Shell) -> None:
    """First card in your hand; nil while bidding; the newest history entry."""
    shell.move("first")


@action("last")
def last(shell: Shell) -> None:
    """Last card in your hand; 13 while bidding; the oldest history entry."""
    shell.move("last")


@action("select")
def select(shell: Shell) -> None:
    """Play the focused card, place the focused bid, or answer yes."""
    shell.select()


@action("yes")
def yes(shell: Shell) -> None:
    """Yes to a question; bids blind nil when it is offered."""
    shell.yes()


@action("back")
def back(shell: Shell) -> None:
    """No to a question, back to the table from a list, or see your cards instead of
    bidding blind nil."""
    shell.back()


@action("move_on")
def move_on(shell: Shell) -> None:
    """Move on: deal the next hand, or start a new match (asks first if this one is not
    finished)."""
    shell.move_on()


# ---- help and the game itself ---------------------------------------------------------------


@action("help")
def help_(shell: Shell) -> None:
    """Every key and what it does, one by one."""
    shell.open_help(shell.help_lines(help_texts()))


@action("repeat")
def repeat(shell: Shell) -> None:
    """Say the last thing again."""
    shell.repeat()


@action("silence")
def silence(shell: Shell) -> None:
    """Stop speaking."""
    shell.silence()


@action("hint")
def hint(shell: Shell) -> None:
    """A hint on your turn: what the computer would do, and why."""
    shell.hint()


@action("undo")
def undo(shell: Shell) -> None:
    """Take back your last bid or card in this hand, and everything after it."""
    shell.undo()


@action("restart_hand")
def restart_hand(shell: Shell) -> None:
    """Start this hand again with the same cards (asks first)."""
    shell.restart_hand()


@action("pause")
def pause(shell: Shell) -> None:
    """Pause or resume: the computers and the clock wait."""
    shell.toggle_pause()


@action("rules")
def rules(shell: Shell) -> None:
    """The rules of this table, one by one."""
    shell.open_rules()


@action("pace")
def pace(shell: Shell) -> None:
    """Change the pace of the computers: relaxed, quick or instant."""
    shell.cycle_pace()


@action("verbosity")
def verbosity(shell: Shell) -> None:
    """Switch between brief and full descriptions of each card and trick."""
    shell.toggle_verbosity()


@action("quit")
def quit_(shell: Shell) -> None:
    """Quit the game (asks first)."""
    shell.quit()


def dispatch(shell: Shell, name: str) -> None:
    """Run action ``name``; while a question is open, only its answers and help work."""
    overlay = shell.overlay
    n_answers = name == "move_on" and isinstance(overlay, Confirm) and overlay.n_is_no
    if isinstance(overlay, Confirm) and name not in CONFIRM_ACTIONS and not n_answers:
        shell.answer(texts.CONFIRM_HELP)
        return
    ACTIONS[name](shell)

"""At the table: what each key does while no list is open and no question is asked.

Each handler's docstring is its spoken help (the help key and ``spades-voice keys``).
The table's keys also work while a list is open (the history stays live), except those
the list mode binds for itself: moving, Enter and Escape.
"""

from __future__ import annotations

from spades_voice import narration as say
from spades_voice.narration import notices, prompts, refusals, texts
from spades_voice.narration.keynames import spoken_key, spoken_keys
from spades_voice.narration.language import line
from spades_voice.narration.lines import Line
from spades_voice.narration.reasons import say_reason
from spades_voice.narration.refusals import Refusal
from spades_voice.rules import BID_CHOICES, BLIND_NIL, Decision, IllegalAction, Phase, Reason
from spades_voice.shell.advice import ADVICE_ACTIONS
from spades_voice.shell.binding import Handler, doc, registry
from spades_voice.shell.chat_mode import CHAT_ACTIONS
from spades_voice.shell.choices import CHOICE_ACTIONS
from spades_voice.shell.history_keys import HISTORY_ACTIONS
from spades_voice.shell.list_mode import (
    open_help,
    open_history,
    open_review,
    open_rules,
)
from spades_voice.shell.match_keys import MATCH_ACTIONS
from spades_voice.shell.playable import PLAYABLE_ACTIONS
from spades_voice.shell.playable import hand_bound as _hand_bound
from spades_voice.shell.seeing import look
from spades_voice.shell.sound_keys import SOUND_ACTIONS
from spades_voice.shell.state import Shell
from spades_voice.sound import Cue
from spades_voice.table import LetsIn, Person, Seatable, SharedSeat, Steppable

TABLE_ACTIONS, action = registry()
#: Keys that work in every mode, a question included.
ALWAYS_ACTIONS, always = registry()




def help_texts() -> dict[str, str]:
    """Action name -> what it does, from the handlers' docstrings."""
    actions: dict[str, Handler] = {
        **TABLE_ACTIONS, **ADVICE_ACTIONS, **MATCH_ACTIONS, **PLAYABLE_ACTIONS,
        **CHOICE_ACTIONS, **HISTORY_ACTIONS, **CHAT_ACTIONS, **ALWAYS_ACTIONS, **SOUND_ACTIONS,
    }
    return {name: doc(handler) for name, handler in actions.items()}


def help_lines(shell: Shell) -> list[str]:
    """One entry per action: its keys, then what it does (the docstring, which
    ``scripts/catalog.py`` extracts, or the keymap's own words for it, in the player's
    language)."""
    docs = {**help_texts(), **shell.keymap.help}
    return [
        f"{spoken_keys(shell.keymap.keys_for(name))}: {line(docs[name])}"
        for name in shell.keymap.actions
        if name in docs and shell.keymap.keys_for(name)
    ]


# ---- what is on the table ----------------------------------------------------------


@action("hand")
def hand(shell: Shell) -> None:
    """Your hand, suit by suit, with the number of spades last."""
    if _hand_bound(shell):
        look(shell, lambda: shell.answer(say.hand_summary(shell.view(), shell.focus.order)))


def _standing(shell: Shell, text: str | Line) -> None:
    """An answer to "what is going on": a paused game says so first, since nothing
    moves until it resumes (a wait is never left unexplained)."""
    if shell.driver.paused:
        shell.narrator.before_next(texts.PAUSED)
    shell.answer(text)


@action("bids")
def bids(shell: Shell) -> None:
    """Who bid what, tricks each, what each team still needs, and nil status."""
    cast, brief = shell.chair.cast, shell.narrator.brief
    if shell.between is not None:
        _standing(shell, say.outcome_bids(shell.between, cast, brief=brief))
        return
    _standing(shell, say.bids_summary(shell.view(), cast, brief=brief))


@action("scores")
def scores(shell: Shell) -> None:
    """Scores and bags for each team, the target, and a warning at 7 bags or more."""
    shell.answer(
        say.scores_summary(
            shell.view(), shell.chair.cast, shell.hooks.elapsed_seconds(), after=shell.between
        )
    )


@action("trick")
def trick(shell: Shell) -> None:
    """This trick so far and who is winning it."""
    if _hand_bound(shell):
        brief = shell.narrator.brief
        _standing(shell, say.trick_summary(shell.view(), shell.chair.cast, brief=brief))


@action("count")
def count(shell: Shell) -> None:
    """Tricks gone and left, and whether spades are broken."""
    if _hand_bound(shell):
        shell.answer(say.count_summary(shell.view()))


@action("seats")
def seats(shell: Shell) -> None:
    """Who sits where, and the partnerships."""
    shell.answer(say.seats_summary(shell.view(), shell.chair.cast, brief=shell.narrator.brief))


@action("people")
def people(shell: Shell) -> None:
    """Who is at the table: each seat's person or computer, who is connected, and who
    watches."""
    table = shell.table
    watchers = table.watchers() if isinstance(table, SharedSeat) else []
    shell.answer(say.people_summary([p.summary for p in table.people()], watchers))


@action("seat_waiting")
def seat_waiting(shell: Shell) -> None:
    """At a shared table you host: seat now whoever joined mid-hand, instead of at the
    next deal, or answer a watcher who asks to play. Watching: ask to play."""
    table = shell.table
    if shell.chair.cast.watching:
        _take_seat(shell)
        return
    people = table.people()
    asking = table.asking() if isinstance(table, LetsIn) else []
    if asking and isinstance(table, LetsIn):
        _answer_asking(shell, table, asking[0], people)
        return
    waiting = [p for p in people if p.waiting]
    if not waiting or not isinstance(table, SharedSeat):
        shell.answer(notices.NOBODY_WAITING_AT_ALL)
        return
    host = next((p for p in people if p.host), None)
    if host is not None and not host.you and host.connected:
        shell.answer(notices.only_host_seats(waiting[0].waiting))
        return
    try:
        for person in waiting:
            table.admit(person.seat)
    except IllegalAction as exc:
        shell.answer(say_reason(exc.reason))
    # Seated: the table itself says "Bo now sits East." to everyone else.


def _answer_asking(shell: Shell, table: LetsIn, name: str, people: list[Person]) -> None:
    """The host's J when a watcher asks to play: a question; Y lets them in (the table
    says where they sit and from when), Escape says no (they hear it and watch on)."""
    if not any(p.host and p.you for p in people):
        shell.answer(say_reason(Reason(Refusal.ONLY_HOST)))
        return

    def answer(yes: bool) -> None:
        try:
            table.let_in(name, yes)
        except IllegalAction as exc:
            shell.answer(say_reason(exc.reason))
            return
        if not yes:
            shell.answer(notices.goes_on_watching(name))

    shell.ask(notices.let_play(name), lambda: answer(True), lambda: answer(False))


def _take_seat(shell: Shell) -> None:
    """A watcher's J: ask the host for a seat a computer holds (the table says that the
    host decides, then the answer, and where and when)."""
    table = shell.table
    if not isinstance(table, Seatable):
        shell.answer(refusals.WATCHERS_DO_NOT_PLAY)
        return
    try:
        table.take_seat()
    except IllegalAction as exc:
        shell.answer(say_reason(exc.reason))


@action("since_my_turn")
def since_my_turn(shell: Shell) -> None:
    """Every play since your last card, in order."""
    if _hand_bound(shell):
        brief = shell.narrator.brief
        shell.answer(say.since_last_turn(shell.view(), shell.chair.cast, brief=brief))


@action("what_we_need")
def what_we_need(shell: Shell) -> None:
    """Tricks your team still needs, nils alive or failed, and whether the opponents can
    still be set."""
    if _hand_bound(shell):
        shell.answer(say.what_we_need(shell.view(), shell.chair.cast))


@action("last_trick")
def last_trick(shell: Shell) -> None:
    """The last completed trick."""
    tricks = tuple(shell.hand_tricks)
    shell.answer(say.last_trick_summary(tricks, shell.chair.cast, brief=shell.narrator.brief))


@action("review")
def review(shell: Shell) -> None:
    """Review this hand's tricks one by one."""
    open_review(shell)


@action("history")
def history(shell: Shell) -> None:
    """The history log, newest first: Up and Down move, Home newest, End oldest, Escape
    back."""
    open_history(shell)


@action("statistics")
def statistics(shell: Shell) -> None:
    """Your statistics."""
    shell.answer(shell.hooks.stats_text() or texts.NO_STATS)


# ---- moving and choosing -------------------------------------------------------------


def _move(shell: Shell, where: str) -> None:
    """Along the bids while bidding, else along the hand."""
    view = shell.view()
    if shell.hand_hidden(view) and view.my_turn:
        shell.answer(texts.BLIND_OFFER)
    elif shell.bidding_now(view):
        _move_bid(shell, where)
    elif _hand_bound(shell):
        look(shell, lambda: _move_card(shell, where))


def _move_bid(shell: Shell, where: str) -> None:
    bid = shell.focus.move_bid(where)
    # The ends say where they are: "Lowest: nil." "Highest: 13."
    at_end = bid in (BID_CHOICES[0], BID_CHOICES[-1])
    shell.answer(
        prompts.bid_edge(bid, lowest=bid == BID_CHOICES[0]) if at_end else prompts.bid_choice(bid)
    )


def _move_card(shell: Shell, where: str) -> None:
    view = shell.view()
    cards, i = shell.focus.focused(view)
    if not cards:
        shell.answer(prompts.HAND_EMPTY)
        return
    if where in ("up", "down"):
        # Up and Down jump to the first card of the previous or next suit (rank, when the
        # hand is ordered by rank).
        starts = [
            j for j in range(len(cards))
            if j == 0 or not say.same_group(cards[j], cards[j - 1], shell.focus.order)
        ]
        here = max(j for j in starts if j <= i)
        if where == "down":
            target = next((j for j in starts if j > i), here)
        else:
            target = max((j for j in starts if j < here), default=here)
    else:
        target = {
            "previous": max(0, i - 1),
            "next": min(len(cards) - 1, i + 1),
            "first": 0,
            "last": len(cards) - 1,
        }[where]
    shell.focus.put(cards, target)
    line = say.focus_line(cards[target], shell.focus.playable(view, cards[target]))
    if target == i and where in ("previous", "next"):
        line = prompts.at_edge(line, first=where == "previous")
    shell.answer(line)


@action("previous")
def previous(shell: Shell) -> None:
    """Previous card in your hand; a lower bid while bidding; the previous entry in a
    list."""
    _move(shell, "previous")


@action("next")
def next_(shell: Shell) -> None:
    """Next card in your hand; a higher bid while bidding; the next entry in a list."""
    _move(shell, "next")


@action("up")
def up(shell: Shell) -> None:
    """A lower bid while bidding; the previous suit in your hand; up a list."""
    _move(shell, "up")


@action("down")
def down(shell: Shell) -> None:
    """A higher bid while bidding; the next suit in your hand; down a list."""
    _move(shell, "down")


@action("first")
def first(shell: Shell) -> None:
    """First card in your hand; nil while bidding; the newest history entry."""
    _move(shell, "first")


@action("last")
def last(shell: Shell) -> None:
    """Last card in your hand; 13 while bidding; the oldest history entry."""
    _move(shell, "last")


def _submit(shell: Shell, decision: Decision) -> None:
    """Bid or play; a refusal answers with the rules' own sentence (whose turn it is,
    the suit to follow, spades not broken)."""
    try:
        shell.table.submit(decision)
    except IllegalAction as exc:
        shell.chair.cues.cue(Cue.REFUSED, shell.driver.pace, at_once=True)
        shell.answer(say_reason(exc.reason))
        return
    shell.pump()
    table = shell.table
    if shell.driver.paused and isinstance(table, Steppable) and table.computer_to_act():
        shell.tell(texts.PAUSED, None)  # after your move nothing moves: say why
    shell.advance()


@action("select")
def select(shell: Shell) -> None:
    """Play the focused card or place the focused bid; yes only to a question that names
    this key."""
    view = shell.view()
    if shell.hand_hidden(view) and view.my_turn:
        shell.answer(texts.BLIND_OFFER)
        return
    if not _hand_bound(shell):
        return
    # The turn is checked once, by the rules, whose refusal says whose turn it is.
    if view.phase is Phase.BIDDING:
        if view.my_turn and not shell.focus.bid_heard:
            # Nothing is placed that was not heard: say it; Enter again places it.
            shell.answer(prompts.your_bid(shell.focus.hear_bid()))
            return
        _submit(shell, BID_CHOICES[shell.focus.bid])
        return
    cards, i = shell.focus.focused(view)
    if i < 0:
        shell.answer(prompts.HAND_EMPTY)
        return
    card = cards[i]
    if view.my_turn and card in view.legal_cards and card != shell.focus.heard:
        # Nothing is played that was not heard: name it; Enter again plays it.
        shell.focus.hear(card)
        shell.answer(prompts.card_to_play(card))
        return
    _submit(shell, card)


@action("yes")
def yes(shell: Shell) -> None:
    """Yes to a question; bids blind nil when it is offered."""
    view = shell.view()
    if shell.hand_hidden(view) and view.my_turn:
        _submit(shell, BLIND_NIL)
        return
    shell.answer(prompts.NOTHING_TO_CONFIRM)


@action("back")
def back(shell: Shell) -> None:
    """No to a question, back to the table from a list, or see your cards instead of
    bidding blind nil."""
    view = shell.view()
    if shell.hand_hidden(view) and view.my_turn:
        # As H: the offer withdrawn, the hand, then the bid to place; H says the rest.
        keys = shell.keymap.keys_for("hand")
        if keys:
            shell.narrator.asked_by(spoken_key(keys[0]))
        hand(shell)
        return
    shell.answer(prompts.ALREADY_AT_TABLE)


@action("move_on")
def move_on(shell: Shell) -> None:
    """Move on: deal the next hand, or start a new match (asks first if this one is not
    finished)."""
    if shell.between is not None:
        shell.deal_next()
        return
    if shell.over:
        shell.new_match(abandoned=False)
        return
    match = shell.table.match
    if match is not None and not match.decisions:
        shell.answer(prompts.JUST_BEGUN)
        return
    shell.ask(texts.CONFIRM_NEW, lambda: shell.new_match(abandoned=True))


# ---- help and the game itself ---------------------------------------------------------------


@action("help")
def help_(shell: Shell) -> None:
    """Every key and what it does, one by one."""
    open_help(shell, help_lines(shell))


@always("repeat")
def repeat(shell: Shell) -> None:
    """Say the last thing again."""
    said = shell.narrator.last_spoken or line(prompts.NOTHING_SAID)
    paused = line(texts.PAUSED)
    if shell.driver.paused and not said.startswith(paused):  # the reason nothing moves, first
        said = f"{paused} {said}"
    shell.speaker.query(said)


@always("silence")
def silence(shell: Shell) -> None:
    """Stop speaking, and any sound playing."""
    shell.speaker.silence()
    if shell.chair.sound is not None:
        shell.chair.sound.silence()


@action("pause")
def pause(shell: Shell) -> None:
    """Pause or resume: the computers and the clock wait."""
    paused = shell.driver.toggle_pause()
    shell.clock_update()
    if paused:
        shell.answer(texts.PAUSED)
        return
    shell.answer(texts.RESUMED)
    shell.advance()


@action("rules")
def rules(shell: Shell) -> None:
    """The rules of this table, one by one."""
    open_rules(shell)


@action("quit")
def quit_(shell: Shell) -> None:
    """Quit the game (asks first)."""
    match = shell.table.match
    unmoved = match is not None and not match.decisions and not shell.over
    shell.ask(texts.CONFIRM_QUIT_UNSAVED if unmoved else texts.CONFIRM_QUIT, shell.goodbye)

"""Start-up: the greeting, the keymap's and the store's notices, the question when another
game holds the data folder, and the saved match, offered where the table can resume one.
"""

from __future__ import annotations

from collections.abc import Callable

from spades_voice.narration import event_kind, stored, texts
from spades_voice.narration.lines import as_line
from spades_voice.options import EventKind
from spades_voice.rules import Match, told, view_at
from spades_voice.rules.events import HandDealt, HandScored
from spades_voice.shell.overlays import Confirm
from spades_voice.shell.state import Shell
from spades_voice.shell.voices import lines_for
from spades_voice.store.notes import History
from spades_voice.table import Resumable


def start(shell: Shell) -> None:
    """Greet, report keymap problems and notices, offer a saved match, then play."""
    if not shell.first_start():
        return
    shell.chair.cues.sync(shell.table.view())  # a rejoined table may be mid-hand
    shell.chair.cues.settle()
    if not shell.greeted:
        shell.answer(texts.GREETING)
    # The store's notices first: a match result never heard comes before anything.
    shell.notices()
    for problem in shell.keymap.problems:
        shell.tell(problem)
    if shell.hooks.in_use_elsewhere():  # another game holds the folder: ask first
        in_use = Confirm(
            stored.FOLDER_IN_USE, lambda: _begin(shell), shell.goodbye, enter_is_yes=True
        )
        shell.overlays.open(in_use)
        shell.tell(stored.FOLDER_IN_USE)
        shell.clock_update()
        return
    _begin(shell)


def _begin(shell: Shell) -> None:
    """Offer the saved match where the table can resume it, or start one."""
    saved = shell.hooks.saved_match()
    table = shell.table
    if saved is not None and isinstance(table, Resumable):
        _offer(shell, table, saved, spoken=shell.tell)
        return
    shell.hooks.start_new(None)
    shell.hooks.follow_history(shell.narrator.kept)
    shell.pump()
    shell.advance()


def _recall(shell: Shell, match: Match, kept: History | None) -> None:
    """A resumed match's history: its table lines told again from its decisions, and
    what the save kept beyond them (notices, turns, moves taken back) in their places,
    so G reads the match as before the quit and the save-history key writes it all.
    Kept, not said. A save without ``kept`` (an older one) gets the table lines alone."""
    cast, narrator = shell.chair.cast, shell.narrator
    events = told(match)
    said = len(events) if kept is None else kept.told
    notes = kept.notes if kept is not None else ()
    waiting = 0  # the first note not yet put back
    for number, event in enumerate(events[:said]):
        while waiting < len(notes) and notes[waiting].at <= number:
            narrator.recall(notes[waiting].text, notes[waiting].kind)
            waiting += 1
        kind = event_kind(event, shell.chair.seat)
        voice = narrator.voices[kind if kind is not None else EventKind.CARDS]
        for text in lines_for(event, cast, voice, shell.keymap, None):
            narrator.recall(as_line(text).text, kind, number)  # read back: no look
        if kept is None and isinstance(event, HandScored) and shell.hold_between_hands:
            narrator.keep(texts.NEXT_HAND, EventKind.RESULTS)  # as it was said then
    for note in notes[waiting:]:
        narrator.recall(note.text, note.kind)
    # The table says the hand's deal again when it loads: the history holds it already
    # unless it was still to be said (a deal held back until N).
    dealt = [n for n, e in enumerate(events) if isinstance(e, HandDealt)]
    narrator.story_told(said, deal_retold=bool(dealt) and dealt[-1] < said)


def _resume(shell: Shell, table: Resumable, saved: Match) -> None:
    kept = shell.hooks.saved_history()
    shell.table.drain()
    table.load(saved)
    launch = shell.narrator.set_aside_launch()
    shell.reset_match()
    _recall(shell, saved, kept)
    for text, kind in launch:  # said after the story: read after it, kept with it
        shell.narrator.recall(text, kind)
    shell.hooks.follow_history(shell.narrator.kept)
    view = shell.table.view()
    if shell.hold_between_hands and view.outcomes and not view.bids and view.winner is None:
        # Saved between hands: it resumes there, and N deals the next hand.
        shell.hold(view.outcomes[-1])
        shell.pump()
        shell.tell(texts.NEXT_HAND)
        return
    shell.pump()
    shell.advance()


def _offer(shell: Shell, table: Resumable, saved: Match, spoken: Callable[[str], None]) -> None:
    """The saved match waits: Enter continues it; N or Escape starts a new one, asking
    first when that counts the saved one as a loss."""
    offer = Confirm(
        texts.saved_offer(view_at(saved, shell.table.seat)),
        on_yes=lambda: _resume(shell, table, saved),
        on_no=lambda: _abandon(shell, table, saved),
        n_is_no=True,
        enter_is_yes=True,
    )
    shell.overlays.open(offer)
    spoken(offer.question)
    shell.clock_update()


def _abandon(shell: Shell, table: Resumable, saved: Match) -> None:
    if not saved.decisions:  # nothing was played: nothing is lost
        _fresh(shell, saved)
        return
    abandon = Confirm(
        texts.CONFIRM_ABANDON_SAVED,
        on_yes=lambda: _fresh(shell, saved),
        on_no=lambda: _offer(shell, table, saved, spoken=shell.answer),
    )
    shell.overlays.open(abandon)
    shell.clock_update()
    shell.answer(texts.CONFIRM_ABANDON_SAVED)


def _fresh(shell: Shell, saved: Match) -> None:
    abandoned = saved if saved.decisions else None
    shell.hooks.start_new(abandoned)
    shell.hooks.follow_history(shell.narrator.kept)
    shell.pump()
    shell.advance()

"""A yes/no question is open: only its answers, repeat and silence work.

Only the key the question names says yes (Y, or Enter where it says Enter); Escape says
no. Every other key, Enter included where the question names Y, says the question again
(the fallback binding in ``app``), and the table waits: the computers and the clock stop
until the question is answered.
"""

from __future__ import annotations

from spades_voice.narration import prompts
from spades_voice.shell.binding import registry
from spades_voice.shell.state import Shell

CONFIRM_ACTIONS, action = registry()
#: N answers no where the question says so (the saved-match offer).
N_ACTIONS, n_action = registry()


def n_is_no(shell: Shell) -> bool:
    """N answers no to the question open now (the saved-match offer)."""
    question = shell.question
    return question is not None and question.n_is_no


def _confirm(shell: Shell, by_enter: bool) -> None:
    question = shell.question
    assert question is not None  # the bindings are live only while a question is open
    if by_enter is not question.enter_is_yes:
        shell.answer(question.question)  # not the key it names: ask again
        return
    shell.overlays.close()
    shell.clock_update()
    question.on_yes()


@action("yes")
def yes(shell: Shell) -> None:
    """Yes, where the question names Y; else it says the question again."""
    _confirm(shell, by_enter=False)


@action("select")
def select(shell: Shell) -> None:
    """Yes, where the question names Enter; else it says the question again."""
    _confirm(shell, by_enter=True)


@action("back")
def back(shell: Shell) -> None:
    """No."""
    question = shell.question
    assert question is not None
    shell.overlays.close()
    shell.clock_update()
    if question.on_no is not None:
        question.on_no()
    else:
        shell.answer(prompts.BACK_TO_TABLE)
    shell.advance()


@n_action("move_on")
def move_on(shell: Shell) -> None:
    """No (where the question says N)."""
    back(shell)

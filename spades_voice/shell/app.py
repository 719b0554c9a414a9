"""The prompt_toolkit application: keys in; the terminal drawn by ``terminal.Console``.

Line-oriented on purpose: no full screen, no alternate screen, no box drawing, no
spinners. prompt_toolkit reads and decodes keys; at the game's terminal it is given a
dummy output, and after each key or event the ``Console`` draws the focus line only if
focus or mode changed, as one whole line with the real cursor on the focused item, so a
braille display or a screen reader's review cursor follows focus and nothing already
said is drawn again. Without a console (tests, a caller's own output) prompt_toolkit
draws the one line itself.
The cursor-position request is off: terminals that never answer it would otherwise hold
output back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import (
    KeyBindings,
    KeyBindingsBase,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.key_binding.key_processor import KeyPress
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout
from prompt_toolkit.layout.containers import Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import DummyOutput, Output

from spades_voice.narration import notices
from spades_voice.options import Pace
from spades_voice.shell.actions import LAYERS, unbound
from spades_voice.shell.binding import bind_actions
from spades_voice.shell.chat_mode import load_chat_bindings
from spades_voice.shell.keymap import Keymap, load_keymap, normalize_key
from spades_voice.shell.presses import press_name, sequence_length
from spades_voice.shell.screen import screen as draw
from spades_voice.shell.startup import start
from spades_voice.shell.state import Shell
from spades_voice.shell.terminal import Console
from spades_voice.sound import SoundPlayer
from spades_voice.speech import Speaker, prints
from spades_voice.store.base import ShellHooks
from spades_voice.store.settings import Settings
from spades_voice.table import Table

log = logging.getLogger(__name__)


def no_cpr(output: Output) -> Output:
    """Turn off the cursor-position request (it holds output back in some terminals)."""
    if hasattr(output, "enable_cpr"):
        output.enable_cpr = False
    return output


# ---- key bindings -----------------------------------------------------------------------


def load_fallback_bindings(shell: Shell) -> KeyBindings:
    """Keys no action uses still answer, so a press is never met with silence."""
    kb = KeyBindings()

    @kb.add(Keys.Any)
    def _(event: KeyPressEvent) -> None:
        """Say an open question again (it names its keys), or that the key does nothing."""
        unbound(shell, _named(event.key_sequence[0]))

    return kb


def _named(press: KeyPress) -> str | None:
    """The name of a key press the keynames can say: its modifiers read from the
    terminal's sequence ("s-f5", which prompt_toolkit calls F17), else prompt_toolkit's
    name when the keymap knows it."""
    found = press_name(press.data)
    if found is not None:
        return found
    if press.key is Keys.Backspace:
        # prompt_toolkit reads Backspace (DEL, or ^H) as Control+H: the player pressed
        # Backspace, and a terminal cannot tell Control+H from it.
        return "backspace"
    name = press.key.value if isinstance(press.key, Keys) else press.key
    return name if normalize_key(name) is not None else None


def _alt_follows(app: Application[int]) -> bool:
    """Escape now is Alt with a key: the key came in the same read, right behind it
    (terminals send Alt+A as Escape then A in one write; a lone Escape comes alone)."""
    queue = app.key_processor.input_queue
    return bool(queue) and queue[0].key not in (Keys.Escape, Keys.CPRResponse)


def _alt_press(escape: KeyPress, queue: deque[KeyPress]) -> str | None:
    """Take the rest of an Alt key press off ``queue`` and name it. prompt_toolkit gives
    Alt+Left as Escape (holding the whole sequence) then Left, and Alt+F5, which it does
    not know, as Escape then each character of the sequence: either way, one key."""
    found = press_name(escape.data)
    if found is not None:
        queue.popleft()
        return found
    chars = [p.key for p in list(queue)[:8]]
    length = sequence_length([c if isinstance(c, str) else "" for c in chars])
    if length:
        return press_name("\x1b" + "".join(queue.popleft().data for _ in range(length)))
    name = _named(queue.popleft())
    if name is None:
        return None
    # Said in one order whatever the keys: Control Alt A, not Alt Control A.
    return "c-a-" + name[2:] if name.startswith("c-") else "a-" + name


def load_alt_bindings(shell: Shell) -> KeyBindings:
    """Alt with a key is a key of its own that does nothing: never Escape, which would
    decline blind nil, close a list or answer no (merged last, so it wins over Escape)."""
    kb = KeyBindings()

    @kb.add(Keys.Escape, filter=Condition(lambda: _alt_follows(get_app())))
    def _(event: KeyPressEvent) -> None:
        """Say that Alt with this key does nothing, or an open question again."""
        unbound(shell, _alt_press(event.key_sequence[0], event.app.key_processor.input_queue))

    return kb


def load_key_bindings(shell: Shell, keymap: Keymap) -> KeyBindingsBase:
    """All the shell's bindings in one place: each action layer (``actions.LAYERS``) on
    the keys the keymap gives it, in the layers' order (where two match a key, the one
    merged later wins), with the typed line's keys before the last."""
    keyed = [
        bind_actions(shell, keymap, table, Condition(partial(live, shell)))
        for table, live in LAYERS
    ]
    return merge_key_bindings(
        [
            load_fallback_bindings(shell),
            *keyed[:-1],
            load_chat_bindings(shell),
            keyed[-1],
            load_alt_bindings(shell),
        ]
    )


# ---- the application ------------------------------------------------------------------------


def _fragments(shell: Shell) -> StyleAndTextTuples:
    screen = draw(shell)
    return [
        ("", screen.text[: screen.cursor]),
        ("[SetCursorPosition]", ""),
        ("", screen.text[screen.cursor :]),
    ]


def build_app(
    shell: Shell, keymap: Keymap, *, input: Input | None = None, output: Output | None = None
) -> Application[int]:
    control = FormattedTextControl(lambda: _fragments(shell), focusable=True, show_cursor=True)
    window = Window(control, wrap_lines=True, dont_extend_height=True, always_hide_cursor=False)
    app: Application[int] = Application(
        layout=Layout(window),
        key_bindings=load_key_bindings(shell, keymap),
        full_screen=False,
        mouse_support=False,
        input=input,
        output=no_cpr(output) if output is not None else None,
        erase_when_done=False,
    )
    if output is None:
        no_cpr(app.output)
    # A lone Escape is told from the start of an arrow key by a pause; keep it short.
    app.ttimeoutlen = 0.05
    return app


class Redraws(Protocol):
    """What the pace driver tells after each computer's decision: prompt_toolkit's app at
    a terminal, the page's session for a browser playing alone (``spades_voice.alone``)."""

    def invalidate(self) -> None: ...


async def drive(shell: Shell, wake: asyncio.Event, app: Redraws) -> None:
    """Step the computers at the pace: one decision each time its delay has passed.

    While no computer may move, it waits to be woken, the driver idle (``Driver.idle``):
    nothing moves at the table until a key or an event wakes it."""
    while True:
        if not shell.computers_may_act():
            with shell.driver.idle():
                await wake.wait()
            wake.clear()
            continue
        remaining = shell.driver.remaining()
        if remaining > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), remaining)
            wake.clear()
            continue
        planned = shell.plan_step()
        if planned is None:
            continue
        # Thought out elsewhere (``Driver.thinking``): keys pressed meanwhile are answered.
        decision = await shell.driver.thinking.decide(planned)
        shell.commit_step(planned, decision)
        app.invalidate()


def _warm_bindings(app: Application[int]) -> None:
    """Merge the key bindings now, after the first lines are spoken: prompt_toolkit does it
    lazily on the first key press, which made the player's first key about 20 ms slower."""
    registry = getattr(app.key_processor, "_bindings", None)  # private; skip if it moves
    if registry is not None:
        registry.get_bindings_for_keys(("h",))


def run_app(
    table: Table,
    speaker: Speaker,
    *,
    hooks: ShellHooks | None = None,
    pace: Pace = Pace.RELAXED,
    keymap: Keymap | None = None,
    brief: bool = True,
    hold_between_hands: bool = True,
    greeted: bool = False,
    input: Input | None = None,
    output: Output | None = None,
    console: Console | None = None,
    ready: Callable[[Application[int], Shell], None] | None = None,
    settings: Settings | None = None,
    sound: SoundPlayer | None = None,
) -> int:
    """Play at ``table`` until the player quits; returns the exit status (0).

    ``hooks`` connect saves, statistics and the clock; ``hold_between_hands=False`` lets
    a remote table's next hand start without N; ``greeted`` says the greeting
    (``texts.GREETING``) was already spoken. ``console`` draws the terminal (then
    prompt_toolkit only reads keys). ``ready`` is called once the app runs (tests and the
    benchmark use it to reach the shell). ``settings``: saved choices to start from when
    ``hooks`` keep none (a shared table).
    """
    hooks = hooks or ShellHooks()
    keymap = keymap or load_keymap()
    shell = Shell(
        table,
        speaker,
        hooks,
        keymap,
        pace=pace,
        brief=brief,
        hold_between_hands=hold_between_hands,
        greeted=greeted,
        start_settings=settings,
        sound=sound,
    )
    app = build_app(
        shell, keymap, input=input, output=DummyOutput() if console is not None else output
    )
    if console is not None:
        _draw_focus_on(console, shell, app)
    try:
        # prompt_toolkit's own handler prints a traceback and "Press ENTER to continue"
        # under the live prompt, where a screen reader reads it: ours (pre_run) logs.
        result = app.run(
            pre_run=_wiring(shell, app, ready), handle_sigint=False, set_exception_handler=False
        )
    finally:
        table.set_listener(None)
        if console is not None:
            console.close()
        _last_words(hooks, speaker)
    return result


def _draw_focus_on(console: Console, shell: Shell, app: Application[int]) -> None:
    """After each render the console draws the focus line (prompt_toolkit draws nothing)."""

    def focus(_: object) -> None:
        if shell.way_out.quitting:
            return  # after "Goodbye." nothing is drawn again
        line = draw(shell)
        console.focus(line.text, line.cursor)

    app.after_render += focus


def _last_words(hooks: ShellHooks, speaker: Speaker) -> None:
    """Close the hooks, then say what the store could not keep ("Your statistics could not
    be saved: ..."). Also written to the terminal, where it stays after speech stops,
    unless speech is already printing it there."""
    hooks.close()
    for text in hooks.notices():
        speaker.event(text)
        if not prints(speaker):
            sys.stderr.write(text + "\n")
            sys.stderr.flush()


def _wiring(
    shell: Shell,
    app: Application[int],
    ready: Callable[[Application[int], Shell], None] | None,
) -> Callable[[], None]:
    """What runs once the app's loop exists: the table's listener, the pace driver, the
    shell's start, and the callbacks that reach the loop from other threads."""
    wake = asyncio.Event()
    loop_box: list[asyncio.AbstractEventLoop] = []

    def on_wake() -> None:
        if loop_box:
            loop_box[0].call_soon_threadsafe(wake.set)

    def on_events() -> None:
        # Remote tables call this from their network task; local tables from inside our
        # own calls, where the pump that follows will speak them anyway.
        if loop_box:
            loop_box[0].call_soon_threadsafe(pump)

    def pump() -> None:
        shell.pump()
        shell.advance()
        app.invalidate()

    def on_sound_notice() -> None:
        # The sound player's own thread found something to say (no device, unplugged).
        if loop_box:
            loop_box[0].call_soon_threadsafe(sound_notices)

    def sound_notices() -> None:
        for text in shell.chair.cues.notices():
            shell.tell(text)
        app.invalidate()

    shell.driver.wake_with(on_wake)
    shell.way_out.leave_with(lambda: app.exit(result=0))
    if shell.chair.sound is not None:
        shell.chair.sound.notify_with(on_sound_notice)

    def pre_run() -> None:
        loop = asyncio.get_running_loop()
        loop_box.append(loop)
        loop.set_exception_handler(_on_loop_error(shell.speaker))
        shell.table.set_listener(on_events)
        app.create_background_task(drive(shell, wake, app))
        start(shell)
        loop.call_soon(_warm_bindings, app)
        if shell.chair.sound is not None:
            # After the first lines: rendering the cues (a fraction of a second of Python
            # on another thread) then never delays them.
            shell.chair.sound.start()
            loop.call_soon(shell.chair.sound.warm)
        if ready is not None:
            ready(app, shell)

    return pre_run


def _on_loop_error(
    speaker: Speaker,
) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """A failed background task goes to the log file (cli installs it for the live
    prompt), and the player hears one plain sentence; the game plays on."""

    def handle(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        log.error(
            "%s", context.get("message", "error in the event loop"),
            exc_info=error if isinstance(error, BaseException) else None,
        )
        with contextlib.suppress(Exception):
            speaker.event(notices.SOMETHING_FAILED)

    return handle

"""The player's chair: who is "you" at the table (the cast) and where the sounds are
placed from (the cues, and the sound player they play through).

A watcher has no chair: nobody is "you", and the seats are heard by name. A watcher let
in sits when ``sit`` is asked, at the deal that brings its cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spades_voice.narration import Cast
from spades_voice.rules import Seat
from spades_voice.sound import SoundPlayer
from spades_voice.sound.table_cues import CuePlayer
from spades_voice.table import Table


@dataclass
class Chair:
    table: Table
    #: Sound cues (None: the game has no sound at all, as in most shell tests).
    sound: SoundPlayer | None = None
    cast: Cast = field(init=False)
    cues: CuePlayer = field(init=False)

    def __post_init__(self) -> None:
        self.cast = Cast(self.table.seat, self.table.names(), self.table.view().watching)
        self.cues = CuePlayer(self.table.seat, self.sound)

    @property
    def seat(self) -> Seat:
        """The seat the table is heard from (a watcher's orders the seats it hears)."""
        return self.cast.me

    def sit(self) -> None:
        """Take the table's chair if it changed (a watcher let in): from now on the
        player is "you" at its seat, and its sounds are placed from there."""
        watching = self.table.view().watching
        if watching != self.cast.watching:
            seat = self.table.seat
            self.cast = Cast(seat, self.table.names(), watching)
            self.cues = CuePlayer(seat, self.sound)

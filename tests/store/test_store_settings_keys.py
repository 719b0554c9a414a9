"""The settings issue 14 added: speech per kind of event, hand order, the only card."""

from __future__ import annotations

from pathlib import Path

import pytest

from spades_voice.options import EventKind, HandOrder, Voice
from spades_voice.store.files import Unreadable
from spades_voice.store.settings import Settings, load_settings


def test_round_trip_through_the_real_file(tmp_path: Path) -> None:
    chosen = Settings(hand_order="rank", only_card=True,
                      voices={"cards": "history", "results": "brief", "chat": "history"})
    path = tmp_path / "settings.json"
    path.write_bytes(chosen.to_bytes())
    back = load_settings(path)
    assert back == chosen
    assert back is not None and back.voices == {
        EventKind.CARDS: Voice.HISTORY, EventKind.RESULTS: Voice.BRIEF,
        EventKind.CHAT: Voice.HISTORY,
    }


@pytest.mark.parametrize("bad", [
    {"voices": {"cards": "loud"}},
    {"voices": {"weather": "brief"}},
    {"voices": {"bids": "brief"}},  # bids have one form: spoken or history only
    {"voices": ["cards"]},
    {"only_card": "yes"},
    {"hand_order": "colour"},
])
def test_a_wrong_value_is_unreadable(bad: dict[str, object]) -> None:
    with pytest.raises(Unreadable):
        Settings.from_json(bad)


def test_old_files_take_the_defaults() -> None:
    old = Settings.from_json({"pace": "quick"})
    assert (old.hand_order, old.only_card, old.voices) == (HandOrder.SUIT, False, {})

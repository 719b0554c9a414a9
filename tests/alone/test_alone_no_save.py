"""``serve --no-save`` keeps nothing on disk, a page playing alone included: the page is
told so once, plays a whole match with everything working (statistics counted, in
memory), and the data folder holds no player's folder after."""

from __future__ import annotations

import types
from pathlib import Path

from alone_helpers import AlonePage, play_on
from net_helpers import free_port, serve

from spades_voice.narration import prompts, texts
from spades_voice.narration.browser import KEEPS_NOTHING
from spades_voice.narration.language import line
from spades_voice.narration.statistics import NONE_YET
from spades_voice.narration.stored import WriteTrouble, report_not_written


def test_no_save_keeps_no_match_and_no_statistics_of_a_page_alone(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = free_port()
    with serve(data, port, "--no-save"):
        server = types.SimpleNamespace(address=("127.0.0.1", port))
        page = AlonePage(server, level="easy", target="single")  # type: ignore[arg-type]
        token = page.welcome["token"]
        page.until(lambda p: p.state["bidding"])
        assert [t for _, t in page.said].count(line(KEEPS_NOTHING)) == 1
        page.press("a")
        page.press("a", prompts.pace_now("instant"))
        play_on(page, lambda p: p.state["alone"]["over"])
        page.press("T")  # the statistics count the match, for as long as the page stays
        page.until(lambda p: p.said[-1][1] != line(texts.NO_STATS) and "1" in p.said[-1][1])
        page.press("B", report_not_written(WriteTrouble.NOTHING_KEPT))  # no report file either
        page.close()
        again = AlonePage(server, token=token, level="easy")  # type: ignore[arg-type]
        again.until(lambda p: p.state["bidding"])  # nothing offered: nothing was kept
        again.press("T", line(NONE_YET))
        again.close()
    kept = sorted(str(p.relative_to(data)) for p in data.rglob("*")) if data.exists() else []
    assert kept == []

"""README is a welcome a newcomer can read line by line, and the reference is in docs/ by
subject, found by headings: README opens with each platform's set-up and stays under 150
lines; no table row or line is a wall of text; every link between them reaches a file and,
where it names one, a heading."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
#: The pages README sends a newcomer to, by subject (other rounds' text is placed in them).
SUBJECTS = ["keys", "speech", "sound", "saves", "playing-with-others", "server", "browser",
            "spanish", "install", "rules", "options", "development"]


def _anchor(heading: str) -> str:
    """The anchor a heading gets (GitHub's rule: lower case, punctuation dropped, spaces
    to hyphens)."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _headings(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    return {_anchor(h) for h in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def test_readme_opens_with_each_platforms_set_up_and_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 150
    heads = [line for line in lines if line.startswith("#")]
    assert heads[:5] == ["# spades_voice", "## Install and start", "### Windows",
                         "### macOS", "### Linux"]
    text = "\n".join(lines)
    for command in ("scripts\\play.cmd", "bash scripts/play.sh", "bash scripts/test.sh"):
        assert command in text, command
    assert "## First keys" in heads


def test_no_line_is_a_wall_of_text() -> None:
    """README and the subject pages (the measurement tables of scaling.md, protocol.md and
    hard.md are references of their own); a screen reader reads a line at a time."""
    for page in [README, *(ROOT / "docs" / f"{s}.md" for s in SUBJECTS)]:
        fenced = False  # a command in a code block is copied whole, not read as prose
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            fenced ^= line.startswith("```")
            limit = 130 if fenced else 110
            assert len(line) <= limit, f"{page.name}:{number} is {len(line)} characters"


def test_readme_links_to_every_subject_and_every_link_lands() -> None:
    readme = README.read_text(encoding="utf-8")
    for subject in SUBJECTS:
        assert f"](docs/{subject}.md)" in readme, subject
    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            landing = (page.parent / path).resolve() if path else page
            assert landing.exists(), f"{page.name}: {target}"
            if anchor:
                assert anchor in _headings(landing), f"{page.name}: {target}"

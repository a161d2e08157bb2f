"""The repository explains itself: every Comprehensive Rules number the code cites, in a comment,
a docstring or a ruling's `rules`, is restated under docs/ (docs/rules.md, or the table "Where
each rule lives" in docs/architecture.md), so no number in a ruling points outside it; and every
test file the repository names as the check of something exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# A rule number: a three-digit rule (100-139 ... 900-939: the rules of a section start at its
# hundred), a dot, the subrule, an optional letter; not part of a longer dotted number (an
# address such as 127.0.0.1, a version) nor of a longer number (1000.5).
RULE = re.compile(r"(?<![\d.])([1-9][0-3]\d\.\d+[a-z]?)(?![\da-z]|\.\d)")


def rule_numbers(text: str) -> set[str]:
    return set(RULE.findall(text))


def _cited(paths: list[Path]) -> dict[str, list[str]]:
    where: dict[str, list[str]] = {}
    for path in paths:
        for number in rule_numbers(path.read_text(encoding="utf-8")):
            where.setdefault(number, []).append(str(path.relative_to(ROOT)))
    return where


def test_rule_numbers_are_read_whole() -> None:
    text = "613.1a-g; 702.187b: (106.7) 127.0.0.1 3.11 1000.5 106.12b, or 702.33."
    assert rule_numbers(text) == {"613.1a", "702.187b", "106.7", "106.12b", "702.33"}


def test_every_rule_the_code_cites_is_restated_in_docs() -> None:
    cited = _cited(sorted((ROOT / "app").rglob("*.py")))
    restated = set().union(
        *(rule_numbers(p.read_text(encoding="utf-8")) for p in (ROOT / "docs").glob("*.md"))
    )
    missing = {number: files for number, files in sorted(cited.items()) if number not in restated}
    assert cited, "the code cites no rule at all: the pattern is broken"
    assert missing == {}


# A test file named in the code, the docs or the README ("tests/api/test_x.py checks ...").
TEST_FILE = re.compile(r"\btests/[\w/]+\.py\b")


def test_every_test_file_the_repository_names_exists() -> None:
    texts = [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    for package in ("app", "bench"):
        texts += sorted((ROOT / package).rglob("*.py"))
    named = {
        (name, str(path.relative_to(ROOT)))
        for path in texts
        for name in TEST_FILE.findall(path.read_text(encoding="utf-8"))
    }
    assert named, "nothing names a test file: the pattern is broken"
    assert sorted((name, where) for name, where in named if not (ROOT / name).is_file()) == []

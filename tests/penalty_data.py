"""The penalty data of this repository's rulebook_src/, read once per test process, and a way to build it from a
few edited files: what the penalty tests give the calculators instead of the calculators reading files."""

from __future__ import annotations

from collections.abc import Mapping

from scripts.curated.rulebook_src import rulebook_src_from_texts
from scripts.paths import SRC
from scripts.penalties.data import PenaltyData
from scripts.penalties.tables import penalty_data

PENALTY_TEXTS = {
    path.relative_to(SRC).as_posix(): path.read_text(encoding="utf-8")
    for folder in ("penalties", "scoring")  # scoring/: 规则第77、78条's tables (the score and imps calculators)
    for path in sorted((SRC / folder).glob("*.yml"))
}


def penalties_with(changes: Mapping[str, str | None] | None = None) -> PenaltyData:
    """The penalty data of rulebook_src/penalties/ and scoring/ with some files' texts replaced
    ('penalties/x.yml': text) or, for None, left out; every file is checked as the build checks it."""
    texts = {**PENALTY_TEXTS, **(changes or {})}
    return penalty_data(rulebook_src_from_texts({name: text for name, text in texts.items() if text is not None}))


PENALTIES = penalties_with()

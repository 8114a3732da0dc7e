"""The penalty data of this repository's rulebook_src/, read once per test process, and a way to build it from a
few edited files: what the penalty tests give the calculators instead of the calculators reading files."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from scripts.curated.rulebook_src import RulebookSrc, rulebook_src_from_texts
from scripts.paths import SRC
from scripts.penalties.data import PenaltyData
from scripts.penalties.tables import penalty_data

PENALTY_TEXTS = {
    path.relative_to(SRC).as_posix(): path.read_text(encoding="utf-8")
    for folder in ("penalties", "scoring")  # scoring/: 规则第77、78条's tables (the score and imps calculators)
    for path in sorted((SRC / folder).glob("*.yml"))
}
PENALTY_SRC = rulebook_src_from_texts(PENALTY_TEXTS)  # each file read and checked once per test process


def penalty_src_with(changes: Mapping[str, str | None]) -> RulebookSrc:
    """PENALTY_SRC with some files' texts replaced ('penalties/x.yml': text) or, for None, left out: each changed file
    is read and checked against its schema as the build reads it (the loader checks one file at a time), the others
    are the ones read once."""
    edited = rulebook_src_from_texts({name: text for name, text in changes.items() if text is not None})
    kept = {name: value for name, value in PENALTY_SRC.yaml_files.items() if name not in changes}
    return replace(PENALTY_SRC, yaml_files=MappingProxyType({**kept, **edited.yaml_files}))


def penalties_with(changes: Mapping[str, str | None] | None = None) -> PenaltyData:
    """The penalty data of rulebook_src/penalties/ and scoring/ with some files' texts replaced or left out
    (penalty_src_with); every table is checked as the build checks it."""
    return penalty_data(penalty_src_with(changes or {}))


PENALTIES = penalties_with()

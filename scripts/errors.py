"""One exception base for the pipeline, a subclass per kind of failure; messages start with `file:line:`."""
from __future__ import annotations


class RulebookError(Exception):
    """Base of every pipeline failure."""


class SourceFormatError(RulebookError):
    """A raw source does not have the shape its manifest entry says."""


class ErratumError(RulebookError):
    """A curated erratum does not match the text it claims to correct."""


class StructureError(RulebookError):
    """The article tree cannot be built (unknown marker, lost line, duplicate slug)."""


class CrossReferenceError(RulebookError):
    """A cross-reference cannot be parsed or resolved."""


class CuratedFileError(RulebookError):
    """A curated file under rulebook_src/ is missing, unreadable, not valid YAML, or does not fit its schema."""


class PenaltyTableError(CuratedFileError):
    """A penalty table under rulebook_src/penalties/ fits its schema but breaks an invariant of its meaning (bands out
    of order, an amount not in its quote, a ladder that falls): raised by scripts/penalties/invariants.py."""


class PenaltySpecError(RulebookError):
    """The calculators' spec (rulebook_src/penalties/calculators.yml) is malformed: the message starts with `file:line:`.
    Raised by scripts/penalties/tables.py (reading it) and scripts/penalties/spec.py (checking it)."""


class ProblemList(RulebookError):
    """Several problems collected over a stage, reported together."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s):\n" + "\n".join(problems))

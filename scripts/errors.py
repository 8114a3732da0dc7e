"""One exception base for the pipeline, a subclass per kind of failure; messages start with `file:line:`."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable


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
    """The calculators' spec (rulebook_src/penalties/calculators.yml) is malformed: the message starts with
    `file:line:`.
    Raised by scripts/penalties/tables.py (reading it) and scripts/penalties/spec.py (checking it)."""


class ProblemList(RulebookError):
    """Several problems collected over a stage, reported together."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s):\n" + "\n".join(problems))


INTERRUPTED = 130  # the exit status of an entry point stopped by Ctrl-C, SIGTERM or SIGHUP (128 + SIGINT)


def _interrupted(signum, frame):
    """SIGTERM or SIGHUP, raised as Ctrl-C is, in the main thread: every `with` and `finally` runs (staging folders are
    removed) before the entry point exits."""
    raise KeyboardInterrupt(signal.Signals(signum).name)


def os_error_line(name: str, exc: OSError, kept: str = "") -> str:
    """`name: path: reason; kept`: an OS error (a full disk, an unwritable folder) as the one line a user reads."""
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{name}: {where}{exc.strerror or exc}{'; ' + kept if kept else ''}"


def run_entry_point(main: Callable[[], int | None], name: str, kept: str = "", say_interrupted: bool = True) -> int:
    """Runs an entry point's main and turns any failure into one line on stderr, never a traceback:
    a RulebookError (a fault in a source or curated file, already `file:line: …`) → exit 2; an OSError (a full disk,
    an unwritable folder) → `name: path: reason`, exit 1; Ctrl-C, SIGTERM or SIGHUP → `name: interrupted`, exit 130.
    `kept` ends the OS and interrupt lines with what stayed as it was (e.g. `site/ and dist/ are left as they were`).
    A child process another entry point started passes `say_interrupted=False`: on Ctrl-C (which reaches the whole
    process group) or a signal of its own it exits 130 without a word, and its parent, which sees the 130, prints the
    one line (scripts/site/variants.py)."""
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupted)
    try:
        return main() or 0
    except RulebookError as exc:
        print(exc, file=sys.stderr)
        return 2
    except OSError as exc:
        print(os_error_line(name, exc, kept), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        if say_interrupted:
            print(f"{name}: interrupted{'; ' + kept if kept else ''}", file=sys.stderr)
        return INTERRUPTED

"""The limits on what the build reads, stated once (issue 25). Beyond any of them the loader stops with one line
`file:line: … exceeds …` (exit status 2) before doing work that grows with the input.

The real files are far below them: the largest raw source is 27 KB, the largest curated file (wbf1997.yml) 117 KB
with about 2,300 YAML values nested 12 deep; a whole printed rulebook is about 0.5 MB of text.
"""

from __future__ import annotations

MAX_RAW_SOURCE_BYTES = 2_000_000  # one file of rulebook_src/raw/ (a whole book, with room to spare)
MAX_CURATED_BYTES = 1_000_000  # one curated file of rulebook_src/ (YAML, TSV, word list)
MAX_YAML_DEPTH = 32  # lists and mappings inside each other
MAX_YAML_NODES = 20_000  # values of one YAML file, counted with every alias and merge key expanded
MAX_INTEGER_DIGITS = 12  # a line number, a count, a score: a whole number longer than this is a mistake
MAX_ECHO_CHARS = 60  # the longest piece of an input a message quotes (then cut with …)


def clip(text: object, limit: int = MAX_ECHO_CHARS) -> str:
    """`text` as a message may quote it: at most `limit` characters, the rest cut with …."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def too_big(size: int, limit: int, what: str) -> str:
    """The problem part of the message for a file over a size limit."""
    return f"is {size} bytes, which exceeds the limit of {limit} bytes for {what} (scripts/limits.py)"

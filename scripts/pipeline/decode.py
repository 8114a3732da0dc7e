"""Decodes a raw source file into lines with provenance (file, 1-based line), one decoder per format."""

from __future__ import annotations

import json

from scripts.errors import SourceFormatError
from scripts.pipeline.model import Provenance, Repair, SourceLine
from scripts.pipeline.sources import SourceEntry


def decode_source(entry: SourceEntry) -> tuple[list[SourceLine], list[Repair]]:
    """All lines of the source's text (blank ones included) and the repairs decoding made."""
    raw = entry.raw
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceFormatError(f"{entry.file}: byte {exc.start}: not UTF-8 ({exc.reason})") from exc
    repairs: list[Repair] = []
    if entry.format == "escaped-json":
        text, repairs = decode_escaped_json(entry.file, text)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [SourceLine(line.rstrip("\r"), Provenance(entry.file, n)) for n, line in enumerate(lines, 1)], repairs


def decode_escaped_json(file: str, text: str) -> tuple[str, list[Repair]]:
    """The `content` of a JSON object that was serialised twice.

    >>> decode_escaped_json("x", '{\\\\n\\\\"content\\\\": \\\\"a\\\\\\\\nb\\\\"\\\\n}')[0]   # doctest: +SKIP
    'a\\nb'
    """
    try:
        once = json.loads('"' + text.strip() + '"', strict=False)
        obj = json.loads(once, strict=False)
    except json.JSONDecodeError as exc:
        raise SourceFormatError(
            f"{file}:{text.count(chr(10), 0, exc.pos) + 1}: not a doubly escaped JSON object: {exc.msg}"
        ) from exc
    if not isinstance(obj, dict) or not isinstance(obj.get("content"), str):
        raise SourceFormatError(
            f"{file}:1: decoded JSON has no string 'content' field (keys: "
            f"{sorted(obj) if isinstance(obj, dict) else type(obj).__name__})"
        )
    envelope = {k: v for k, v in obj.items() if k != "content"}
    repair = Repair(
        kind="json-double-escaping",
        prov=Provenance(file, 1),
        original=f"{text.count(chr(92))} backslashes in a twice-serialised JSON object",
        replacement=f"content field, {len(obj['content'])} characters; envelope {envelope}",
        note="json.loads twice; line numbers of this file count lines of the decoded content",
    )
    return obj["content"], [repair]

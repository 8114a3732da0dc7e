"""Writes synthetic rulebook_src/ folders made of N renumbered copies of the real sources, for the build bench.

Copy 0 is the real corpus byte for byte. Copy k (k ≥ 1) of every raw source keeps its format (pdf-text hard
wraps, traditional wiki text, doubly escaped JSON, full-width web page) and line structure, with three changes:
every article number 第N条 (ASCII or full-width digits, 条 or 條) becomes N + 100·k, references included; every
chapter/节/部分 heading gets the volume mark 卷<k+1> appended to its title; and a one-line marker paragraph
(合成语料卷<k+1>。) follows each article heading, so that no copied article's body equals its original word for
word (assemble.flag_copied_bodies would rightly warn about that). errata.yml, overlaps.yml and the mojibake list
are copied per file with the same transformation, so every erratum still matches exactly `count` times.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts import curated  # noqa: E402
from scripts.pipeline.decode import decode_escaped_json  # noqa: E402
from scripts.pipeline.sources import article_numbers, article_spec  # noqa: E402
from scripts.paths import SRC  # noqa: E402

NUMBER_SHIFT = 100  # copy k adds k·100 to every article number
REWRITTEN_FILES = {
    "manifest.yml",
    "errata.yml",
    "overlaps.yml",
    "clause_parents.yml",
}  # written per copy; the rest copied as they are
CN_NUMERALS = "〇一二三四五六七八九"
FULLWIDTH_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")
ASCII_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
# 第26条 / 第２６条 / 第26條, references and headings alike.
ARTICLE_NUMBER = re.compile(r"第(?P<n>[0-9]+|[０-９]+)(?P<tiao>[条條])")
# A chapter, 节 or 部分 heading line, possibly glued to an article heading (002: '第三章 比賽的準備與進行第6條：…').
CHAPTER_LINE = re.compile(
    r"^(?P<head>[\s\u3000]*第[一二三四五六七八九十]+(?:章|节|節|部分).*?)(?P<article>第[0-9０-９]+[条條].*)?$"
)
# An article heading line; `title` is empty for headings whose title stands on the next line (002: '第1條：').
ARTICLE_LINE = re.compile(
    r"^[\s\u3000]*(?:第[一二三四五六七八九十]+(?:章|节|節|部分)\S*?\s*)?第[0-9０-９]+[条條][：:\s\u3000]*(?P<title>.*)$"
)
HEADING_MAX_CHARS = 40
JSON_LINE_BREAK = "\\\\n"  # how a line break inside `content` is spelled in the raw escaped-json file


def chinese_number(n: int) -> str:
    """1 → 一, 10 → 十, 12 → 十二, 40 → 四十, 101 → 一〇一 (volume marks only; never parsed back)."""
    if n < 10:
        return CN_NUMERALS[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return ("" if tens == 1 else CN_NUMERALS[tens]) + "十" + (CN_NUMERALS[ones] if ones else "")
    return "".join(CN_NUMERALS[int(d)] for d in str(n))


def volume_mark(copy: int) -> str:
    return f"卷{chinese_number(copy + 1)}"


def marker_paragraph(copy: int) -> str:
    return f"合成语料{volume_mark(copy)}。"


def renumber(text: str, copy: int) -> str:
    """'参阅第90條' → '参阅第190條' for copy 1; full-width digits stay full-width."""

    def shift(match: re.Match) -> str:
        digits = match["n"]
        fullwidth = not digits.isascii()
        n = int(digits.translate(ASCII_DIGITS)) + NUMBER_SHIFT * copy
        shown = str(n).translate(FULLWIDTH_DIGITS) if fullwidth else str(n)
        return f"第{shown}{match['tiao']}"

    return ARTICLE_NUMBER.sub(shift, text)


def transform_line(line: str, copy: int) -> str:
    """One line of copy `copy`: article numbers shifted, chapter headings marked with the volume."""
    line = renumber(line, copy)
    if len(line.strip()) <= HEADING_MAX_CHARS:
        match = CHAPTER_LINE.match(line)
        if match:
            line = match["head"].rstrip() + volume_mark(copy) + (match["article"] or "")
    return line


def is_article_heading(line: str) -> re.Match | None:
    return ARTICLE_LINE.match(line) if len(line.strip()) <= HEADING_MAX_CHARS else None


def transform_lines(lines: list[str], copy: int) -> tuple[list[str], dict[int, int]]:
    """(the copy's lines, old 1-based line number → new one): lines transformed, a marker paragraph after each
    article heading (after its title line where the title stands on the next line)."""
    out: list[str] = []
    mapping: dict[int, int] = {}
    marker_due = False  # a titleless heading was seen: the marker goes after the next non-blank line
    for n, line in enumerate(lines, 1):
        new = transform_line(line, copy)
        out.append(new)
        mapping[n] = len(out)
        heading = is_article_heading(line)
        if heading and not heading["title"].strip():
            marker_due = True
            continue
        if heading or (marker_due and new.strip()):
            marker_due = False
            out += ["", marker_paragraph(copy)]
    return out, mapping


def transform_erratum_text(text: str, copy: int, add_markers: bool) -> str:
    """An erratum's find/replace/original for copy `copy` (its '\\n' splits paragraphs, i.e. lines)."""
    lines = []
    for line in text.split("\n"):
        lines.append(transform_line(line, copy))
        heading = is_article_heading(line)
        if add_markers and heading and heading["title"].strip():
            lines.append(marker_paragraph(copy))
    return "\n".join(lines)


def encode_escaped_json(envelope_head: str, content: str, envelope_tail: str) -> str:
    """The inverse of decode.decode_escaped_json for the shape of 003: JSON string escaping applied twice."""
    inner = json.dumps(content, ensure_ascii=False)[1:-1]
    return envelope_head + inner.replace("\\", "\\\\").replace('"', '\\"') + envelope_tail


def split_escaped_json(raw: str) -> tuple[str, str, str]:
    """(text before the content string, the content, text after it) of a doubly escaped JSON file."""
    start = raw.index('content\\": \\"') + len('content\\": \\"')
    end = raw.rindex('\\"')
    content, _ = decode_escaped_json("x", raw)
    return raw[:start], content, raw[end:]


def copy_source(raw: str, fmt: str, copy: int) -> tuple[str, dict[int, int]]:
    """The raw text of copy `copy` of a source, and its line-number mapping."""
    if fmt == "escaped-json":
        head, content, tail = split_escaped_json(raw)
        if encode_escaped_json(head, content, tail) != raw:
            raise ValueError("escaped-json source does not round-trip through encode_escaped_json")
        lines, mapping = transform_lines(content.split("\n"), copy)
        return encode_escaped_json(head, "\n".join(lines), tail), mapping
    ends_with_newline = raw.endswith("\n")
    lines, mapping = transform_lines(raw.split("\n")[:-1] if ends_with_newline else raw.split("\n"), copy)
    return "\n".join(lines) + ("\n" if ends_with_newline else ""), mapping


def copy_file_name(file: str, copy: int) -> str:
    return file if copy == 0 else f"c{copy:03d}_{file}"


@dataclass
class Corpus:
    src_dir: Path
    copies: int
    sources: int
    raw_bytes: int
    errata: int
    articles_expected: dict[str, int]


def write_corpus(dest: Path, copies: int, src: Path = SRC) -> Corpus:
    """Writes a rulebook_src-like folder with `copies` copies of every source (copy 0 = the real files)."""
    if copies < 1:
        raise ValueError(f"copies must be at least 1, got {copies!r}")
    manifest = yaml.safe_load((src / "manifest.yml").read_text(encoding="utf-8"))
    errata_data = yaml.safe_load((src / "errata.yml").read_text(encoding="utf-8"))
    overlaps = yaml.safe_load((src / "overlaps.yml").read_text(encoding="utf-8"))
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "raw").mkdir(exist_ok=True)
    for path in curated.data_files(src):  # every curated file as it is, but those rewritten per copy below
        name = path.relative_to(src).as_posix()
        if name not in REWRITTEN_FILES:
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest / name)
    parents_data = yaml.safe_load((src / "clause_parents.yml").read_text(encoding="utf-8"))
    sources, errata, mojibake, unresolved, parents = [], [], [], [], []
    new_overlaps: dict[str, list] = {book: [] for book in overlaps}
    raw_bytes = 0
    for copy in range(copies):
        mappings: dict[str, dict[int, int]] = {}
        for entry in manifest["sources"]:
            raw = (src / "raw" / entry["file"]).read_bytes().decode("utf-8")
            if copy == 0:
                text, mapping = raw, {}
            else:
                text, mapping = copy_source(raw, entry["format"], copy)
            data = text.encode("utf-8")
            raw_bytes += len(data)
            name = copy_file_name(entry["file"], copy)
            (dest / "raw" / name).write_bytes(data)
            mappings[entry["file"]] = mapping
            covers = (
                entry["covers"]
                if copy == 0
                else f"synthetic copy {copy} of {entry['file']} (article numbers +{NUMBER_SHIFT * copy})"
            )
            articles = article_spec(n + NUMBER_SHIFT * copy for n in article_numbers(entry["articles"]))
            sources.append(
                {
                    **entry,
                    "file": name,
                    "sha256": hashlib.sha256(data).hexdigest(),
                    "covers": covers,
                    "articles": articles,
                }
            )
        for item in errata_data.get("errata") or []:
            if copy == 0:
                errata.append(dict(item))
                continue
            errata.append(
                {
                    **item,
                    "file": copy_file_name(item["file"], copy),
                    "find": transform_erratum_text(item["find"], copy, add_markers=False),
                    "replace": transform_erratum_text(
                        item["replace"], copy, add_markers=not is_article_heading(item["find"])
                    ),
                    "original": transform_erratum_text(item["original"], copy, add_markers=False),
                }
            )
        for item in errata_data.get("mojibake") or []:
            line = item["line"] if copy == 0 else mappings[item["file"]][item["line"]]
            mojibake.append({**item, "file": copy_file_name(item["file"], copy), "line": line})
        for item in errata_data.get("unresolved") or []:
            unresolved.append(
                {**item, "file": copy_file_name(item["file"], copy), "quote": renumber(item["quote"], copy)}
            )
        parents += [{**item, "article": int(item["article"]) + NUMBER_SHIFT * copy} for item in parents_data or []]
        for book, groups in overlaps.items():
            for group in groups:
                new_overlaps[book].append(
                    {
                        **group,
                        "numbers": [n + NUMBER_SHIFT * copy for n in group["numbers"]],
                        "primary": copy_file_name(group["primary"], copy),
                        "variant": copy_file_name(group["variant"], copy),
                    }
                )
    dump = lambda data: yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)  # noqa: E731
    (dest / "manifest.yml").write_text(dump({"sources": sources}), encoding="utf-8")
    (dest / "errata.yml").write_text(
        dump({"mojibake": mojibake, "errata": errata, "unresolved": unresolved}), encoding="utf-8"
    )
    (dest / "overlaps.yml").write_text(dump(new_overlaps), encoding="utf-8")
    (dest / "clause_parents.yml").write_text(dump(parents), encoding="utf-8")
    return Corpus(dest, copies, len(sources), raw_bytes, len(errata), {})


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path)
    parser.add_argument("--copies", type=int, default=2)
    args = parser.parse_args()
    corpus = write_corpus(args.dest, args.copies)
    print(f"{corpus.src_dir}: {corpus.sources} sources, {corpus.raw_bytes} bytes, {corpus.errata} errata")

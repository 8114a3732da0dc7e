"""The traditional edition reads like the traditional sources (002, 003): same characters, except the sources' own
slips."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import markdown
import opencc
import pytest

from scripts.paths import SRC
from scripts.pipeline.decode import decode_source
from scripts.pipeline.errata import load_errata
from scripts.pipeline.normalise import HAN, LAYOUT_LINE, PINYIN, LineNormaliser, load_script_postmap
from scripts.pipeline.sources import load_manifest
from scripts.render.proofread import MARKDOWN_EXTENSION_CONFIGS, MARKDOWN_EXTENSIONS
from scripts.traditional import OPENCC_CONFIG, to_traditional_markdown, to_traditional_text
from tests.test_traditional import _simplified_leftovers
from tests.rulebook_once import real_src
from scripts.traditional import load_fixes

DOCS = Path(__file__).resolve().parents[1] / "docs"
HAN_CHAR = re.compile(f"[{HAN}]")


def load_slips() -> dict[str, str]:
    slips = {}
    for line in (SRC / "traditional_source_slips.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            source, edition, reason = line.split("\t")
            assert reason.strip(), f"traditional_source_slips.tsv: {source!r} has no reason"
            slips[source] = edition
    return slips


@pytest.fixture(scope="module")
def source_lines() -> list[tuple[str, str, str]]:
    """(place, the source's traditional line, the edition's conversion of that line's simplified text)."""
    _, mojibake, _ = load_errata(real_src())
    garbled = {(item["file"], item["line"]) for item in mojibake}
    out = []
    for entry in load_manifest(real_src()):
        if entry.script != "traditional":
            continue
        lines, _ = decode_source(entry)
        normaliser = LineNormaliser(entry, load_script_postmap(real_src()), mojibake)
        for line in lines:
            if LAYOUT_LINE.match(line.text) or (entry.file, line.prov.line) in garbled:
                continue
            simplified = normaliser.normalise_line(line)
            source = PINYIN.sub("", line.text).strip().replace("\u3000", "")
            out.append((str(line.prov), source, to_traditional_text(simplified, load_fixes(real_src()))))
    return out


def differences(source: str, edition: str) -> list[tuple[str, str, int]]:
    """Runs of Han characters the two lines write differently: (source run, edition run, position in source)."""
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, source, edition, autojunk=False).get_opcodes():
        if tag == "replace" and HAN_CHAR.search(source[i1:i2]):
            out.append((source[i1:i2], edition[j1:j2], i1))
    return out


def explained(source: str, edition: str, run: tuple[str, str, int], slips: dict[str, str]) -> bool:
    """A difference is a slip of the source when, character by character, a listed slip (a word or a character) covers
    it."""
    src_run, ed_run, start = run
    if len(src_run) != len(ed_run):
        return any(src_run in word and ed_run in slips[word] for word in slips)
    for k, (a, b) in enumerate(zip(src_run, ed_run)):
        if a == b:
            continue
        if slips.get(a) == b:
            continue
        position = start + k
        if not any(
            source.find(word, max(0, position - len(word) + 1)) in range(position - len(word) + 1, position + 1)
            and slips[word][word.index(a) if a in word else 0] == b
            for word in slips
            if len(word) > 1 and a in word
        ):
            return False
    return True


def test_the_edition_writes_every_character_as_the_sources_do_but_their_slips(source_lines):
    slips = load_slips()
    problems = []
    for place, source, edition in source_lines:
        for run in differences(source, edition):
            if not explained(source, edition, run, slips):
                problems.append(
                    f"{place}: the source writes {run[0]!r}, the edition {run[1]!r}: …"
                    f"{source[max(0, run[2] - 6) : run[2] + 8]}…"
                )
    assert not problems, "\n".join(problems)


def test_every_listed_slip_still_occurs_in_the_sources(source_lines):
    text = "\n".join(source for _, source, _ in source_lines)
    stale = [word for word in load_slips() if word not in text]
    assert not stale, f"traditional_source_slips.tsv lists slips the sources no longer show: {stale}"


def test_the_opencc_configuration_is_the_one_closest_to_the_sources(source_lines):
    """s2tw writes 為、著、眾 as 002/003 do; s2t writes 爲、着、衆 and s2hk 閲、説, each further from the sources."""

    t2s = opencc.OpenCC("t2s")
    simplified_lines = [(source, t2s.convert(source)) for _, source, _ in source_lines]

    def distance(config: str) -> int:
        converter = opencc.OpenCC(config)
        total = 0
        for source, simplified in simplified_lines:
            total += sum(1 for run in differences(source, converter.convert(simplified)) for _ in run[0])
        return total

    distances = {config: distance(config) for config in ("s2t", "s2tw", "s2hk")}
    assert OPENCC_CONFIG == min(distances, key=distances.get), distances


@pytest.fixture(scope="module")
def traditional_pages() -> dict[str, str]:
    """The visible text of every article page and the glossary, converted as the edition hook converts it (the HTML)."""
    pages = {}
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS).as_posix()
        if rel.startswith(("laws/", "regulations/")) or rel == "glossary.md":
            html = markdown.markdown(
                path.read_text(encoding="utf-8").split("---", 2)[-1],
                extensions=MARKDOWN_EXTENSIONS,
                extension_configs=MARKDOWN_EXTENSION_CONFIGS,
            )
            converted = to_traditional_markdown(html, load_fixes(real_src()))
            titles = " ".join(re.findall(r'title="([^"]*)"', converted))  # tooltips are read too
            pages[rel] = re.sub(r"<[^>]*>", "", converted) + " " + titles
    return pages


def test_no_character_the_traditional_sources_write_otherwise(source_lines, traditional_pages):
    """爲 where the sources write 為, 着 for 著, 衆 for 眾…: a character the sources never use, whose simplified form they
    write another way."""
    t2s = opencc.OpenCC("t2s")
    source_chars = set(HAN_CHAR.findall("".join(source for _, source, _ in source_lines)))
    slips = load_slips()
    slipped = {ch for word in slips for ch in word} - set("".join(slips.values()))  # characters only the slips use
    by_simplified: dict[str, set[str]] = {}
    for ch in source_chars - slipped:
        by_simplified.setdefault(t2s.convert(ch), set()).add(ch)
    simplified_of = {ch: t2s.convert(ch) for ch in set(HAN_CHAR.findall("".join(traditional_pages.values())))}
    problems = []
    for page, text in traditional_pages.items():
        for match in HAN_CHAR.finditer(text):
            ch = match.group(0)
            written = by_simplified.get(simplified_of[ch], set())
            if ch not in source_chars and written - {ch}:
                problems.append(
                    f"{page}: {ch!r} in …{text[max(0, match.start() - 6) : match.end() + 6]}…, the traditional "
                    f"sources write {sorted(written)}"
                )
    assert not problems, "\n".join(problems)


def test_no_simplified_only_character_in_the_traditional_pages(traditional_pages):
    leftovers = [
        f"{page}: {found}" for page, text in traditional_pages.items() for found in _simplified_leftovers(text)
    ]
    assert not leftovers, "\n".join(leftovers)

"""The one loader for rulebook_src/ (scripts/curated): every fault is one line `path:line: what is wrong`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts import curated
from scripts.curated.files import REQUIRED
from scripts.curated.line_tables import LineTable
from scripts.errors import CuratedFileError, RulebookError
from scripts.curated.rulebook_src import read_rulebook_src
from scripts.paths import SRC


def test_every_curated_file_has_a_schema_and_loads():
    files = curated.data_files(SRC)
    names = {path.relative_to(SRC).as_posix() for path in files}
    assert {
        "manifest.yml",
        "errata.yml",
        "overlaps.yml",
        "reference_titles.yml",
        "script_postmap.yml",
        "search_synonyms.yml",
        "traditional_fixes.tsv",
        "jieba_user_dict.txt",
    } <= names
    assert any(name.startswith("penalties/") for name in names) and any(name.startswith("restored/") for name in names)
    src = read_rulebook_src(SRC)
    assert set(src.yaml_files) | set(src.row_files) == names
    assert not any(name.startswith("raw/") or name.endswith("README.md") for name in names)


def test_the_error_is_a_rulebook_error():
    assert issubclass(CuratedFileError, RulebookError)


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("errata.yml", "errata:\n  - file: a.txt\n    kind: [unclosed\n", r"errata.yml:4: not valid YAML"),
        ("errata.yml", "", r"errata.yml:1: file is empty"),
        ("errata.yml", "- just\n- a list\n", r"errata.yml:1: expected a mapping \(key: value\), got a list"),
        (
            "overlaps.yml",
            "laws:\n  - numbers: [4]\n    primary: a.txt\n    variant: b.txt\n",
            r"overlaps.yml:2: laws\[0\]: missing key 'reason'",
        ),
        (
            "script_postmap.yml",
            "- from: 冇\n  to: 没\n  reason: r\n  extra: 1\n",
            r"script_postmap.yml:4: \[0\]: unknown key 'extra'",
        ),
        (
            "script_postmap.yml",
            "- from: 冇\n  from: 没\n  to: x\n  reason: r\n",
            r"script_postmap.yml:2: \[0\]: key 'from' appears twice",
        ),
        (
            "reference_titles.yml",
            "- quote: q\n  cited_in: regulations/45\n  book: regulations\n  slug: 45\n  anchor: 一-1\n  reason: r\n",
            r"reference_titles.yml:4: \[0\]\.slug: expected text, got a whole number \(put it in quotes\)",
        ),
        (
            "penalties/lateness.yml",
            "calculator: lateness\narticle: regulations/26\ntitle: t\nunit_label: 迟到\nevents: {}\n",
            r"lateness.yml:5: events: missing key 'teams-vp' \(and 3 more\)",
        ),
        ("penalties/lateness.yml", "calculator: lateness\ntitle: t\n", r"lateness.yml:1: missing key 'article'"),
        (
            "manifest.yml",
            "sources:\n  - file: a.txt\n    book: novels\n    format: pdf-text\n    script: simplified\n    sha256: "
            + "0" * 64
            + '\n    covers: c\n    articles: "1"\n',
            r"manifest.yml:3: sources\[0\]\.book: 'novels' is not one of laws, regulations",
        ),
        (
            "traditional_fixes.tsv",
            "# comment\n甲\t乙\treason\n只有一列\n",
            r"traditional_fixes.tsv:3: expected <OpenCC output><TAB><wanted text><TAB><reason>",
        ),
        (
            "traditional_fixes.tsv",
            "甲<b>\t乙\treason\n",
            r"traditional_fixes.tsv:1: <OpenCC output> '甲<b>' is not allowed here",
        ),
        (
            "jieba_user_dict.txt",
            "越序首引\n越序 很多\n",
            r"jieba_user_dict.txt:2: <frequency> '很多' is not allowed here",
        ),
        ("unknown.yml", "a: 1\n", r"unknown.yml:1: no schema for this file"),
    ],
)
def test_a_fault_is_one_line_naming_file_and_line(tmp_path, name, text, message):
    path = write(tmp_path, name, text)
    with pytest.raises(CuratedFileError) as error:
        curated.load_rows(path) if isinstance(curated.schema_for(path), LineTable) else curated.load(path)
    assert "\n" not in str(error.value)
    assert re.search(message, str(error.value)), str(error.value)
    assert str(error.value).startswith(str(path))


def test_bytes_that_are_not_utf8_are_named_with_their_line(tmp_path):
    path = tmp_path / "errata.yml"
    path.write_bytes("errata: []\n# 注释\n".encode() + b"\xff\n")
    with pytest.raises(CuratedFileError, match=r"errata.yml:3: not UTF-8 \(byte 0xff"):
        curated.load(path)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(CuratedFileError, match=r"overlaps.yml:1: file is missing"):
        curated.load(tmp_path / "overlaps.yml")


def test_lines_point_at_the_entry():
    data, lines = curated.load_with_lines(SRC / "errata.yml")
    text = (SRC / "errata.yml").read_text(encoding="utf-8").splitlines()
    first = data["errata"][0]
    assert first["find"] in text[lines.of("errata", 0, "find") - 1]
    assert lines.at("errata", 0).startswith("rulebook_src/errata.yml:")


def copy_of_sources(dest):
    """rulebook_src/ without raw/ (a curated file's fault is found without the raw texts)."""
    import shutil

    return Path(shutil.copytree(SRC, dest / "rulebook_src", ignore=shutil.ignore_patterns("raw", "__pycache__")))


def test_every_required_file_exists_and_has_no_wildcard():
    assert "jieba_user_dict.txt" in REQUIRED and "wbf1997.yml" in REQUIRED
    assert not any(set(name) & set("*?[") for name in REQUIRED)
    assert all((SRC / name).is_file() for name in REQUIRED)


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_a_deleted_curated_file_is_named_not_read_as_empty(tmp_path, name):
    """A loader that returned nothing for a missing file let a deleted dictionary pass as an empty one (21 pages
    quietly changed); now reading rulebook_src/ names it before anything is built."""
    src = copy_of_sources(tmp_path)
    (src / name).unlink()
    with pytest.raises(CuratedFileError) as error:
        read_rulebook_src(src)
    assert str(error.value) == f"{src / name}:1: file is missing"


@pytest.mark.parametrize(
    ("name", "command"),
    [
        ("jieba_user_dict.txt", ("scripts.render", "--check")),
        ("reference_titles.yml", ("scripts.render",)),
        ("wbf1997.yml", ("scripts.site", "--no-zip")),
    ],
)
def test_an_entry_point_names_a_deleted_curated_file_and_exits_2(tmp_path, entry_point_process, name, command):
    from conftest import copy_project

    project = copy_project(tmp_path, ("scripts", "rulebook_src", "mkdocs.yml"))
    (project / "rulebook_src" / name).unlink()
    result = entry_point_process(*command, cwd=project, timeout=120)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == f"rulebook_src/{name}:1: file is missing"

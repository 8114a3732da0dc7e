"""rulebook_src/ as one value (scripts/curated/rulebook_src.py): read once, frozen, and enough for every stage."""

from __future__ import annotations

import builtins
import copy
import io
import pickle
from pathlib import Path

import pytest

from scripts.curated.rulebook_src import read_rulebook_src, rulebook_src_from_texts, thawed
from scripts.errors import CuratedFileError
from scripts.paths import SRC
from scripts.pipeline.errata import apply_errata, load_errata
from scripts.pipeline.model import Paragraph, Provenance
from scripts.pipeline.run import build_rulebook
from scripts.render.missing import cited_titles
from tests.rulebook_once import real_src

ERRATA = """\
errata:
  - file: 001.txt
    kind: ocr
    find: 竟叫
    replace: 竞叫
    original: 竟叫
    reason: 识读错字：竟→竞
"""


def test_a_stage_runs_on_a_few_lines_of_data():
    src = rulebook_src_from_texts({"errata.yml": ERRATA})
    errata, mojibake, unresolved = load_errata(src)
    paragraphs, repairs = apply_errata("001.txt", [Paragraph("竟叫期间", [Provenance("001.txt", 4)])], errata)
    assert [p.text for p in paragraphs] == ["竞叫期间"] and len(repairs) == 1
    assert errata[0].where == "rulebook_src/errata.yml:2" and mojibake == [] and unresolved == []


def test_a_fault_in_the_few_lines_names_the_file_and_line():
    with pytest.raises(CuratedFileError, match=r"^rulebook_src/errata\.yml:3: errata\[0\]\.kind: '7' is not one of"):
        rulebook_src_from_texts({"errata.yml": ERRATA.replace("kind: ocr", "kind: 7")})


def test_a_file_the_value_lacks_is_named_not_read_from_disk():
    with pytest.raises(CuratedFileError, match=r"^rulebook_src/overlaps\.yml:1: file is missing$"):
        rulebook_src_from_texts({}).load("overlaps.yml")


def test_the_data_is_frozen_and_a_copy_is_not():
    data = real_src().load("errata.yml")
    with pytest.raises(TypeError, match="frozen"):
        data["errata"].append({})
    with pytest.raises(TypeError, match="frozen"):
        data["errata"][0]["find"] = "x"
    mine = thawed(data)
    mine["errata"].append({})
    assert len(mine["errata"]) == len(data["errata"]) + 1
    assert copy.deepcopy(data) == data and type(copy.deepcopy(data)) is dict


def test_the_value_survives_pickling_and_a_deep_copy_shares_it():
    src = real_src()
    assert copy.deepcopy(src) is src
    again = pickle.loads(pickle.dumps(src))
    assert again == src and again.load("errata.yml") == src.load("errata.yml")


def test_reading_twice_gives_equal_values_and_an_edit_a_different_one(tmp_path):
    import shutil

    folder = Path(shutil.copytree(SRC, tmp_path / "rulebook_src"))
    first = read_rulebook_src(folder)
    assert read_rulebook_src(folder) == first  # what `make serve` compares instead of file dates
    path = folder / "jieba_user_dict.txt"
    path.write_text(path.read_text(encoding="utf-8") + "新加的词\n", encoding="utf-8")
    assert read_rulebook_src(folder) != first


@pytest.fixture
def no_reads_under_rulebook_src(monkeypatch):
    """Every open of a file under rulebook_src/ fails the test."""
    real_open, real_io_open = builtins.open, io.open
    root = SRC.resolve()

    def guarded(opener):
        def open_(file, *args, **kwargs):
            path = Path(file).resolve() if isinstance(file, (str, Path)) else None
            if path is not None and path.is_relative_to(root):
                raise AssertionError(f"a stage opened {path.relative_to(root.parent)} itself")
            return opener(file, *args, **kwargs)

        return open_

    monkeypatch.setattr(builtins, "open", guarded(real_open))
    monkeypatch.setattr(io, "open", guarded(real_io_open))


def test_no_stage_opens_rulebook_src_once_the_value_is_read(no_reads_under_rulebook_src):
    """Pipeline, link, render and the missing-Law data run on the value alone (Path.read_text/read_bytes go through
    io.open, so they are caught too)."""
    from scripts.pipeline.link import link_rulebook
    from scripts.render.docs import render_site_pages

    src = real_src()
    rulebook = build_rulebook(src)
    link_rulebook(rulebook)
    cited_titles(rulebook.books, src)
    pages = render_site_pages(rulebook)
    assert "laws/26.md" in pages

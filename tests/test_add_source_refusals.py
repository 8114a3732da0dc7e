"""`make add-source` refuses a source it cannot use (issue 46), in one line naming the file, and leaves
rulebook_src/ (raw/ and the manifest) exactly as it was: an empty file, a binary one, one neither UTF-8 nor GB18030
(a GB18030 one is told to be saved as UTF-8), one with no article, one whose every article is already there with the
same text. A usable source gets a manifest entry whose `articles` lists what it holds. In-process, on a copy of
rulebook_src/ (docs/ is regenerated only after add_source returns, by its main)."""

from __future__ import annotations

import hashlib
import shutil

import pytest
import yaml

from conftest import ROOT
from scripts.errors import SourceFormatError
from scripts.render.add_source import add_source

LAW_16 = "downtown\n\n第１６条 测验用的条文\n\n    Ａ．第一款\n    测验句一：鸬鹚在湖面上飞过三次。\n\ndowntown\n"
WEB_PAGE = (ROOT / "rulebook_src/raw/004_96643fa00b38aa24.txt").read_bytes()


def digest(folder) -> str:
    out = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        out.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return out.hexdigest()


@pytest.fixture
def src_dir(tmp_path):
    return shutil.copytree(ROOT / "rulebook_src", tmp_path / "rulebook_src")


@pytest.mark.parametrize(
    "name,data,says",
    [
        ("empty", b"", "is empty"),
        ("blank", b"\n \n\t\n", "is empty"),
        ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not a text file"),
        ("utf-16", "第16条 标题\n".encode("utf-16"), "not a text file"),
        ("gb18030", "第16条 标题\n内容。\n".encode("gb18030"), "save it as UTF-8"),
        ("neither", b"\xff\xff\xff\n", "not UTF-8 (byte 0xff), nor GB18030"),
        ("no-article", "只是一段话，没有条文标题。\n".encode(), "no article found"),
        ("same-articles", WEB_PAGE + b"\n\n", "already stand in 004_96643fa00b38aa24.txt"),
    ],
)
def test_a_source_it_cannot_use_is_refused_in_one_line_and_nothing_changes(src_dir, tmp_path, name, data, says):
    before = digest(src_dir)
    file = tmp_path / f"{name}.txt"
    file.write_bytes(data)
    with pytest.raises(SourceFormatError) as caught:
        add_source(file, "laws", src_dir)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{file}:") and says in message, message
    assert digest(src_dir) == before


def test_a_usable_source_is_added_with_the_articles_it_holds(src_dir, tmp_path):
    file = tmp_path / "law16.txt"
    file.write_text(LAW_16, encoding="utf-8")
    lines = add_source(file, "laws", src_dir)
    entry = yaml.safe_load((src_dir / "manifest.yml").read_text(encoding="utf-8"))["sources"][-1]
    assert entry["articles"] == "16" and entry["book"] == "laws", entry
    assert (src_dir / "raw" / entry["file"]).read_bytes() == file.read_bytes()
    assert any("laws/16 第16条 测验用的条文" in line for line in lines), lines

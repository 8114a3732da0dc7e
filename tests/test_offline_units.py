"""The pieces of the venue bundle and the installable site, without a browser: edition, precache list, zip."""

from __future__ import annotations

import datetime as dt
import json
import re
import zipfile
from pathlib import Path

import pytest

from scripts.edition import Edition, EditionError, build_timestamp, content_hash
from scripts.site.build import bundle_name, write_bundle_zip
from scripts.site.pwa import precache_lists, precache_urls, render_service_worker


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (["index.html"], ["./"]),
        (["laws/1/index.html", "laws/1.html"], ["laws/1.html", "laws/1/"]),
        (["search/search_index.json", "sitemap.xml", "sitemap.xml.gz"], ["search/search_index.json", "sitemap.xml"]),
        (["assets/a.js", "assets/a.js.map", "sw.js"], ["assets/a.js"]),
        (["assets/javascripts/lunr/min/lunr.ja.min.js", "zh-hant/assets/javascripts/lunr/tinyseg.js"], []),
        (["zh-hant/index.html", "zh-hant/laws/2/index.html"], ["zh-hant/", "zh-hant/laws/2/"]),
    ],
)
def test_precache_urls(tmp_path, files, expected):
    _tree(tmp_path, {name: "x" for name in files})
    assert sorted(precache_urls(tmp_path)) == sorted(expected)


def test_precache_lists_split_by_script_edition(tmp_path):
    """Issue 11: a reader's phone stores the edition it reads (and the shared files), not both."""
    site = _tree(
        tmp_path,
        {
            name: "x"
            for name in [
                "index.html",
                "laws/1/index.html",
                "404.html",
                "assets/pwa/icon-192.png",
                "assets/javascripts/bundle.js",
                "zh-hant/index.html",
                "zh-hant/assets/javascripts/bundle.js",
                "zh-hant/search/search_index.json",
            ]
        },
    )
    assert {edition: sorted(urls) for edition, urls in precache_lists(site).items()} == {
        "shared": ["404.html", "assets/pwa/icon-192.png"],
        "hans": ["./", "assets/javascripts/bundle.js", "laws/1/"],
        "hant": ["zh-hant/", "zh-hant/assets/javascripts/bundle.js", "zh-hant/search/search_index.json"],
    }


def test_service_worker_version_follows_the_files(tmp_path):
    site = _tree(tmp_path, {"index.html": "a", "laws/1/index.html": "b"})
    first = render_service_worker(site)
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\});", first, re.S).group(1))
    assert precache == {"shared": [], "hans": ["./", "laws/1/"], "hant": []}
    assert render_service_worker(site) == first, "same files, same worker (browsers keep their cache)"
    (site / "laws/1/index.html").write_text("c", encoding="utf-8")
    assert render_service_worker(site) != first, "a changed page must change the worker so browsers update"


@pytest.mark.parametrize(("given", "expected"), [("0", 0), ("1764374400", 1764374400)])
def test_build_timestamp_honours_source_date_epoch(monkeypatch, given, expected):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", given)
    assert build_timestamp() == expected


def test_build_timestamp_names_a_bad_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(EditionError, match=r"SOURCE_DATE_EPOCH .*'yesterday'"):
        build_timestamp()


def test_build_timestamp_without_epoch_is_the_last_commit(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    import subprocess

    from conftest import ROOT

    last_commit = int(
        subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    )
    assert build_timestamp(ROOT) == last_commit


@pytest.mark.parametrize(
    ("change", "changes_hash"),
    [
        (lambda root: (root / "docs/a.md").write_text("edited", encoding="utf-8"), True),
        (lambda root: (root / "docs/a.md").rename(root / "docs/b.md"), True),
        (lambda root: (root / "rulebook_src/new.yml").write_text("x", encoding="utf-8"), True),
        (lambda root: _tree(root, {"rulebook_src/__pycache__/m.cpython-311.pyc": "x"}), False),
        (lambda root: _tree(root, {"site/index.html": "built output is not a source"}), False),
        # issue 10: every build input, not only the pages and the curated sources
        (lambda root: _tree(root, {"mkdocs.yml": "site_name: other"}), True),
        (lambda root: _tree(root, {"overrides/main.html": "{# changed #}"}), True),
        (lambda root: _tree(root, {"scripts/site/build.py": "# changed"}), True),
        (lambda root: _tree(root, {"requirements.txt": "mkdocs==1.6.2"}), True),
        (lambda root: _tree(root, {"tests/test_x.py": "tests are not a build input"}), False),
    ],
)
def test_content_hash(tmp_path, change, changes_hash):
    _tree(
        tmp_path,
        {
            "docs/a.md": "text",
            "rulebook_src/errata.yml": "[]",
            "mkdocs.yml": "site_name: x",
            "overrides/main.html": "{# base #}",
            "scripts/site/build.py": "# build",
            "requirements.txt": "mkdocs==1.6.1",
        },
    )
    before = content_hash(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{8}", before)
    change(tmp_path)
    assert (content_hash(tmp_path) != before) == changes_hash


def test_content_hash_names_a_missing_source_folder(tmp_path):
    with pytest.raises(EditionError, match="docs"):
        content_hash(tmp_path)


def test_edition_label_and_bundle_name():
    edition = Edition(date=dt.date(2026, 11, 29), content_hash="3f9a1c0b")
    assert edition.label == "2026-11-29 · 3f9a1c0b"
    assert bundle_name(edition) == "zhongguo-qiaopai-guize-20261129"
    assert bundle_name(edition).isascii()


def test_bundle_zip_is_reproducible_and_sorted(tmp_path):
    tree = _tree(tmp_path / "tree", {"b.html": "b", "a/index.html": "a", "a/app.js": "js", "a/app.js.map": "map"})
    first = write_bundle_zip(tree, tmp_path / "1.zip", "top", 1764374400)
    (tree / "b.html").touch()  # a new mtime must not matter
    second = write_bundle_zip(tree, tmp_path / "2.zip", "top", 1764374400)
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as bundle:
        infos = bundle.infolist()
    assert [info.filename for info in infos] == ["top/a/app.js", "top/a/index.html", "top/b.html"]
    assert {info.date_time for info in infos} == {(2025, 11, 29, 0, 0, 0)}

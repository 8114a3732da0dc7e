"""Every entry point stops on a bad curated file with one line naming it and exit status 2, and writes nothing
(issue 10); `python -m scripts.site` replaces site/ and dist/ only when every step succeeded."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import copy_project
from scripts.errors import RulebookError
from scripts.site import build


@pytest.fixture
def project(tmp_path) -> Path:
    return copy_project(tmp_path)


@pytest.mark.parametrize(
    ("broken", "text", "command"),
    [
        ("rulebook_src/search_synonyms.yml", "synonyms:\n  - typed: [手机\n", ("scripts.site", "--no-zip")),
        ("rulebook_src/traditional_fixes.tsv", "只有一列\n", ("scripts.site", "--zip-only")),
        ("rulebook_src/overlaps.yml", "laws: 42\n", ("scripts.render",)),
        ("rulebook_src/errata.yml", "errata: !!set {a: null}\n", ("scripts.print", "--out", "print-out")),
        (
            "rulebook_src/penalties/lateness.yml",
            "",
            ("scripts.penalties", "lateness", "--event", "pairs-imp", "--minutes", "12"),
        ),
    ],
)
def test_a_bad_curated_file_is_one_line_and_exit_2(project, entry_point_process, broken, text, command):
    (project / broken).write_text(text, encoding="utf-8")
    for folder in ("site", "dist"):  # a previous good build, which must stay as it was
        (project / folder).mkdir()
        (project / folder / "previous.txt").write_text("good", encoding="utf-8")
    docs_before = sorted((p.relative_to(project), p.read_bytes()) for p in (project / "docs").rglob("*") if p.is_file())
    result = entry_point_process(*command, cwd=project)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{broken}:"), result.stderr
    assert "Traceback" not in result.stderr
    for folder in ("site", "dist"):
        assert [p.name for p in (project / folder).iterdir()] == ["previous.txt"]
    assert (
        sorted((p.relative_to(project), p.read_bytes()) for p in (project / "docs").rglob("*") if p.is_file())
        == docs_before
    )


def test_outputs_are_replaced_only_when_every_step_succeeded(tmp_path, monkeypatch):
    site, dist = tmp_path / "site", tmp_path / "dist"
    for folder in (site, dist):
        folder.mkdir()
        (folder / "previous.txt").write_text("good", encoding="utf-8")

    def write_site(staging):
        (staging.site / "index.html").write_text("new", encoding="utf-8")

    def fail(staging):
        raise RulebookError("rulebook_src/x.yml:3: the second step failed")

    monkeypatch.setattr(build, "BUILD_STEPS", (("hosted site", "site", write_site), ("venue bundle", "dist", fail)))
    with pytest.raises(RulebookError, match="second step"):
        build.build_site(site, dist)
    assert [p.name for p in site.iterdir()] == ["previous.txt"] and [p.name for p in dist.iterdir()] == ["previous.txt"]
    assert not list(tmp_path.glob(".site-build-*")), "the staging folder is left behind"

    def write_dist(staging):
        (staging.dist / "bundle.zip").write_text("new", encoding="utf-8")

    monkeypatch.setattr(
        build, "BUILD_STEPS", (("hosted site", "site", write_site), ("venue bundle", "dist", write_dist))
    )
    build.build_site(site, dist)
    assert [p.name for p in site.iterdir()] == ["index.html"] and [p.name for p in dist.iterdir()] == ["bundle.zip"]

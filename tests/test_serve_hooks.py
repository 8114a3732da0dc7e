"""scripts/site/serve_hooks.py: under `mkdocs serve`, an edit in rulebook_src/ regenerates exactly the pages it
changes."""

from __future__ import annotations

import hashlib
import logging
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from scripts.errors import RulebookError
from scripts.site import serve_hooks
from scripts.paths import SRC

RAW = "000_7e52110b4744ddd8.txt"
OLD, NEW = "应将屏幕的窗口关闭", "应将屏幕的窗口合上"


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(SRC, tmp_path / "rulebook_src")
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(serve_hooks, "STATE", serve_hooks.ServeState())
    return SimpleNamespace(
        root=tmp_path, config={"config_file_path": str(tmp_path / "mkdocs.yml"), "docs_dir": str(tmp_path / "docs")}
    )


class Config(dict):
    """The two attributes the hook reads, as mkdocs' config object offers them."""

    def __getattr__(self, name):
        return self[name]


def rebuild_config(project) -> Config:
    """The config of one rebuild: `mkdocs serve` loads mkdocs.yml afresh for each (and the hooks keep that rebuild's
    RulebookSrc on it)."""
    return Config(project.config)


def edit_raw(root: Path, old: str, new: str, fix_manifest: bool = True) -> None:
    raw = root / "rulebook_src" / "raw" / RAW
    manifest = root / "rulebook_src" / "manifest.yml"
    before = raw.read_bytes()
    after = before.replace(old.encode(), new.encode())
    raw.write_bytes(after)
    if fix_manifest:
        text = manifest.read_text(encoding="utf-8")
        manifest.write_text(
            text.replace(hashlib.sha256(before).hexdigest(), hashlib.sha256(after).hexdigest()), encoding="utf-8"
        )


def test_build_command_leaves_docs_alone(project):
    serve_hooks.on_startup(command="build", dirty=False)
    serve_hooks.on_pre_build(config=Config(project.config))
    assert list((project.root / "docs").iterdir()) == []


def test_serve_writes_only_the_pages_an_edit_changes_from_one_read_per_rebuild(project, monkeypatch):
    """Each rebuild reads rulebook_src/ once: the pages (this hook) and the search index and traditional fixes (the
    later hooks of the same rebuild, through rulebook_src_of) come from that one value, never from two versions."""
    from scripts.curated import rulebook_src
    from scripts.site.hook_errors import rulebook_src_of, traditional_fixes_of

    reads, every_file = [], rulebook_src.data_files  # what read_rulebook_src walks, however a module imported it
    monkeypatch.setattr(rulebook_src, "data_files", lambda folder: reads.append(folder) or every_file(folder))
    serve_hooks.on_startup(command="serve", dirty=False)
    config = rebuild_config(project)
    serve_hooks.on_pre_build(config=config)
    first = serve_hooks.STATE.builds[-1]["written"]
    assert "regulations/23.md" in first and "index.md" in first
    traditional_fixes_of(config)  # what scripts/site/edition_hooks.py converts with
    assert rulebook_src_of(config) is serve_hooks.STATE.src and len(reads) == 1  # the index's value: the pages' one
    serve_hooks.on_pre_build(config=rebuild_config(project))  # nothing changed under rulebook_src/: no pipeline run
    assert len(serve_hooks.STATE.builds) == 1 and len(reads) == 2
    edit_raw(project.root, OLD, NEW)
    serve_hooks.on_pre_build(config=rebuild_config(project))
    assert serve_hooks.STATE.builds[-1]["written"] == ["regulations/23.md"]
    assert NEW in (project.root / "docs" / "regulations" / "23.md").read_text(encoding="utf-8")


def test_pipeline_error_keeps_the_last_good_pages(project, caplog):
    serve_hooks.on_startup(command="serve", dirty=False)
    serve_hooks.on_pre_build(config=rebuild_config(project))
    page = project.root / "docs" / "regulations" / "23.md"
    good = page.read_text(encoding="utf-8")
    edit_raw(project.root, OLD, NEW, fix_manifest=False)  # the manifest hash no longer matches
    with caplog.at_level(logging.ERROR, logger="mkdocs.hooks.serve"):
        serve_hooks.on_pre_build(config=rebuild_config(project))
    assert page.read_text(encoding="utf-8") == good
    assert any(RAW in record.getMessage() and "sha256" in record.getMessage() for record in caplog.records)
    assert len(serve_hooks.STATE.builds) == 1
    # one logged line, starting with the line `python -m scripts.render` prints for the same fault
    errors = [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 1 and "\n" not in errors[0], errors
    from scripts.curated.rulebook_src import read_rulebook_src
    from scripts.pipeline.run import build_rulebook

    with pytest.raises(RulebookError) as cli_error:
        build_rulebook(read_rulebook_src(project.root / "rulebook_src"))
    assert errors[0].startswith(f"{cli_error.value} ("), errors[0]


def test_a_malformed_curated_file_is_logged_in_one_line_and_the_last_site_kept(project, caplog):
    """Issue 10: under `make serve` a YAML fault is one logged line naming file:line; the rebuild stops before mkdocs
    cleans the site folder, and the server goes on (mkdocs would hold every request until the file is fixed)."""
    config = Config(project.config)
    serve_hooks.on_startup(command="serve", dirty=False)
    serve_hooks.on_pre_build(config=rebuild_config(project))
    (project.root / "rulebook_src" / "overlaps.yml").write_text("laws:\n  - numbers: [4, 5\n", encoding="utf-8")
    calls = []

    def rebuild():
        calls.append("build")
        serve_hooks.on_pre_build(config=rebuild_config(project))
        calls.append("site written")  # never reached: the site folder stays as it was

    server = SimpleNamespace(builder=rebuild)
    server = serve_hooks.on_serve(server, config=config, builder=rebuild)
    with caplog.at_level(logging.ERROR, logger="mkdocs.hooks.serve"):
        server.builder()  # what mkdocs' rebuild loop calls: must not raise
    assert calls == ["build"]
    errors = [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 1 and "\n" not in errors[0], errors
    assert re.match(r"^\S*overlaps.yml:[0-9]+: not valid YAML", errors[0]), errors[0]


def test_an_os_error_under_serve_is_one_logged_line_and_the_server_goes_on(project, caplog, monkeypatch):
    """Issue 25: a full disk while `make serve` writes the regenerated pages, or while mkdocs writes the site, is one
    logged line naming the path (never mkdocs' traceback), and the rebuild loop goes on."""
    config = Config(project.config)
    serve_hooks.on_startup(command="serve", dirty=False)
    serve_hooks.on_pre_build(config=rebuild_config(project))
    edit_raw(project.root, OLD, NEW)
    page = project.root / "docs" / "regulations" / "23.md"
    good = page.read_text(encoding="utf-8")

    def full_disk(pages, docs_dir):
        raise OSError(28, "No space left on device", str(docs_dir / "regulations" / "23.md"))

    from scripts.render import docs as render_docs

    monkeypatch.setattr(render_docs, "write_pages", full_disk)

    def rebuild():
        serve_hooks.on_pre_build(config=rebuild_config(project))
        raise OSError(28, "No space left on device", "site/index.html")  # mkdocs' own writing, if it got that far

    server = serve_hooks.on_serve(SimpleNamespace(builder=rebuild), config=config, builder=rebuild)
    with caplog.at_level(logging.ERROR, logger="mkdocs.hooks.serve"):
        server.builder()  # what mkdocs' rebuild loop calls: must not raise
        monkeypatch.setattr(render_docs, "write_pages", lambda pages, docs_dir: [])
        serve_hooks.STATE.src = None
        server.builder()  # the pages are written; mkdocs' own write then fails
    errors = [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 2 and not any("\n" in line for line in errors), errors
    assert errors[0].startswith("mkdocs serve: ") and "23.md: No space left on device" in errors[0], errors[0]
    assert (
        errors[1]
        == "mkdocs serve: site/index.html: No space left on device; the site is incomplete until this is fixed"
    )
    assert page.read_text(encoding="utf-8") == good

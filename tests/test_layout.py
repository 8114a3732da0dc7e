"""The tree says how the code flows: stage folders import one way, and the README names only things that exist."""

from __future__ import annotations

import ast
import functools
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
README = (ROOT / "README.md").read_text(encoding="utf-8")

# What each stage folder may import from the others (pipeline → render → site; search and penalties beside).
ALLOWED_IMPORTS = {
    "curated": set(),  # the loader of rulebook_src/ (a folder, but shared like the modules below)
    "pipeline": set(),
    "document": {"pipeline"},  # what the builders share: heading corrections, sub-headings, markers, report names
    "render": {"pipeline", "penalties", "document"},
    "penalties": {"pipeline"},
    "search": set(),
    "print": {"pipeline", "penalties", "document"},  # a sibling of render over the same tree, never importing it
    "site": {"pipeline", "document", "render", "search", "penalties", "print"},
}
# Top-level modules every stage may use; they import only each other. edition (the stamp and the files' prefix) and
# traditional (OpenCC plus reviewed fixes) serve both the site and the print edition, so neither stage owns them.
SHARED_MODULES = {"books", "paths", "errors", "limits", "curated", "edition", "traditional", "cli"}


@functools.cache
def module_nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of a module's syntax tree, parsed once per test process: five tests walk every module of
    scripts/ (stage imports, the import graph, rulebook_src reads, environment writes, relative imports)."""
    return tuple(ast.walk(ast.parse(path.read_text(encoding="utf-8"))))


def stage_imports(path: Path) -> set[str]:
    """The `scripts.<folder>` names a module imports (absolute imports only; the code uses no relative ones)."""
    names = set()
    for node in module_nodes(path):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "scripts":
            names.update(f"scripts.{alias.name}" for alias in node.names)  # from scripts import curated
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name.split(".")[1] for name in names if name.startswith("scripts.") and name.count(".") >= 1}


def stage_modules():
    return sorted(p for p in SCRIPTS.rglob("*.py") if p.parent != SCRIPTS)


@pytest.mark.parametrize("path", stage_modules(), ids=lambda p: p.relative_to(SCRIPTS).as_posix())
def test_stage_imports_flow_one_way(path):
    stage = path.relative_to(SCRIPTS).parts[0]
    assert stage in ALLOWED_IMPORTS, (
        f"scripts/{stage}/ is not a known stage folder: add it to ALLOWED_IMPORTS with its place in the flow"
    )
    wrong = stage_imports(path) - ALLOWED_IMPORTS[stage] - SHARED_MODULES - {stage}
    assert not wrong, (
        f"{path.relative_to(ROOT)} (stage {stage}) imports {sorted(wrong)}: against the flow pipeline → render → site"
    )


def shared_modules():
    return sorted(
        p for p in SCRIPTS.rglob("*.py") if p.relative_to(SCRIPTS).parts[0].removesuffix(".py") in SHARED_MODULES
    )


@pytest.mark.parametrize("path", shared_modules(), ids=lambda p: p.relative_to(SCRIPTS).as_posix())
def test_shared_modules_import_no_stage(path):
    wrong = stage_imports(path) - SHARED_MODULES
    assert not wrong, (
        f"{path.relative_to(ROOT)} is shared by every stage but imports the stage(s) {sorted(wrong)}:"
        " move what it needs into a shared module"
    )


def test_every_top_level_module_is_shared():
    top_level = {p.stem for p in SCRIPTS.glob("*.py") if p.name != "__init__.py"}
    assert top_level <= SHARED_MODULES, (
        f"scripts/ holds {sorted(top_level - SHARED_MODULES)}: put it in its stage folder or list it in SHARED_MODULES"
    )


def import_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle in the graph as [a, b, …, a], or [] when there is none (depth-first search)."""
    done, path = set(), []

    def visit(node: str) -> list[str]:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return []
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if cycle := visit(target):
                return cycle
        path.pop()
        done.add(node)
        return []

    for node in sorted(graph):
        if cycle := visit(node):
            return cycle
    return []


def test_import_cycle_finder_finds_a_cycle():
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_allowed_stage_imports_have_no_cycle():
    """The flow is one way only if the allowed graph is acyclic: two stages allowed to import each other are one
    stage."""
    cycle = import_cycle(ALLOWED_IMPORTS)
    assert not cycle, f"ALLOWED_IMPORTS lets stages import in a circle: {' → '.join(cycle)}"


def test_real_stage_imports_have_no_cycle():
    graph: dict[str, set[str]] = {}
    for path in stage_modules():
        stage = path.relative_to(SCRIPTS).parts[0]
        graph.setdefault(stage, set()).update(stage_imports(path) - SHARED_MODULES - {stage})
    cycle = import_cycle(graph)
    assert not cycle, f"stage folders import each other in a circle: {' → '.join(cycle)}"


def test_no_relative_imports_across_stages():
    relative = [
        p.relative_to(ROOT).as_posix()
        for p in SCRIPTS.rglob("*.py")
        if any(isinstance(n, ast.ImportFrom) and n.level > 1 for n in module_nodes(p))
    ]
    assert not relative, f"modules importing with `from ..`: {relative} (use absolute scripts.<stage> imports)"


WRITTEN_BY_RUNS = ("tests/artifacts/", "bench/results/")  # git-ignored folders that tests and benches write


def test_every_path_the_readme_names_exists():
    named = set(re.findall(r"`((?:scripts|rulebook_src|tests|bench|docs|overrides)/[^`\s*<>]+?)`", README))
    missing = sorted(p for p in named if not (ROOT / p.rstrip("/")).exists() and p not in WRITTEN_BY_RUNS)
    assert named and not missing, f"README names paths that do not exist: {missing}"


def test_every_module_command_the_readme_names_exists():
    commands = set(re.findall(r"python -m (scripts(?:\.[a-z_]+)*)", README))
    missing = []
    for command in commands:
        path = ROOT / command.replace(".", "/")
        if not ((path / "__main__.py").exists() or path.with_suffix(".py").exists()):
            missing.append(command)
    assert commands and not missing, f"README names `python -m` commands that do not exist: {missing}"


def tracked_text_files() -> list[Path]:
    """Every file git tracks but the raw sources (byte-for-byte copies, never edited), that reads as UTF-8 text."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    out = []
    for name in filter(None, listed.split("\0")):
        path = ROOT / name
        if name.startswith("rulebook_src/raw/") or not path.is_file():
            continue
        try:
            out.append((path, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue  # images, fonts, icons
    return out


CODE_PATH = re.compile(r"(?<![\w/.-])scripts/[\w/-]+\.[a-z]{2,4}\b")  # scripts/site/build.py, scripts/print/book.css
MODULE_COMMAND = re.compile(r"python3? -m (scripts(?:\.\w+)*)")


def test_every_code_path_a_tracked_file_names_exists():
    """Comments, docs, published pages and benches name scripts/… paths and `python -m` commands; after a
    move, the old names lingered in eight files (the Makefile, theme overrides, curated-file headers, benches)."""
    stale = []
    for path, text in tracked_text_files():
        for number, line in enumerate(text.splitlines(), 1):
            where = f"{path.relative_to(ROOT).as_posix()}:{number}"
            stale += [f"{where}: {m.group()}" for m in CODE_PATH.finditer(line) if not (ROOT / m.group()).exists()]
            for match in MODULE_COMMAND.finditer(line):
                module = ROOT / match.group(1).replace(".", "/")
                if not ((module / "__main__.py").exists() or module.with_suffix(".py").exists()):
                    stale.append(f"{where}: python -m {match.group(1)}")
    assert not stale, "paths or commands that no longer exist:\n" + "\n".join(stale)


def test_the_path_check_reads_the_whole_tree():
    names = {path.relative_to(ROOT).as_posix() for path, _ in tracked_text_files()}
    assert {
        "Makefile",
        "README.md",
        "overrides/main.html",
        "rulebook_src/errata.yml",
        "bench/build",
        "docs/about/performance.md",
    } <= names
    assert not any(name.startswith("rulebook_src/raw/") for name in names)
    assert CODE_PATH.search("see scripts/" + "serve_hooks.py") and not CODE_PATH.search("docs/scripts/x.py")


def test_every_make_target_the_readme_names_exists():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z-]+):", makefile, re.M))
    named = set(re.findall(r"`make ([a-z-]+)`", README))
    assert named and named <= targets, f"README names make targets the Makefile lacks: {sorted(named - targets)}"


MAX_MODULE_LINES = 400  # past this a module holds more than one job: split it


@pytest.mark.parametrize("path", sorted(SCRIPTS.rglob("*.py")), ids=lambda p: p.relative_to(SCRIPTS).as_posix())
def test_no_module_over_the_line_limit(path):
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_MODULE_LINES, (
        f"{path.relative_to(ROOT)} has {lines} lines (limit {MAX_MODULE_LINES}): split it by job"
    )


MAX_LINE_CHARS = 120  # characters, not display width (ruff's E501 counts a Han character twice, so it is off)
PYTHON_FILES = sorted(
    [
        *SCRIPTS.rglob("*.py"),
        *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "bench").glob("*.py"),
        *(ROOT / "bench" / name for name in ("build", "phone", "search")),
    ]
)


def test_no_line_over_the_length_limit():
    long = [
        f"{path.relative_to(ROOT)}:{number}: {len(line)} characters"
        for path in PYTHON_FILES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > MAX_LINE_CHARS
    ]
    assert not long, f"{len(long)} lines over {MAX_LINE_CHARS} characters (break them):\n" + "\n".join(long)


HAND_WRITTEN_JS = sorted(
    p for p in (ROOT / "docs" / "assets").rglob("*.js") if "vendor" not in p.parts and "generated" not in p.parts
)
# Hand-written scripts allowed past the limit, each with the reason it stays one file. Remove an entry once its file
# is split (test_every_js_exception_is_still_over_the_limit says when).
JS_OVER_THE_LIMIT = {
    "docs/assets/search/worker.js": "one classic script with no imports: under file:// it runs inside the vendored "
    "iframe-worker shim, whose importScripts loads asynchronously (script tags), so code in a "
    "second file would not be there when the worker's first lines run; the build also "
    "hashes and copies it as one file (scripts/site/search_hooks.py)",
    "docs/assets/penalties/calculators.js": "every calculator's widget: the plans' evaluator (scripts/penalties/"
    "plan_evaluate.py in the browser), the forms, the address and the copy and share buttons; loaded on demand as one "
    "file by loader.js after the page's plans",
}


@pytest.mark.parametrize("path", HAND_WRITTEN_JS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_hand_written_script_over_the_line_limit(path):
    name = path.relative_to(ROOT).as_posix()
    lines = path.read_text(encoding="utf-8").count("\n")
    assert name in JS_OVER_THE_LIMIT or lines <= MAX_MODULE_LINES, (
        f"{name} has {lines} lines (limit {MAX_MODULE_LINES}):"
        " split it by job, or name it in JS_OVER_THE_LIMIT with the reason"
    )


@pytest.mark.parametrize("name", sorted(JS_OVER_THE_LIMIT))
def test_every_js_exception_is_still_over_the_limit(name):
    path = ROOT / name
    assert path.is_file(), f"{name} is listed in JS_OVER_THE_LIMIT but does not exist"
    assert path.read_text(encoding="utf-8").count("\n") > MAX_MODULE_LINES, (
        f"{name} is within the limit now: remove its exception"
    )


HAND_WRITTEN_CSS = sorted(
    p for p in (ROOT / "docs" / "assets").rglob("*.css") if "vendor" not in p.parts and "generated" not in p.parts
)


@pytest.mark.parametrize("path", HAND_WRITTEN_CSS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_stylesheet_blocks_are_closed(path):
    """A rule left open swallows every rule after it (browsers read them as nested): once a merge dropped a `}` and
    the unresolved-defect notes, the article bar and the English titles all lost their styles."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    depth, line = 0, 1
    for char in text:
        line += char == "\n"
        depth += (char == "{") - (char == "}")
        assert depth >= 0, f"{path.relative_to(ROOT)}:{line}: a `}}` closes nothing"
    assert depth == 0, f"{path.relative_to(ROOT)}: {depth} block(s) left open"


# Character classes have one home, scripts/books.py (HAN, CN_DIGITS): a range written again drifts (the inline
# copies had left out Extension A and the compatibility block).
INLINE_CLASSES = {"\\u4e00-\\u9fff": "books.HAN", "一二三四五六七八九十": "books.CN_DIGITS"}


@pytest.mark.parametrize(
    "path",
    sorted(p for p in SCRIPTS.rglob("*.py") if p.name != "books.py"),
    ids=lambda p: p.relative_to(SCRIPTS).as_posix(),
)
def test_character_classes_come_from_books(path):
    text = path.read_text(encoding="utf-8")
    inline = [f"{written} (use {name})" for written, name in INLINE_CLASSES.items() if written in text]
    assert not inline, f"{path.relative_to(ROOT)} writes a shared character class inline: {inline}"

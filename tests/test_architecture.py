"""The modules' import graph: no circle between modules, and no stage reaches into another's private names."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

from tests.test_layout import ROOT, SCRIPTS, import_cycle, module_nodes


def module_name(path: Path) -> str:
    """scripts/penalties/spec.py → 'scripts.penalties.spec'; a package's __init__.py → the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(SCRIPTS.rglob("*.py"))}


def imported_names(path: Path) -> list[tuple[str, str]]:
    """(module, name) for every `from scripts.x import name` in a file, also inside functions (a lazy import is an
    import all the same); `import scripts.x` gives (module, '')."""
    found = []
    for node in module_nodes(path):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("scripts"):
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names if alias.name.startswith("scripts")]
    return found


def module_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module → the modules of scripts/ it imports (`from scripts.penalties import tables` imports the module
    scripts.penalties.tables; `from scripts.penalties.spec import load_spec` imports scripts.penalties.spec)."""
    graph = {}
    for name, path in modules.items():
        targets = set()
        for module, imported in imported_names(path):
            targets.add(f"{module}.{imported}" if f"{module}.{imported}" in modules else module)
        graph[name] = {target for target in targets if target in modules and target != name}
    return graph


def test_module_graph_sees_a_circle_through_a_lazy_import(tmp_path):
    package = tmp_path / "scripts" / "stage"
    package.mkdir(parents=True)
    (package / "a.py").write_text("from scripts.stage.b import thing\n", encoding="utf-8")
    (package / "b.py").write_text("def thing():\n    from scripts.stage import a\n", encoding="utf-8")
    modules = {"scripts.stage.a": package / "a.py", "scripts.stage.b": package / "b.py"}
    assert import_cycle(module_graph(modules)) == ["scripts.stage.a", "scripts.stage.b", "scripts.stage.a"]


def test_no_module_imports_itself_in_a_circle():
    """Two modules that import each other (even lazily, inside a function) are one module split in two: what both
    need goes to a third (an error kind to scripts/errors.py, say)."""
    cycle = import_cycle(module_graph(MODULES))
    assert not cycle, f"modules import each other in a circle: {' → '.join(cycle)}"


def stage_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 else parts[-1]


@pytest.mark.parametrize("name", sorted(MODULES), ids=str)
def test_no_private_name_crosses_a_module(name):
    """A name with a leading underscore is a module's own; another module (above all a sibling builder: print and
    render) uses what the owner declares public, or the shared document model."""
    private = [
        f"{module}.{imported}"
        for module, imported in imported_names(MODULES[name])
        if imported.startswith("_") and module != name
    ]
    assert not private, f"{MODULES[name].relative_to(ROOT)} imports private names {private}"


def test_print_and_render_are_siblings():
    """Render (the pages) and print (the PDFs) are two builders over one tree: neither imports the other."""
    crossing = [
        f"{name} imports {module}"
        for name, path in MODULES.items()
        for module, _ in imported_names(path)
        if {stage_of(name), stage_of(module)} == {"print", "render"}
    ]
    assert not crossing, "print and render import each other: " + "; ".join(crossing)


# --- rulebook_src/ is read once, by an entry point, and passed on --------------------------------------------------
# The modules that start a process (a command line, mkdocs' hooks, the site build): each reads rulebook_src/ once
# (scripts.curated.rulebook_src.read_rulebook_src) and hands the value to the stages.
ENTRY_POINTS = {
    "scripts/render/docs.py",
    "scripts/render/proofread.py",
    "scripts/print/__main__.py",
    "scripts/site/build.py",
    "scripts/site/serve_hooks.py",
    "scripts/penalties/__main__.py",
    "scripts/render/add_source.py",
    "scripts/site/hook_errors.py",  # rulebook_src_of: the mkdocs process's one read, kept on the config for every hook
    "scripts/site/search_hooks.py",  # reads the traditional copy of the word list that build.py wrote (not a source)
}
LOADER_CALLS = {"load", "load_with_lines", "load_with_node", "load_rows", "read_text", "read_bytes"}


def rulebook_src_reads(nodes: Iterable[ast.AST]) -> list[int]:
    """Lines where a module reaches for rulebook_src/ itself: the SRC path, a 'rulebook_src' path segment, or a call
    of the curated loader's path functions (curated.load(path) …) instead of the RulebookSrc it was given."""
    lines = []
    for node in nodes:
        if (
            isinstance(node, ast.ImportFrom)
            and node.module == "scripts.paths"
            and any(a.name == "SRC" for a in node.names)
        ):
            lines.append(node.lineno)
        elif (
            isinstance(node, ast.ImportFrom)
            and (node.module or "").startswith("scripts.curated")
            and node.module != "scripts.curated.rulebook_src"
            and any(a.name in LOADER_CALLS for a in node.names)
        ):  # the loader's path functions imported by name: `from scripts.curated import load_with_lines`
            lines.append(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "SRC" and ast.unparse(node.value) == "paths":
            lines.append(node.lineno)
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Div)
            and any(isinstance(side, ast.Constant) and side.value == "rulebook_src" for side in (node.left, node.right))
        ):
            lines.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in LOADER_CALLS
            and ast.unparse(node.func.value) == "curated"
        ):
            lines.append(node.lineno)
    return lines


def test_rulebook_src_reads_are_found():
    code = (
        "from scripts.paths import SRC\nx = ROOT / 'rulebook_src' / 'a.yml'\ncurated.load_rows(p)\n"
        "src.load_rows('a.txt')\nprint('rulebook_src')\nfrom scripts.curated import load_with_lines, Lines\n"
        "from scripts.curated.rulebook_src import RulebookSrc\n"
    )
    assert sorted(rulebook_src_reads(ast.walk(ast.parse(code)))) == [1, 2, 3, 6]


def reading_modules() -> dict[str, list[int]]:
    readers = {}
    for path in sorted(SCRIPTS.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith("scripts/curated/") or name == "scripts/paths.py":
            continue  # the loader itself, and where the path is named once
        if lines := rulebook_src_reads(module_nodes(path)):
            readers[name] = lines
    return readers


def test_no_stage_reads_rulebook_src_itself():
    """A stage takes the RulebookSrc its entry point read (as mkdocs hands each event its config): it never opens a
    file of rulebook_src/, so a test can give it a few lines of data and a long-lived process sees one version."""
    wrong = {name: lines for name, lines in reading_modules().items() if name not in ENTRY_POINTS}
    assert not wrong, (
        "stages reading rulebook_src/ themselves: "
        + "; ".join(f"{name}:{lines[0]}" for name, lines in wrong.items())
        + " (take a RulebookSrc argument instead)"
    )

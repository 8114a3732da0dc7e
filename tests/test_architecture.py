"""The modules' import graph: no circle between modules, and no stage reaches into another's private names."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_layout import ROOT, SCRIPTS, import_cycle


def module_name(path: Path) -> str:
    """scripts/penalties/spec.py → 'scripts.penalties.spec'; a package's __init__.py → the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(SCRIPTS.rglob("*.py"))}


def imported_names(path: Path) -> list[tuple[str, str]]:
    """(module, name) for every `from scripts.x import name` in a file, also inside functions (a lazy import is an
    import all the same); `import scripts.x` gives (module, '')."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
    private = [f"{module}.{imported}" for module, imported in imported_names(MODULES[name])
               if imported.startswith("_") and module != name]
    assert not private, f"{MODULES[name].relative_to(ROOT)} imports private names {private}"



def test_print_and_render_are_siblings():
    """Render (the pages) and print (the PDFs) are two builders over one tree: neither imports the other."""
    crossing = [f"{name} imports {module}" for name, path in MODULES.items() for module, _ in imported_names(path)
                if {stage_of(name), stage_of(module)} == {"print", "render"}]
    assert not crossing, "print and render import each other: " + "; ".join(crossing)

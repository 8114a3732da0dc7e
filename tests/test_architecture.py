"""Rules about the code that no configured tool checks, one test per rule, each listing every offender at once.

The others are configuration: the import direction between the stages, render and print as siblings, no circle of
imports (import-linter's contracts in pyproject.toml, `lint-imports`); no relative imports, no write to the
environment, no stage reading rulebook_src/ itself (ruff's TID rules there). All run in `make check`."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import re
from pathlib import Path

from scripts.errors import RulebookError

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
MODULE_FILES = sorted(SCRIPTS.rglob("*.py"))


def module_name(path: Path) -> str:
    """scripts/penalties/spec.py → 'scripts.penalties.spec'; a package's __init__.py → the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def syntax_tree(path: Path) -> tuple[ast.AST, ...]:
    """Every node of a module, parsed once for the rules that read them."""
    return tuple(ast.walk(ast.parse(path.read_text(encoding="utf-8"))))


def where(path: Path, line: int | None = None) -> str:
    return path.relative_to(ROOT).as_posix() + (f":{line}" if line else "")


def offenders(found: list[str], rule: str) -> str:
    return f"{len(found)} {rule}:\n" + "\n".join(found)


def test_no_private_name_crosses_a_module():
    """A name with a leading underscore is a module's own; another module (above all a sibling builder: print and
    render) uses what the owner declares public, or the shared document model. (ruff's PLC2701 lets a package's
    modules share private names, which is what this forbids.)"""
    found = []
    for path in MODULE_FILES:
        for node in syntax_tree(path):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scripts"):
                found += [
                    f"{where(path, node.lineno)}: imports {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and node.module != module_name(path)
                ]
    assert not found, offenders(found, "imports of another module's private names")


def test_every_exception_class_is_a_rulebook_error():
    """One error hierarchy: every exception class the code defines derives from RulebookError (scripts/errors.py),
    so the entry points' one `except RulebookError` turns each into one line naming the place, never a traceback.
    (The `python -m` wrappers, scripts/<stage>/__main__.py, run their stage on import and define none.)"""
    found = []
    for path in MODULE_FILES:
        if path.name == "__main__.py":
            continue
        module = importlib.import_module(module_name(path))
        found += [
            f"{where(path)}: {value.__qualname__}"
            for value in vars(module).values()
            if inspect.isclass(value)
            and issubclass(value, BaseException)
            and value.__module__ == module.__name__
            and not issubclass(value, RulebookError)
        ]
    assert not found, offenders(found, "exception classes outside RulebookError (derive them from it)")


MAX_MODULE_LINES = 400  # past this a module holds more than one job: split it


def test_no_module_over_the_line_limit():
    found = [
        f"{where(path)}: {lines} lines"
        for path in MODULE_FILES
        if (lines := path.read_text(encoding="utf-8").count("\n")) > MAX_MODULE_LINES
    ]
    assert not found, offenders(found, f"modules over {MAX_MODULE_LINES} lines (split them by job)")


MAX_FUNCTION_LINES = 80  # past this a function does more than one thing: its parts have names


def test_no_function_over_the_line_limit():
    found = []
    for path in MODULE_FILES:
        for node in syntax_tree(path):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    found.append(f"{where(path, node.lineno)}: {node.name} has {lines} lines")
    assert not found, offenders(found, f"functions over {MAX_FUNCTION_LINES} lines (split them where parts have names)")


MAX_LINE_CHARS = 120  # characters, not display width (ruff's E501 counts a Han character twice, so it is off)
PYTHON_FILES = sorted(
    [
        *MODULE_FILES,
        *(ROOT / "tests").rglob("*.py"),
        *(ROOT / "bench").glob("*.py"),
        *(ROOT / "bench" / name for name in ("build", "phone", "search")),
    ]
)


def test_no_line_over_the_length_limit():
    found = [
        f"{where(path, number)}: {len(line)} characters"
        for path in PYTHON_FILES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > MAX_LINE_CHARS
    ]
    assert not found, offenders(found, f"lines over {MAX_LINE_CHARS} characters (break them)")


HAND_WRITTEN = ROOT / "docs" / "assets"


def hand_written(suffix: str) -> list[Path]:
    return sorted(p for p in HAND_WRITTEN.rglob(f"*{suffix}") if not {"vendor", "generated"} & set(p.parts))


# Hand-written scripts allowed past the limit, each with the reason it stays one file (an entry whose file is within
# the limit again is an offender too: remove it).
JS_OVER_THE_LIMIT = {
    "docs/assets/search/worker.js": "one classic script with no imports: under file:// it runs inside the vendored "
    "iframe-worker shim, whose importScripts loads asynchronously (script tags), so code in a "
    "second file would not be there when the worker's first lines run; the build also "
    "hashes and copies it as one file (scripts/site/search_hooks.py)",
    "docs/assets/penalties/calculators.js": "every calculator's widget: the plans' evaluator, the forms, the address "
    "and the copy and share buttons; loaded on demand as one file by loader.js after the page's plans",
}


def test_no_hand_written_script_over_the_line_limit():
    found = []
    for path in hand_written(".js"):
        lines = path.read_text(encoding="utf-8").count("\n")
        if (lines > MAX_MODULE_LINES) != (where(path) in JS_OVER_THE_LIMIT):
            excepted = where(path) in JS_OVER_THE_LIMIT
            found.append(f"{where(path)}: {lines} lines" + (" (within the limit: remove its exception)" * excepted))
    found += [
        f"{name}: listed in JS_OVER_THE_LIMIT, does not exist"
        for name in JS_OVER_THE_LIMIT
        if not (ROOT / name).is_file()
    ]
    assert not found, offenders(found, f"scripts over {MAX_MODULE_LINES} lines without a reason (split them)")


def test_stylesheet_blocks_are_closed():
    """A rule left open swallows every rule after it (browsers read them as nested): once a merge dropped a `}` and
    the unresolved-defect notes, the article bar and the English titles all lost their styles."""
    found = []
    for path in hand_written(".css"):
        text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        depth, line = 0, 1
        for char in text:
            line += char == "\n"
            depth += (char == "{") - (char == "}")
            if depth < 0:
                found.append(f"{where(path, line)}: a `}}` closes nothing")
                break
        if depth > 0:
            found.append(f"{where(path)}: {depth} block(s) left open")
    assert not found, offenders(found, "stylesheets with unbalanced blocks")


# Character classes have one home, scripts/books.py (HAN, CN_DIGITS): a range written again drifts (the inline
# copies had left out Extension A and the compatibility block).
INLINE_CLASSES = {"\\u4e00-\\u9fff": "books.HAN", "一二三四五六七八九十": "books.CN_DIGITS"}


def test_character_classes_come_from_books():
    found = [
        f"{where(path)}: {written} (use {name})"
        for path in MODULE_FILES
        if path.name != "books.py"
        for written, name in INLINE_CLASSES.items()
        if written in path.read_text(encoding="utf-8")
    ]
    assert not found, offenders(found, "shared character classes written inline")

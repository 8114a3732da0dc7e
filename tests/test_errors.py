"""One error hierarchy: every exception class the code defines is a RulebookError, so the entry points' one
`except RulebookError` turns each into one line naming the place, never a traceback."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

from scripts.errors import RulebookError
from penalty_data import PENALTIES

ROOT = Path(__file__).resolve().parent.parent
# every module under scripts/ but the `python -m` wrappers (scripts/<stage>/__main__.py run their stage on import)
MODULES = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts)
    for p in (ROOT / "scripts").rglob("*.py")
    if p.name != "__main__.py"
)


def exception_classes(module) -> list[type]:
    return [
        value
        for value in vars(module).values()
        if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == module.__name__
    ]


def test_the_module_list_covers_every_stage():
    stages = {name.split(".")[1] for name in MODULES if name.count(".") >= 2}
    assert {"pipeline", "render", "print", "site", "search", "penalties", "curated"} <= stages


@pytest.mark.parametrize("name", MODULES)
def test_every_exception_class_is_a_rulebook_error(name):
    module = importlib.import_module(name.removesuffix(".__init__"))
    outside = [cls.__qualname__ for cls in exception_classes(module) if not issubclass(cls, RulebookError)]
    assert not outside, (
        f"{name} defines {outside} outside RulebookError (scripts/errors.py): derive from it, "
        "so the entry points report it as one line"
    )


def test_an_unknown_calculator_input_names_the_field():
    from scripts.penalties import PenaltyInputError
    from scripts.penalties.spec import parse_inputs

    with pytest.raises(PenaltyInputError, match=r"^--no-such-field（未知输入）：") as error:
        parse_inputs(PENALTIES, "lateness", {"no_such_field": "1"})
    assert isinstance(error.value, RulebookError)


def test_a_hook_error_is_both_a_mkdocs_plugin_error_and_a_rulebook_error():
    from mkdocs.exceptions import PluginError

    from scripts.site.hook_errors import RulebookHookError

    assert issubclass(RulebookHookError, PluginError) and issubclass(RulebookHookError, RulebookError)


def test_a_child_entry_point_stops_quietly_and_its_parent_says_the_one_line(capsys, monkeypatch):
    """Ctrl-C reaches parent and child (issue 46): the edition build exits 130 without a word, and the parent, seeing
    130, raises KeyboardInterrupt so that its own entry point prints the only line."""
    import subprocess

    from scripts.errors import INTERRUPTED, run_entry_point
    from scripts.site import variants

    def interrupted():
        raise KeyboardInterrupt

    assert run_entry_point(interrupted, "child", say_interrupted=False) == INTERRUPTED
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(variants.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, INTERRUPTED, "", ""))
    building = lambda: variants.build_variant_in_subprocess(Path("/nonexistent"), variants.BuildVariant())  # noqa: E731
    assert run_entry_point(building, "python -m scripts.site", "kept") == INTERRUPTED
    assert capsys.readouterr().err == "python -m scripts.site: interrupted; kept\n"

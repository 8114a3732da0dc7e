"""Errors are RulebookErrors, each one line naming the place (every class the code defines is one: see
tests/test_architecture.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.errors import RulebookError
from penalty_data import PENALTIES


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

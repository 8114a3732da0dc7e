"""Errors are RulebookErrors, each one line naming the place (every class the code defines is one: see
tests/test_architecture.py)."""

from __future__ import annotations

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

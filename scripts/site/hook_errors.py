"""RulebookErrors raised inside mkdocs hooks, reported the way mkdocs reports a plugin's error: one logged line
(`ERROR - rulebook_src/<file>:<line>: …`) and the build aborted, instead of a traceback."""
from __future__ import annotations

import functools

from mkdocs.exceptions import PluginError

from scripts.errors import RulebookError


class RulebookHookError(PluginError, RulebookError):
    """A RulebookError inside a hook; mkdocs logs its message and aborts the build (a PluginError for mkdocs, still a
    RulebookError for our own callers)."""


def reported_by_mkdocs(hook):
    """Decorate a hook so that a RulebookError becomes a RulebookHookError (its __cause__ keeps the original)."""
    @functools.wraps(hook)
    def wrapper(*args, **kwargs):
        try:
            return hook(*args, **kwargs)
        except RulebookError as exc:
            raise RulebookHookError(str(exc)) from exc
    return wrapper

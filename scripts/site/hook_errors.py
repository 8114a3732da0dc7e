"""What the mkdocs hooks share: rulebook_src/ read once per build and kept on the config (as mkdocs hands every event
its config), and RulebookErrors reported the way mkdocs reports a plugin's error: one logged line
(`ERROR - rulebook_src/<file>:<line>: …`) and the build aborted, instead of a traceback."""

from __future__ import annotations

import functools
from pathlib import Path

from mkdocs.exceptions import PluginError

from scripts.curated.rulebook_src import RulebookSrc, read_rulebook_src
from scripts.errors import RulebookError

CONFIG_KEY = "rulebook_src"  # where a build's RulebookSrc is kept on its mkdocs config
FIXES_KEY = "rulebook_traditional_fixes"  # and its traditional fixes


def rulebook_src_of(config) -> RulebookSrc:
    """The RulebookSrc of this build: read by the first hook that asks (beside mkdocs.yml), then kept on the config
    for every later event of the same build; `mkdocs serve` loads a new config, so it reads again per rebuild."""
    if config.get(CONFIG_KEY) is None:
        config[CONFIG_KEY] = read_rulebook_src(Path(config.config_file_path).parent / "rulebook_src")
    return config[CONFIG_KEY]


def keep_rulebook_src(config, src: RulebookSrc) -> None:
    """Hand a build the RulebookSrc its command read already (`python -m scripts.site` reads rulebook_src/ once and
    gives the value to each edition's build): rulebook_src_of then returns it and reads nothing."""
    config[CONFIG_KEY] = src


def traditional_fixes_of(config) -> tuple:
    """The reviewed traditional fixes of this build's RulebookSrc (scripts/traditional.py load_fixes), kept
    beside it."""
    if config.get(FIXES_KEY) is None:
        from scripts.traditional import load_fixes

        config[FIXES_KEY] = load_fixes(rulebook_src_of(config))
    return config[FIXES_KEY]


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

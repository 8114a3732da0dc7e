"""Builds the site in the variants the search tests and bench/search compare: with or without our search hook,
hosted (http) or Material's offline copy (file://)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import yaml

from scripts.errors import RulebookError
from scripts.paths import ROOT

SEARCH_HOOK = "scripts/site/search_hooks.py"
OFFLINE_SWITCH = "RULEBOOK_OFFLINE"  # mkdocs.yml's own offline flavour, when it has one


class SiteBuildError(RulebookError):
    """A variant of the site could not be built; the message says which and why."""


def build_site_variant(site_dir: Path, *, offline: bool = False, search_hook: bool = True, strict: bool = True) -> None:
    """`mkdocs build` of the committed docs into site_dir.

    search_hook=False builds stock Material search (our hook left out of a temporary copy of mkdocs.yml).
    offline=True builds Material's offline copy through mkdocs.yml's own `RULEBOOK_OFFLINE` switch (the offline
    plugin with the vendored iframe-worker shim in extra.polyfills, so the file:// copy never asks a CDN for it).
    """
    from mkdocs.utils.yaml import yaml_load

    parent = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    child: dict = {}
    if not search_hook:
        child["hooks"] = [hook for hook in parent.get("hooks", []) if hook != SEARCH_HOOK]
    env = {**os.environ, OFFLINE_SWITCH: "true" if offline else "false"}
    command = [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(site_dir)]
    if strict:
        command.append("--strict")
    config_file = None
    if child:  # a temporary config beside mkdocs.yml, so that its relative paths still resolve
        config_file = ROOT / f".search-build-{os.getpid()}-{time.time_ns()}.yml"
        config_file.write_text(yaml.safe_dump({"INHERIT": "mkdocs.yml", **child}, allow_unicode=True), "utf-8")
        command += ["-f", str(config_file)]
    try:
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    finally:
        if config_file:
            config_file.unlink()
    if result.returncode != 0:
        raise SiteBuildError(f"mkdocs build (offline={offline}, search_hook={search_hook}) failed:\n{result.stderr}")
    if offline and not (site_dir / "search" / "search_index.js").is_file():
        raise SiteBuildError(f"{site_dir}: the offline build has no search/search_index.js (offline plugin off?)")

"""Builds the site in the variants the search tests and bench/search compare: with or without our search hook,
hosted (http) or Material's offline copy (file://)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SEARCH_HOOK = "scripts/search_hooks.py"
OFFLINE_SWITCH = "RULEBOOK_OFFLINE"  # mkdocs.yml's own offline flavour, when it has one
SHIM_FIXTURE = ROOT / "tests" / "fixtures" / "iframe-worker" / "shim.js"
SHIM_URL = "assets/vendor/iframe-worker/shim.js"


class SiteBuildError(Exception):
    """A variant of the site could not be built; the message says which and why."""


def has_offline_switch() -> bool:
    return OFFLINE_SWITCH in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def build_site(site_dir: Path, *, offline: bool = False, search_hook: bool = True, strict: bool = True) -> None:
    """`mkdocs build` of the committed docs into site_dir.

    search_hook=False builds stock Material search (our hook left out of a temporary copy of mkdocs.yml).
    offline=True builds Material's offline copy: with mkdocs.yml's own `RULEBOOK_OFFLINE` switch when it has one,
    otherwise with the offline plugin added and the iframe-worker shim of tests/fixtures listed in extra.polyfills
    (and copied into the site), so the file:// copy never asks a CDN for it.
    """
    from mkdocs.utils.yaml import yaml_load

    parent = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    child: dict = {}
    if not search_hook:
        child["hooks"] = [hook for hook in parent.get("hooks", []) if hook != SEARCH_HOOK]
    add_offline = offline and not has_offline_switch()
    if add_offline:
        child["plugins"] = [*parent.get("plugins", []), "offline"]
        child["extra"] = {"polyfills": [SHIM_URL]}
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
    if add_offline:
        (site_dir / SHIM_URL).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / SHIM_URL).write_bytes(SHIM_FIXTURE.read_bytes())
    if offline and not (site_dir / "search" / "search_index.js").is_file():
        raise SiteBuildError(f"{site_dir}: the offline build has no search/search_index.js (offline plugin off?)")

"""mkdocs hooks: thin adapters that call the pipeline's functions (no rule text lives here)."""
from __future__ import annotations

from pathlib import Path

import yaml


def on_config(config, **kwargs):
    """Takes the navigation the build driver generated (docs/.nav.yml) unless mkdocs.yml sets one."""
    nav_file = Path(config["docs_dir"]) / ".nav.yml"
    if not config.get("nav") and nav_file.exists():
        config["nav"] = yaml.safe_load(nav_file.read_text(encoding="utf-8"))
    return config

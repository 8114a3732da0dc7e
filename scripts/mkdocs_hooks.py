"""mkdocs hooks: thin adapters that call the pipeline's functions (no rule text lives here)."""
from __future__ import annotations

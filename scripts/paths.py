"""Where things are: the repository root, the curated sources, the generated pages (one place for every path)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "rulebook_src"  # curated sources: raw/, manifest, errata, tables
DOCS = ROOT / "docs"  # generated Markdown (committed) and hand-written browser code under docs/assets/
ASSETS = DOCS / "assets"
GENERATED_ASSETS = ASSETS / "generated"  # scripts written by the build (previews, calculator data): never edit

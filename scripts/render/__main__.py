"""`python -m scripts.render [--check]`: regenerates the Markdown under docs/ (see scripts/render/docs.py)."""

from scripts.errors import run_entry_point
from scripts.render.docs import main

raise SystemExit(run_entry_point(main, "python -m scripts.render"))

"""`python -m scripts.site [options]`: builds site/ and the venue zip (see scripts/site/build.py)."""

from scripts.errors import run_entry_point
from scripts.site.build import KEPT, main

raise SystemExit(run_entry_point(main, "python -m scripts.site", KEPT))

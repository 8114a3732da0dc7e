"""`python -m scripts.site [options]`: builds site/ and the venue zip (see scripts/site/build.py)."""
from scripts.site.build import main

raise SystemExit(main())

"""`python -m scripts.render [--check]`: regenerates the Markdown under docs/ (see scripts/render/docs.py)."""
from scripts.render.docs import main

raise SystemExit(main())

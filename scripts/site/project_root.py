"""Puts the repository root on sys.path, so the mkdocs hook files (loaded by file path) can import `scripts`.

mkdocs adds a hook file's folder to sys.path while it loads the hook, so each hook starts with `import project_root`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

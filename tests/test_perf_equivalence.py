"""The speed-ups in the pipeline give the same results as the plain code they replaced."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scripts.sources import SRC, load_yaml

YAML_FILES = sorted(SRC.rglob("*.yml"))


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: p.relative_to(SRC).as_posix())
def test_load_yaml_equals_safe_load(path: Path):
    assert load_yaml(path) == yaml.safe_load(path.read_text(encoding="utf-8"))

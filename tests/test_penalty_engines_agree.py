"""The browser's engine (docs/assets/penalties/calculators.js, run in node, no browser) evaluating the plans the build
writes agrees with the Python rules over the whole grid, in the fast tier: the one evaluator of the plans, checked once
(the browser tests check the widgets' wiring on a few inputs)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path


from penalty_grid import engine_grid
from scripts.paths import ROOT
from scripts.penalties import PenaltyInputError, calculate
from scripts.penalties.export import plan_texts, widget_data_text
from penalty_data import PENALTIES


def python_engine(name: str, inputs: dict) -> dict:
    try:
        return json.loads(json.dumps(calculate(PENALTIES, name, **inputs)))
    except PenaltyInputError as error:
        return {"error": str(error)}


def test_javascript_engine_agrees_with_python_over_the_grid(tmp_path, node):
    cases = engine_grid()
    (tmp_path / "data.js").write_text(widget_data_text(PENALTIES), encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    plans = []
    for path, text in plan_texts(PENALTIES).items():
        plans.append(tmp_path / path.replace("/", "_"))
        plans[-1].write_text(text, encoding="utf-8")
    harness = Path(__file__).with_name("penalty_engine_node.js")
    completed = subprocess.run(
        [
            node,
            str(harness),
            str(tmp_path / "data.js"),
            str(ROOT / "docs/assets/penalties/calculators.js"),
            str(tmp_path / "cases.json"),
            *map(str, plans),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    got = json.loads(completed.stdout)
    mismatches = [
        (case, want, have) for case, want, have in zip(cases, (python_engine(*c) for c in cases), got) if want != have
    ]
    assert len(cases) == len(got) > 2000
    assert not mismatches, f"{len(mismatches)} of {len(cases)} differ, first: {mismatches[0]}"

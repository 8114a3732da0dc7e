"""The calculators' plans (scripts/penalties/plan.py): a comparison the intervals do not decide stops the build naming
its calculator, a changed table gives a new plan, and the browser's code decides no rule (it reads no rule table).
That the plans give the Python rules' own rulings, case for case, is checked where they are evaluated, in
calculators.js under node (tests/test_penalty_engines_agree.py)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction

import pytest

from penalty_data import PENALTIES, PENALTY_TEXTS, penalties_with
from scripts.paths import ROOT
from scripts.errors import PenaltySpecError
from scripts.penalties import plan as plan_module
from scripts.penalties.export import plan_script, plan_texts, widget_data_text
from scripts.penalties.symbolic import Sym, Undecided, largest_index, pick, when


def test_a_comparison_no_interval_decides_stops_the_build_naming_the_calculator(monkeypatch):
    monkeypatch.setattr(plan_module, "region_points", lambda penalties, name, parameter: [])
    with pytest.raises(Undecided, match=r"calculator lateness, case .*minutes"):
        plan_module.calculator_plan(PENALTIES, "lateness")


def test_a_headline_a_rule_uses_and_the_spec_lacks_stops_the_build_at_its_line():
    """A renamed (or garbled) headline key is found when the plans run every case, named by file and line."""
    spec = PENALTY_TEXTS["penalties/calculators.yml"]
    assert spec.count("tie-factor-match-points:") == 1
    garbled = penalties_with(
        {"penalties/calculators.yml": spec.replace("tie-factor-match-points:", "tie-factor-matchpoints:")}
    )
    with pytest.raises(PenaltySpecError) as raised:
        plan_script(garbled, "forfeit", {})  # the plan that runs the forfeit rule's every case
    lines = spec.splitlines()
    key_line = next(n for n, x in enumerate(lines, 1) if x.strip().startswith("tie-factor-match-points:"))
    headlines_line = max(n for n, x in enumerate(lines[:key_line], 1) if x.strip() == "headlines:")
    message = str(raised.value)
    assert message.startswith("rulebook_src/penalties/calculators.yml:") and "\n" not in message
    assert "`forfeit` has no headline `tie-factor-match-points`" in message
    assert headlines_line <= int(message.split(":")[1]) < key_line  # the forfeit calculator's headlines


def test_an_interval_decides_only_what_holds_over_all_of_it():
    minutes = Sym(["in", "minutes"], (Fraction(5), Fraction(10), False, True))  # 5 < t ≤ 10
    assert minutes > 5 and minutes <= 10 and not minutes == 0 and bool(minutes)
    with pytest.raises(Undecided):
        _ = minutes <= 7
    with pytest.raises(Undecided):
        _ = minutes * 2 == 12  # an expression has no interval of its own


def test_the_helpers_are_plain_python_on_plain_numbers():
    assert when(True, "a", "b") == "a" and when(1 == 2, "a", "b") == "b"
    assert largest_index([3, 7, 7, 1]) == 1  # the first largest, as max() picks it
    assert pick(["N", "E", "S", "W"], 2) == "S"


def test_the_browser_code_reads_no_rule_table():
    code = (ROOT / "docs/assets/penalties/calculators.js").read_text(encoding="utf-8")
    rule_words = ["bands", "per_minute", "steps", "minuend", "non_forfeiting", "headlines", "conversion", "tie_vp"]
    assert not [word for word in rule_words if re.search(rf"\b{word}\b", code)]
    assert "DATA.tables" not in code
    # nor does the page get one: the exported data holds the forms' lists (widgets.py form_items), not the tables
    data = json.loads(widget_data_text(PENALTIES).split(" = ", 1)[1].rstrip().removesuffix(";"))
    assert "tables" not in data and set(data["items"]) == {"34", "37", "38"}
    exported = json.dumps({k: v for k, v in data.items() if k != "tie_break_sheet"}, ensure_ascii=False)
    assert not [word for word in rule_words if f'"{word}"' in exported]
    assert "由比赛仲裁委员会处理" not in exported and "扣1.5VP" not in exported  # a band's consequence and quote


def test_a_plan_is_worked_out_again_when_what_it_is_computed_from_changes():
    """The plans are remembered by a digest of the penalty data (export.py plan_texts): an edit to the lateness table
    gives a new lateness plan (the IMP plan, which does not read it, comes out as it was), and the table as it was
    gives the first plan again. The data holds those two calculators only (the build's other 13 plans would be worked
    out again for each version of the data too, about 1.3 s, and the test reads none of them)."""

    def two_calculators(penalties):
        return replace(penalties, calculators={name: penalties.calculators[name] for name in ("lateness", "imps")})

    before = plan_texts(two_calculators(PENALTIES))
    changed = penalties_with(
        {
            "penalties/lateness.yml": PENALTY_TEXTS["penalties/lateness.yml"].replace(
                "committee: 由比赛仲裁委员会处理\n", "committee: 由比赛仲裁委员会处理（已改）\n", 1
            )
        }
    )
    after = plan_texts(two_calculators(changed))
    lateness, imps = "assets/generated/plans/lateness.js", "assets/generated/plans/imps.js"
    assert "（已改）" in after[lateness] and "（已改）" not in before[lateness]
    assert after[imps] == before[imps]
    assert set(after) == {lateness, imps}
    assert plan_texts(two_calculators(PENALTIES))[lateness] == before[lateness]  # and back again

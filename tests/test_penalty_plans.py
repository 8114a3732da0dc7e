"""The calculators' plans (scripts/penalties/plan.py): the rulings the browser computes are the Python rules' own,
case for case; a comparison the intervals do not decide stops the build naming its calculator; and the browser's
code decides no rule (it reads no rule table)."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from penalty_data import PENALTIES, PENALTY_TEXTS, penalties_with
from penalty_grid import engine_grid
from scripts.paths import ROOT
from scripts.errors import PenaltySpecError
from scripts.penalties import PenaltyInputError, calculate
from scripts.penalties import plan as plan_module
from scripts.penalties.export import plan_texts, widget_data_text
from scripts.penalties.plan_cache import EVERY_KEY, MAPPING_THERE, plan_reads, recorded_reads
from scripts.penalties.plan_evaluate import plan_outcome
from scripts.penalties.spec import parse_inputs
from scripts.penalties.symbolic import Sym, Undecided, largest_index, pick, when

PLAN_SCRIPT = re.compile(r'\[("[^"]+")\] = (.*);\n$', re.S)


def exported_plans() -> dict:
    plans = {}
    for text in plan_texts(PENALTIES).values():
        match = PLAN_SCRIPT.search(text)
        plans[json.loads(match[1])] = json.loads(match[2])
    return plans


def outcome(run, *args):
    try:
        return json.loads(json.dumps(run(*args)))
    except PenaltyInputError as error:
        return {"error": str(error)}


def from_plan(plans: dict, name: str, raw: dict) -> dict:
    values = parse_inputs(PENALTIES, name, raw, refuse=False)
    plan = plans[name + (f"-{values['article']}" if name == "procedural" else "")]
    return plan_outcome(PENALTIES, plan, name, values)


def test_every_plan_gives_the_rules_own_ruling_over_the_grid():
    plans = exported_plans()
    cases = engine_grid()
    differ = []
    for name, raw in cases:
        want = outcome(lambda: calculate(PENALTIES, name, **raw))  # noqa: B023 (called at once)
        if outcome(from_plan, plans, name, raw) != want:
            differ.append((name, raw))
    assert len(cases) > 2000
    assert not differ, f"{len(differ)} of {len(cases)} differ, first: {differ[0]}"


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
        plan_texts(garbled)
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


def only_the_paths(mapping, paths) -> dict:
    """Nested dicts holding only the values of `mapping` at `paths` (a path ending in EVERY_KEY: the whole mapping)."""
    kept: dict = {}
    for path in paths:
        source, target = mapping, kept
        for key in path[:-1]:
            if key not in source:
                break
            source, target = source[key], target.setdefault(key, {})
        else:
            if path[-1] == EVERY_KEY:
                target.update(source)
            elif path[-1] == MAPPING_THERE:
                continue  # the mapping itself: kept by setdefault above
            elif path[-1] in source:
                target[path[-1]] = source[path[-1]]
    return kept


def test_each_plan_reads_only_what_it_is_remembered_by():
    """plan_cache.py remembers a plan by what its calculator reads: worked out from only the tables plan_reads names,
    its own declaration, and the keys of the words and of conventions.yml recorded while it was worked out (any other
    read is a KeyError), every plan is the one worked out from everything."""
    from dataclasses import replace
    from types import MappingProxyType

    from scripts.penalties.widgets import placements

    done, recorded = set(), []
    for entries in placements(PENALTIES).values():
        for name, fixed, _ in entries:
            if (name, str(fixed)) in done:
                continue
            done.add((name, str(fixed)))
            whole = plan_module.calculator_plan(PENALTIES, name, fixed)
            reads = plan_reads(PENALTIES, name)
            assert len(reads.tables) < len(PENALTIES.tables)
            tracked, words, conventions = recorded_reads(reads)
            assert plan_module.calculator_plan(tracked, name, fixed) == whole
            assert (EVERY_KEY,) not in words | conventions
            recorded.append(len({path[0] for path in words}))
            alone = replace(
                reads,
                calculators=MappingProxyType({name: PENALTIES.calculators[name]}),
                words=only_the_paths(PENALTIES.words, words),
                tables=MappingProxyType(
                    {**reads.tables, "conventions": only_the_paths(PENALTIES.conventions, conventions)}
                ),
            )
            assert plan_module.calculator_plan(alone, name, fixed) == whole, name
    assert len(done) == len(plan_texts(PENALTIES)) == 15
    assert max(recorded) < len(PENALTIES.words)  # no plan reads every word: an edit to one leaves others as they were


def test_a_plan_is_worked_out_again_when_what_it_reads_changes():
    """An edit to the lateness table changes the lateness plan and leaves the slow-play plan as it was; so does an
    edit to a word only slow play uses (share_difference)."""
    before = plan_texts(PENALTIES)
    changed = penalties_with(
        {
            "penalties/lateness.yml": PENALTY_TEXTS["penalties/lateness.yml"].replace(
                "committee: 由比赛仲裁委员会处理\n", "committee: 由比赛仲裁委员会处理（已改）\n", 1
            )
        }
    )
    after = plan_texts(changed)
    lateness, slow_play = "assets/generated/plans/lateness.js", "assets/generated/plans/slow-play.js"
    assert "（已改）" in after[lateness] and "（已改）" not in before[lateness]
    assert after[slow_play] == before[slow_play]
    assert plan_texts(PENALTIES)[lateness] == before[lateness]  # and back again
    spec = PENALTY_TEXTS["penalties/calculators.yml"]
    assert spec.count("是第35条取舍所致") == 1
    reworded = plan_texts(penalties_with({"penalties/calculators.yml": spec.replace("是第35条取舍所致", "是取舍所致")}))
    assert "是取舍所致" in reworded[slow_play] and reworded[lateness] == before[lateness]

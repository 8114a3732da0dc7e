"""Checks for rulebook_src/wbf1997.yml: the 1997 WBF Laws' numbers, titles and clause skeleton (facts only)."""

import re
from pathlib import Path

import pytest
import yaml

DATA = Path(__file__).resolve().parent.parent / "rulebook_src" / "wbf1997.yml"
# Level 1: A-Z, level 2: digits, level 3: lowercase letters, level 4: digits (25B2(b)(1)).
LABEL_RE = [re.compile(r"^[A-Z]$"), re.compile(r"^[1-9][0-9]?$"), re.compile(r"^[a-z]$"), re.compile(r"^[1-9][0-9]?$")]
MAX_HEADING = 80


@pytest.fixture(scope="module")
def data():
    return yaml.safe_load(DATA.read_text(encoding="utf-8"))


def test_laws_1_to_93_exactly_once(data):
    text = DATA.read_text(encoding="utf-8")
    keys = re.findall(r"^  (\d+):", text, flags=re.M)
    assert sorted(map(int, keys)) == list(range(1, 94)), "each Law 1-93 must appear once under laws:"
    assert sorted(data["laws"]) == list(range(1, 94))


def test_titles_and_sources(data):
    ids = {c["id"] for c in data["source_copies"]}
    for n, law in data["laws"].items():
        assert isinstance(law.get("title"), str) and law["title"].strip(), n
        assert len(law["title"]) <= MAX_HEADING, n
        assert law.get("read_at") in ids, (n, law.get("read_at"))
        assert isinstance(law.get("verified"), bool), n
        if not law["verified"]:
            assert law["read_at"] == "recollection" or law.get("note"), f"Law {n}: unverified law needs a note"


def _walk(clauses, depth, where):
    assert isinstance(clauses, list), where
    seen = set()
    for c in clauses:
        assert depth < len(LABEL_RE), f"{where}: nested too deep"
        label = str(c["label"])
        assert LABEL_RE[depth].match(label), f"{where}: bad label {label!r} at depth {depth + 1}"
        assert label not in seen, f"{where}: duplicate label {label!r}"
        seen.add(label)
        heading = c.get("heading")
        if heading is not None:
            assert isinstance(heading, str) and heading.strip(), f"{where}{label}"
            assert len(heading) <= MAX_HEADING, f"{where}{label}: heading too long (body text?)"
        yield label
        yield from _walk(c.get("clauses") or [], depth + 1, f"{where}{label}")


def test_clause_labels_well_formed(data):
    for n, law in data["laws"].items():
        list(_walk(law.get("clauses") or [], 0, f"Law {n} "))


def test_top_level_letters_consecutive(data):
    for n, law in data["laws"].items():
        letters = [str(c["label"]) for c in law.get("clauses") or []]
        assert letters == [chr(ord("A") + i) for i in range(len(letters))], (n, letters)


def test_chapters_cover_laws(data):
    covered = []
    for ch in data.get("chapters", []):
        if ch.get("laws"):
            lo, hi = ch["laws"]
            covered.extend(range(lo, hi + 1))
    assert sorted(covered) == list(range(1, 94))


def test_skeleton_sources_exist(data):
    ids = {c["id"] for c in data["source_copies"]}
    for n, law in data["laws"].items():
        for sid in (law.get("skeleton_read_at") or []) + (law.get("title_read_at") or []):
            assert sid in ids and sid != "recollection", (n, sid)


def test_verified_laws_cite_a_real_copy(data):
    for n, law in data["laws"].items():
        if law["verified"]:
            assert law["read_at"] != "recollection", n


def _labels(law):
    return [str(c["label"]) for c in law.get("clauses") or []]


def test_known_1997_shapes(data):
    """Facts read in stored 1997 copies (see each law's note); guards against 2007/2017 shapes creeping back."""
    laws = data["laws"]
    assert _labels(laws[14]) == ["A", "B"]  # se-1997: no 14C
    assert _labels(laws[11]) == ["A", "B", "C"]  # se-1997 + Chinese: A, B1-2, C
    assert _labels(laws[38]) == []  # A-D is the 2007 shape
    assert _labels(laws[76]) == ["A", "B"]  # se-1997
    assert _labels(laws[81]) == ["A", "B", "C", "D"]  # se-1997
    assert _labels(laws[40]) == ["A", "B", "C", "D", "E"]
    assert [str(c["label"]) for c in laws[32]["clauses"][1]["clauses"]] == ["1", "2"]
    assert laws[63]["clauses"][1]["heading"] == "Attention Is Illegally Drawn"
    # titles as printed in the 1997 contents page (dk-e-1997); 2007 wording differs for several of them
    assert laws[23]["title"] == "Damaging Enforced Pass"
    assert laws[35]["title"] == "Inadmissible Call Condoned"
    assert laws[36]["title"] == "Inadmissible Double or Redouble"
    assert laws[39]["title"] == "Call after Final Pass"
    # read in 1997 copies in the third pass: dk-na-1997 node10 (72), ecats-2001 (76, 80), lovbok no-1997 (74)
    assert laws[72]["title"] == "General Principles"
    assert laws[80]["title"] == "Sponsoring Organisation"
    assert [str(c["label"]) for c in laws[76]["clauses"][0]["clauses"]] == ["1", "2", "3", "4"]
    assert [str(c["label"]) for c in laws[74]["clauses"][2]["clauses"]] == [str(i) for i in range(1, 9)]


def test_chapter_sections_cover_part_ranges(data):
    for ch in data["chapters"]:
        for part in ch.get("parts") or []:
            secs = part.get("sections") or []
            if not secs:
                continue
            covered = [n for s in secs for n in range(s["laws"][0], s["laws"][1] + 1)]
            lo, hi = part["laws"]
            assert sorted(covered) == sorted(set(covered)), part["label"]
            assert set(covered) <= set(range(lo, hi + 1)), part["label"]


def _clause(law, path):
    """The clause at a label path such as ("A", "2", "b") of a law's skeleton."""
    clauses = law.get("clauses") or []
    for label in path:
        clause = next(c for c in clauses if str(c["label"]) == label)
        clauses = clause.get("clauses") or []
    return clause


def test_shapes_read_in_1997_copies_fourth_pass(data):
    """Read in stored 1997 copies in the fourth pass (see each law's note); 2007 shapes differ."""
    laws = data["laws"]
    # Law 42: B1-B3 with headings (bbo-1997-quote); 2007 has no sub-clause headings
    assert [c.get("heading") for c in _clause(laws[42], ["B"])["clauses"]] == [
        "Revoke Inquiries",
        "Attempt to Prevent Irregularity",
        "Draw Attention to Irregularity",
    ]
    assert laws[42]["verified"] is True
    # Law 9: the 1997 A2(a)/(b) with (b)(1)-(2), marked '(Old 1997 Law)' in bridgehands-acbl; 2007 has A1-A4 unheaded
    assert [str(c["label"]) for c in _clause(laws[9], ["A"])["clauses"]] == ["1", "2"]
    assert [str(c["label"]) for c in _clause(laws[9], ["A", "2", "b"])["clauses"]] == ["1", "2"]
    assert _clause(laws[9], ["B"])["heading"] == "After Attention Is Called to an Irregularity"
    # Law 7: two numbered clauses under B with headings (dk-1997 nj node6); 2007 has B1-B3
    assert [c.get("heading") for c in _clause(laws[7], ["B"])["clauses"]] == [
        "Counting Cards in Hand before Play",
        "Control of Player's Hand",
    ]
    # Law 26: A1-A2 without (a)/(b) (se-1997 lag26.htm); 2007 has A2(a)/(b)
    assert [str(c["label"]) for c in _clause(laws[26], ["A"])["clauses"]] == ["1", "2"]
    assert not _clause(laws[26], ["A", "2"]).get("clauses")

"""The tables' invariants (scripts/penalties/invariants.py), fuzzed: each mutation of a real table stops the command
line, the widget data and the docs build with one `path:line: …` line (exit status 2), naming the mutated line."""

from __future__ import annotations

import functools
import io
import re
from contextlib import redirect_stderr, redirect_stdout

import pytest

from scripts.errors import RulebookError
from scripts.penalties import __main__ as penalties_cli
from scripts.penalties.export import widget_data_text
from scripts.penalties.tables import penalty_data
from penalty_data import PENALTIES, PENALTY_TEXTS, penalty_src_with

# (file, the line's text as it stands, the mutated text, what the message says): each replaces one line of a table
MUTATIONS = {
    "out-of-order": ("lateness.yml", "upper: 10\n", "upper: 4\n", "out of order"),
    "overlapping": (
        "lateness.yml",
        "- band: 迟到10+—15分钟\n",
        "- band: 迟到8+—15分钟\n",
        "overlaps the band before it",
    ),
    "gap": ("lateness.yml", "- band: 迟到10+—15分钟\n", "- band: 迟到12+—15分钟\n", "leaves a gap"),
    "upper-not-its-band": ("slow_play.yml", "upper: 15\n", "upper: 14\n", "is not the end of its band"),
    "open-band-not-last": ("lateness.yml", "upper: 25\n", "upper: null\n", "only the last band may be open"),
    "nan": ("lateness.yml", "vp: 2\n", "vp: .nan\n", "not a plain decimal"),
    "inf": ("slow_play.yml", "vp: 1.5\n", "vp: .inf\n", "not a plain decimal"),
    "minus-inf": ("lateness.yml", "upper: 15\n", "upper: -.inf\n", "not a plain decimal"),
    "huge": ("lateness.yml", "vp: 3\n", "vp: 1.0e+400\n", "not a plain decimal"),
    "huge-finite": ("forfeit.yml", "tie_vp_25: 15 ", "tie_vp_25: 15000 ", "must lie between 0 and 30"),
    "percent-over-100": ("fouled_boards.yml", "top_percent: 60", "top_percent: 160", "must lie between 0 and 100"),
    # 7 minutes late in a VP match: the quote says 扣2VP for 10+—15, the table now says 3 (the example)
    "amount-not-quoted": ("lateness.yml", "vp: 2\n", "vp: 3\n", "vp 3 does not appear in its band's quote"),
    "falling-amounts": ("lateness.yml", "vp: 4\n", "vp: 0.5\n", "penalties never fall"),
    "ladder-falling": (
        "procedural.yml",
        "- {text: 扣0.5VP(10%MP), vp: 0.5, top_percent: 10}\n          - {text: 扣1VP(20%MP), vp: 1, top_percent: 20}",
        "- {text: 扣1VP(20%MP), vp: 1, top_percent: 20}\n          - {text: 扣0.5VP(10%MP), vp: 0.5, top_percent: 10}",
        "ladder not increasing",
    ),
    "step-amount-not-in-quote": (
        "procedural.yml",
        "- {text: 扣1VP(20%MP), vp: 1, top_percent: 20}",
        "- {text: 扣1.5VP(20%MP), vp: 1.5, top_percent: 20}",
        "item's quote",
    ),
}


def mutated_texts(name: str) -> tuple[dict[str, str], int]:
    """The text of the file of rulebook_src/penalties/ that mutation `name` changes, with it applied to its first
    occurrence; ({file: text}, line)."""
    file, old, new, _ = MUTATIONS[name]
    text = PENALTY_TEXTS[f"penalties/{file}"]
    assert old in text, f"{file} no longer holds {old!r}: update the mutation"
    at = text.index(old)
    return {f"penalties/{file}": text[:at] + new + text[at + len(old) :]}, text[:at].count("\n") + 1


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_mutated_table_stops_with_one_line(monkeypatch, name):
    texts, line = mutated_texts(name)
    file, _, _, words = MUTATIONS[name]
    # one read where it succeeds (penalty_data and the command line then check the same value afresh); a read that
    # raises is not kept, so the command line meets the fault itself
    read = functools.cache(lambda: penalty_src_with(texts))
    with pytest.raises(RulebookError) as raised:  # no penalty data, so no widget data and no page is written
        penalty_data(read())
    message = str(raised.value)
    assert "\n" not in message and words in message, message
    where = re.match(r"(?P<file>.+?):(?P<line>\d+): ", message)
    assert where and where["file"] == f"rulebook_src/penalties/{file}", message
    assert int(where["line"]) in (line, line - 1, line + 1), f"{message} (mutated line {line})"
    # the command line reads rulebook_src/ itself, as an entry point: the same one line, exit status 2
    monkeypatch.setattr(penalties_cli, "read_rulebook_src", read)
    stdout, stderr = io.StringIO(), io.StringIO()
    with redirect_stdout(stdout), redirect_stderr(stderr):
        status = penalties_cli.main(["lateness", "--event", "teams-vp", "--minutes", "7"])
    assert status == 2 and stdout.getvalue() == "" and stderr.getvalue() == message + "\n"


def test_the_tables_as_they_stand_pass():
    """The same check passes on the unchanged texts (so the fuzz above fails for the mutation, not the copy)."""
    assert "window.RULEBOOK_PENALTIES" in widget_data_text(penalty_data(penalty_src_with({})))


def test_a_quote_not_in_its_article_stops_the_docs_build():
    from scripts.penalties.invariants import check_quotes_in_articles
    from tests.rulebook_once import load_rulebook

    rulebook = load_rulebook()
    loaded = PENALTIES.tables
    check_quotes_in_articles(loaded, PENALTIES.table_lines, rulebook)
    changed = {**loaded, "lateness": {**loaded["lateness"], "events": {**loaded["lateness"]["events"]}}}
    event = dict(changed["lateness"]["events"]["teams-vp"])
    event["bands"] = [dict(band) for band in event["bands"]]
    event["bands"][2]["quote"] = "迟到10+—15分钟：扣3VP；"
    changed["lateness"]["events"]["teams-vp"] = event
    with pytest.raises(
        RulebookError,
        match=r"^rulebook_src/penalties/lateness\.yml:\d+: quote not found in "
        r"regulations/26: “迟到10\+—15分钟：扣3VP；”$",
    ):
        check_quotes_in_articles(changed, PENALTIES.table_lines, rulebook)

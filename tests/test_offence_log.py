"""本场记录's data and its CSV, in the fast tier: the calculators that count offences say which input counts them
(calculators.yml `log`, checked when read), and the log's CSV (docs/assets/penalties/offence_log.js, run in node)
reads back as the records written, quotes, commas and line breaks included."""

from __future__ import annotations

import json
import subprocess

import pytest

from scripts.errors import RulebookError
from scripts.paths import ROOT
from scripts.penalties.export import widget_data_text
from penalty_data import PENALTIES, PENALTY_TEXTS, penalties_with

SPEC = "penalties/calculators.yml"


def test_the_calculators_with_a_repeat_input_feed_the_log():
    logged = {name: calculator["log"] for name, calculator in PENALTIES.calculators.items() if "log" in calculator}
    assert logged == {
        "lateness": {"count": "repeat"},
        "slow-play": {"count": "repeat"},
        "procedural": {"count": "offence", "same": ["item"]},
    }


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "log: {count: repeat}\n    subject: \"{event_label}，迟到",
            "log: {count: event}\n    subject: \"{event_label}，迟到",
            "log.count must name a flag or integer parameter",
        ),
        ("log: {count: offence, same: [item]}", "log: {count: offence, same: [items]}", "log.same names `items`"),
    ],
)
def test_a_log_that_names_no_counting_input_stops_with_its_line(old, new, message):
    text = PENALTY_TEXTS[SPEC]
    assert old in text
    changed = text.replace(old, new, 1)
    with pytest.raises(RulebookError) as caught:
        penalties_with({SPEC: changed})
    line = next(n for n, row in enumerate(changed.splitlines(), 1) if new.split("\n")[0] in row)
    assert str(caught.value).startswith(f"rulebook_src/penalties/calculators.yml:{line}:") and message in str(
        caught.value
    )


ROUND_TRIP = """
const fs = require("fs"), vm = require("vm");
const store = {};
const sandbox = { console, window: { addEventListener() {}, localStorage: { getItem: (k) => store[k] || null,
  setItem: (k, v) => { store[k] = v; } } }, document: { querySelectorAll: () => [] } };
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(process.argv[2], "utf8"), sandbox);
vm.runInContext(fs.readFileSync(process.argv[3], "utf8"), sandbox);
const log = sandbox.window.RulebookOffenceLog, records = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const csv = log.toCsv(records);
let bad;
try { log.fromCsv("名字,分数\\r\\n甲,1\\r\\n"); } catch (e) { bad = e.message; }
const traditional = log.fromCsv("時間,當事方,條文,第幾次,事由,判罰,裁決全文\\r\\n2026-12-02 19:20:05,甲隊,第26條,1,a,b,c\\r\\n");
process.stdout.write(JSON.stringify({ csv, back: log.fromCsv(csv), bad, traditional }));
"""


def test_the_csv_reads_back_as_written(tmp_path, node):
    records = [
        {
            "time": "2026-12-02 19:20:05",
            "team": "甲队",
            "offence": "第26条",
            "count": 1,
            "subject": "迟到12分钟",
            "headline": "扣2VP",
            "ruling": "第一行\n第二行",
        },
        {
            "time": "2026-12-02 19:21:00",
            "team": '丙队, "客队"',
            "offence": "第38条一",
            "count": 2,
            "subject": "再犯",
            "headline": "取消资格",
            "ruling": "x,y",
        },
    ]
    (tmp_path / "data.js").write_text(widget_data_text(PENALTIES), encoding="utf-8")
    (tmp_path / "records.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "run.js").write_text(ROUND_TRIP, encoding="utf-8")
    completed = subprocess.run(
        [
            node,
            str(tmp_path / "run.js"),
            str(tmp_path / "data.js"),
            str(ROOT / "docs/assets/penalties/offence_log.js"),
            str(tmp_path / "records.json"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    got = json.loads(completed.stdout)
    assert got["csv"].startswith("\ufeff时间,当事方,条文,第几次,事由,判罚,裁决全文\r\n")
    assert got["back"] == records
    assert got["bad"].startswith("第1行应为本场记录导出的表头")
    # a file the traditional edition exported (its words in its script) reads too
    assert [(r["team"], r["offence"], r["count"]) for r in got["traditional"]] == [("甲隊", "第26條", 1)]

"""The calculators' data (rulebook_src/penalties/) and the 1997 concordance (wbf1997.yml) have closed schemas (issue
10):
each slip that used to pass the loader and then crash the docs build or the command line, or ship a broken table
to the widget, is one line `path:line: what is wrong` and exit status 2 from every entry point, before anything is
written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import copy_project
from scripts import curated
from scripts.errors import CuratedFileError
from scripts.paths import SRC

CALCULATORS, LATENESS = "rulebook_src/penalties/calculators.yml", "rulebook_src/penalties/lateness.yml"
CONVENTIONS, WBF = "rulebook_src/penalties/conventions.yml", "rulebook_src/wbf1997.yml"
# (file, the text to replace (once), its replacement, the line and words of the message)
SLIPS = {
    "calculator-pages-number": (
        CALCULATORS,
        "    pages: [{page: regulations/26}]\n",
        "    pages: 5\n",
        r":21: calculators\[0\]\.pages: expected a list",
    ),
    "parameter-max-word": (
        CALCULATORS,
        "max: 10000,",
        "max: lots,",
        r":24: calculators\[0\]\.parameters\[1\]\.max: expected a number",
    ),
    "bands-number": (
        LATENESS,
        "    bands:\n      - band: 迟到0+—5分钟\n        upper: 5\n        warning: 正式警告\n        repeat: {vp: 1}\n"
        "        repeat_text: 第二次再犯按迟到5+分钟的条款处罚（扣1VP）\n        quote: 迟到0+—5分钟：正式提出警告；第二次再犯按迟到5+分钟的条款处罚；\n"
        "      - band: 迟到5+—10分钟\n        upper: 10\n        vp: 1\n        quote: 迟到5+—10分钟：扣1VP；\n"
        "      - band: 迟到10+—15分钟\n        upper: 15\n        vp: 2\n        quote: 迟到10+—15分钟：扣2VP；\n"
        "      - band: 迟到15+—20分钟\n        upper: 20\n        vp: 3\n        quote: 迟到15+—20分钟：扣3VP；\n"
        "      - band: 迟到20+—25分钟\n        upper: 25\n        vp: 4\n        quote: 迟到20+—25分钟：扣4VP；\n"
        "      - band: 迟到25分钟以上\n        upper: null\n        committee: 由比赛仲裁委员会处理\n"
        "        consequences: [由比赛仲裁委员会处理，可提出包括丧失比赛权利的意见或做出更严厉的决定]\n"
        "        quote: 迟到25分钟以上：由比赛仲裁委员会处理，可提出包括丧失比赛权利的意见或做出更严厉的决定。\n",
        "    bands: 5\n",
        r":12: events\.teams-vp\.bands: expected a list",
    ),
    "upper-word": (
        LATENESS,
        "        upper: 10\n        vp: 1\n",
        "        upper: ten\n        vp: 1\n",
        r":20: events\.teams-vp\.bands\[1\]\.upper: expected a number",
    ),
    "convention-number": (
        CONVENTIONS,
        "band_boundary:\n  reading:",
        "band_boundary: 42\nunused:\n  reading:",
        r":4: band_boundary: expected a mapping",
    ),
    "convention-removed": (
        CONVENTIONS,
        "repeat_outside_warning_band:\n  reading: “第二次再犯”的加重只写在警告档；其他档的再犯仍按本档处罚。\n",
        "",
        r":4: missing key 'repeat_outside_warning_band'",
    ),
    "convention-added": (
        CONVENTIONS,
        "offence_count:\n",
        "extra_reading:\n  reading: 多出来的一条。\noffence_count:\n",
        r":[0-9]+: unknown key 'extra_reading'",
    ),
    "wbf-title-number": (
        WBF,
        '    title: "The Pack - Rank of Cards and Suits"\n',
        "    title: 42\n",
        r":138: laws\.1\.title: expected text, got a whole number",
    ),
    "wbf-verified-word": (
        WBF,
        'Suits"\n    read_at: dk-e-1997\n    verified: true\n',
        'Suits"\n    read_at: dk-e-1997\n    verified: "nope"\n',
        r":140: laws\.1\.verified: expected true or false",
    ),
}
CLI = ("scripts.penalties", "lateness", "--event", "teams-vp", "--minutes", "5")  # 5 minutes: the band boundary


def slipped(src_dir: Path, case: str) -> str:
    """Make the slip in src_dir's copy of the file; returns the file's path relative to the project."""
    name, old, new, _ = SLIPS[case]
    path = src_dir.parent / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{case}: the text to change is not in {name} exactly once"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return name


@pytest.mark.parametrize("case", sorted(SLIPS))
def test_a_slip_is_one_line_naming_file_and_line(tmp_path, case):
    src = tmp_path / "rulebook_src"
    (src / "penalties").mkdir(parents=True)
    name = SLIPS[case][0]
    (tmp_path / name).write_bytes((SRC.parent / name).read_bytes())
    slipped(src, case)
    with pytest.raises(CuratedFileError) as error:
        curated.load(tmp_path / name)
    message = str(error.value)
    assert "\n" not in message and message.startswith(str(tmp_path / name) + ":"), message
    assert re.search(SLIPS[case][3], message), message


def test_the_data_as_it_stands_fits_the_schemas():
    for path in [*sorted((SRC / "penalties").glob("*.yml")), SRC / "wbf1997.yml"]:
        curated.load(path)


def test_a_merged_mapping_counts_its_keys(tmp_path):
    """calculators.yml shares parameters with `<<: *anchor`: the merged keys satisfy the record, the given ones are
    checked."""
    text = (SRC / "penalties" / "calculators.yml").read_text(encoding="utf-8")
    path = tmp_path / "penalties" / "calculators.yml"
    path.parent.mkdir()
    path.write_text(
        text.replace("{<<: *minutes, label: 超时（分钟）,", "{<<: *minutes, label: 超时（分钟）, max: many,"),
        encoding="utf-8",
    )
    with pytest.raises(
        CuratedFileError, match=r"calculators\.yml:[0-9]+: calculators\[1\]\.parameters\[1\]\.max: expected a number"
    ):
        curated.load(path)


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(SLIPS))
def test_every_entry_point_stops_on_the_slip_with_one_line(tmp_path, case):
    project = copy_project(tmp_path / "project")
    name = slipped(project / "rulebook_src", case)
    docs_before = sorted((p.relative_to(project), p.read_bytes()) for p in (project / "docs").rglob("*") if p.is_file())
    commands = [("scripts.render",), ("scripts.site", "--no-zip")] + (
        [CLI] if "/penalties/" in name else []
    )  # the CLI reads only those
    for command in commands:
        result = subprocess.run(
            [sys.executable, "-m", *command], cwd=project, capture_output=True, text=True, timeout=300
        )
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2, f"{command}: exit {result.returncode}\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr and len(lines) == 1, f"{command}: {result.stderr[-2000:]}"
        assert lines[0].startswith(f"{name}:") and re.search(SLIPS[case][3], lines[0]), f"{command}: {lines[0]}"
    assert not (project / "site").exists()
    assert (
        sorted((p.relative_to(project), p.read_bytes()) for p in (project / "docs").rglob("*") if p.is_file())
        == docs_before
    )

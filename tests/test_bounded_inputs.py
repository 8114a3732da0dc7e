"""Bounded and quiet under any input (issue 25): every curated file and every raw source is fed the attack classes
(merge-key and alias bombs, deep nesting, huge values, a 50 MB source, unknown tags, odd integers); for each,
`python -m scripts.render` on a copy of the project must exit 2 with one line naming the attacked file, within
20 s and 500 MB of memory (os.wait4's peak resident size of the run), and leave docs/, site/ and dist/ as they were.
The runs are forked from one warm process (tests/bounded_runner.py)."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import copy_project
from scripts import curated
from scripts.curated.line_tables import LineTable

pytestmark = pytest.mark.slow

RUNNER = Path(__file__).with_name("bounded_runner.py")
MAX_SECONDS = 20
MAX_MEMORY_MB = 500
SRC = Path(__file__).resolve().parent.parent / "rulebook_src"


def alias_bomb(key: str, width: int = 300, levels: int = 6) -> str:
    """`levels` anchors, each a list of `width` aliases of the one before: width**levels values once expanded."""
    lines = [f"{key}0: &{key}0 [x, x]"]
    for level in range(1, levels + 1):
        lines.append(f"{key}{level}: &{key}{level} [{', '.join([f'*{key}{level - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def merge_bomb(key: str, levels: int = 24) -> str:
    """A 1 KB bomb: each mapping merges the one before and holds it under 3 more keys (4**levels values)."""
    lines = [f"{key}0: &{key}0 {{a: b}}"]
    for level in range(1, levels + 1):
        previous = f"*{key}{level - 1}"
        lines.append(
            f"{key}{level}: &{key}{level} {{<<: {previous}, b{level}: {previous}, c{level}: {previous}, "
            f"d{level}: {previous}}}"
        )
    return "\n".join(lines) + "\n"


def as_entries(text: str, top_is_list: bool) -> str:
    """Top-level `key: value` lines of an attack, made list items where the file is a list."""
    if not top_is_list:
        return text
    return "".join(f"- {line}\n" for line in text.splitlines())


def first_integer(text: str) -> re.Match | None:
    return re.search(r"^(?P<head>[ -]*[a-z_]+: )(?P<value>[0-9]+)[ ]*$", text, re.MULTILINE)


ODD_INTEGERS = {
    "octal": "017",
    "sexagesimal": "1:30",
    "tagged-text": "!!int abc",
    "5000-digits": "7" * 5000,
    "hex": "0x1f",
}
TAGS = {
    "set": "!!set {a: null}",
    "python": "!!python/object/apply:os.system [echo]",
    "binary": "!!binary aGk=",
    "date": "2026-12-02",
}


def yaml_attacks(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    top_is_list = isinstance(curated.load(path), list)
    out = {
        "alias-bomb-300": text + as_entries(alias_bomb("zz_alias"), top_is_list),
        "alias-bomb-30": text + as_entries(alias_bomb("zz_alias", width=30, levels=4), top_is_list),
        "merge-key-bomb": text + as_entries(merge_bomb("zz_merge"), top_is_list),
        "deep-nesting": text + as_entries("zz_deep: " + "[" * 20_000 + "]" * 20_000, top_is_list),
    }
    for name, tagged in TAGS.items():
        out[f"tag-{name}"] = text + as_entries(f"zz_tag: {tagged}", top_is_list)
    match = first_integer(text)
    if match:
        for name, odd in ODD_INTEGERS.items():
            out[f"integer-{name}"] = text[: match.start("value")] + odd + text[match.end("value") :]
    return out


def huge_value(rel: str, top_is_list: bool | None) -> dict:
    """A 6 MB value: appended to the file as a new entry's text (a line-based file: a line of it)."""
    start = {None: "", False: "zz_huge: ", True: "- zz_huge: "}[top_is_list]
    return {
        "id": f"{rel}:huge-value",
        "file": rel,
        "files": {rel: (SRC.parent / rel).read_text(encoding="utf-8") + start},
        "append": {rel: ["长", 2_000_000]},
    }


def raw_source_attacks() -> list[dict]:
    """Each raw source repeated to 50 MB with its sha256 in the manifest updated (a consistent, huge source)."""
    return [
        {
            "id": f"rulebook_src/raw/{raw.name}:50-MB",
            "file": f"rulebook_src/raw/{raw.name}",
            "grow": {f"rulebook_src/raw/{raw.name}": 50_000_000},
        }
        for raw in sorted((SRC / "raw").iterdir())
    ]


def with_raw(name: str, text: str) -> dict[str, str]:
    """A raw source changed and the manifest's sha256 of it updated to match (a consistent change)."""
    path = SRC / "raw" / name
    manifest = (SRC / "manifest.yml").read_text(encoding="utf-8")
    old, new = hashlib.sha256(path.read_bytes()).hexdigest(), hashlib.sha256(text.encode("utf-8")).hexdigest()
    return {f"rulebook_src/raw/{name}": text, "rulebook_src/manifest.yml": manifest.replace(old, new)}


def replaced(rel: str, old: str, new: str) -> str:
    text = (SRC.parent / rel).read_text(encoding="utf-8")
    assert old in text, (rel, old)
    return text.replace(old, new, 1)


def lost_place_attacks() -> list[dict]:
    """Issue 46: an article whose heading no longer reads, a manifest entry without `articles`, a calculator or a
    table pointing at an article or clause that does not exist, an erratum for a file that is no source: each stops
    the build naming the file that says what is not there."""
    regs, laws = "000_7e52110b4744ddd8.txt", "002_549ebc658c1eeca9.txt"
    raw = lambda name: (SRC / "raw" / name).read_text(encoding="utf-8")  # noqa: E731
    spec, lateness = "rulebook_src/penalties/calculators.yml", "rulebook_src/penalties/lateness.yml"
    return [
        {
            "id": f"rulebook_src/raw/{regs}:heading-lost",
            "file": f"rulebook_src/raw/{regs}",
            "files": with_raw(regs, raw(regs).replace("第11条 比赛的报名及规定", "11条 比赛的报名及规定", 1)),
        },
        {
            "id": f"rulebook_src/raw/{laws}:heading-lost",
            "file": f"rulebook_src/raw/{laws}",
            "files": with_raw(laws, raw(laws).replace("第2條：", "第2：", 1)),
        },
        {
            "id": "rulebook_src/manifest.yml:no-articles",
            "file": "rulebook_src/manifest.yml",
            "files": {"rulebook_src/manifest.yml": replaced("rulebook_src/manifest.yml", '    articles: "1-11"\n', "")},
        },
        {
            "id": f"{spec}:article-999",
            "file": spec,
            "files": {spec: replaced(spec, "article: regulations/26", "article: regulations/999")},
        },
        {
            "id": f"{lateness}:anchor-missing",
            "file": lateness,
            "files": {lateness: replaced(lateness, "anchor: 一-1\n", "anchor: 一-9\n")},
        },
        {
            "id": "rulebook_src/errata.yml:file-not-a-source",
            "file": "rulebook_src/errata.yml",
            "files": {"rulebook_src/errata.yml": replaced("rulebook_src/errata.yml", "file: 00", "file: 09")},
        },
    ]


def all_attacks() -> list[dict]:
    attacks = []
    for path in curated.data_files(SRC):
        rel = f"rulebook_src/{path.relative_to(SRC).as_posix()}"
        if isinstance(curated.schema_for(path), LineTable):
            attacks.append(huge_value(rel, None))
            continue
        attacks.append(huge_value(rel, isinstance(curated.load(path), list)))
        attacks += [
            {"id": f"{rel}:{name}", "file": rel, "files": {rel: text}} for name, text in yaml_attacks(path).items()
        ]
    return attacks + raw_source_attacks() + lost_place_attacks()


def tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def test_every_attack_is_one_line_naming_the_file_in_bounded_time_and_memory(tmp_path):
    project = copy_project(tmp_path / "project")
    for folder in ("site", "dist"):
        (project / folder).mkdir()
        (project / folder / "previous.txt").write_text("good", encoding="utf-8")
    before = {folder: tree_digest(project / folder) for folder in ("docs", "site", "dist")}
    attacks = all_attacks()
    assert len(attacks) > 150  # every file, every class
    (tmp_path / "attacks.json").write_text(json.dumps(attacks, ensure_ascii=False), encoding="utf-8")
    subprocess.run(
        [sys.executable, str(RUNNER), str(project), str(tmp_path / "attacks.json"), str(tmp_path / "results.json")],
        check=True,
        timeout=len(attacks) * (MAX_SECONDS + 5),
    )
    results = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    by_id = {attack["id"]: attack for attack in attacks}
    failures = []
    for result in results:
        file = by_id[result["id"]]["file"]
        lines = result["stderr"].strip().splitlines()
        problems = []
        if result["killed"] or result["seconds"] > MAX_SECONDS:
            problems.append(f"took {result['seconds']} s")
        if result["max_rss_mb"] > MAX_MEMORY_MB:
            problems.append(f"used {result['max_rss_mb']} MB")
        if result["status"] != 2:
            problems.append(f"exit {result['status']}")
        if len(lines) != 1 or not lines[0].startswith(f"{file}:") or len(lines[0]) > 400:
            problems.append(f"stderr {result['stderr'][:300]!r}")
        if problems:
            failures.append(f"{result['id']}: {'; '.join(problems)}")
    assert not failures, f"{len(failures)} of {len(results)} attacks:\n" + "\n".join(failures)
    assert {folder: tree_digest(project / folder) for folder in ("docs", "site", "dist")} == before
    print(
        f"{len(results)} attacks; slowest {max(r['seconds'] for r in results)} s,"
        f" most memory {max(r['max_rss_mb'] for r in results)} MB"
    )

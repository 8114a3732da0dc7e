"""Bounded and quiet under any input (issue 25): every curated file and every raw source is fed the attack classes
(merge-key and alias bombs, deep nesting, huge values, a 50 MB source, unknown tags, odd integers); for each, the
render's entry point (`python -m scripts.render --src <a copy of rulebook_src/>`'s main, in this process) must exit 2
with one line naming the attacked file, within 20 s and 500 MB more memory than the process held before (its peak
resident size, reset before each attack: /proc/self/clear_refs), and leave the docs/ it writes to as they were. The
attacks are a plain list of data (all_attacks). `make test` runs a fixed sample of them (SAMPLE, drawn with SEED) and
every raw-source and lost-place attack; `make fuzz` (FUZZ=all) runs them all."""

from __future__ import annotations

import contextlib
import ctypes
import gc
import hashlib
import io
import os
import random
import re
import shutil
import sys
import time
import traceback
from pathlib import Path

import pytest

from scripts import curated
from scripts.curated.line_tables import LineTable

pytestmark = pytest.mark.slow

MAX_SECONDS = 20
SEED = 42  # the sample `make test` runs: the same attacks every run
SAMPLE = 60  # of about 360 attacks (each stops before a page is written, in about 0.1 s of CPU): `make fuzz` runs all
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


def chosen_attacks(attacks: list[dict]) -> list[dict]:
    """Every attack under `make fuzz` (FUZZ=all), else the fixed sample (SEED, SAMPLE) of the curated files' attacks
    plus every attack on a raw source and every lost place (issue 46), in the list's order."""
    if os.environ.get("FUZZ") == "all":
        return attacks
    always = {attack["id"] for attack in raw_source_attacks() + lost_place_attacks()}
    kept = set(random.Random(SEED).sample(range(len(attacks)), min(SAMPLE, len(attacks))))
    return [attack for index, attack in enumerate(attacks) if index in kept or attack["id"] in always]


def tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def attacked(folder: Path, attack: dict) -> None:
    """The attack's files written into `folder` (a copy of the project's rulebook_src/ and its parent): `files` as
    given, `append` text repeated, `grow` a raw source repeated up to that size with its new sha256 in the manifest."""
    for rel, text in attack.get("files", {}).items():
        (folder / rel).write_bytes(text.encode("utf-8", "surrogateescape"))
    for rel, (text, times) in attack.get("append", {}).items():
        with (folder / rel).open("ab") as file:
            file.write((text * times).encode("utf-8"))
    for rel, size in attack.get("grow", {}).items():
        data = (folder / rel).read_bytes()
        big = data * (size // len(data) + 1)
        manifest = folder / "rulebook_src" / "manifest.yml"
        old, new = (hashlib.sha256(blob).hexdigest() for blob in (data, big))
        manifest.write_text(manifest.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
        (folder / rel).write_bytes(big)


def peak_memory_mb(reset: bool = False) -> float:
    """This process's peak resident size so far (VmHWM), after resetting it to the present size when `reset`."""
    if reset:  # memory freed before is given back first, so that using it again counts
        gc.collect()
        ctypes.CDLL(None).malloc_trim(0)
        Path("/proc/self/clear_refs").write_text("5", encoding="ascii")
    status = Path("/proc/self/status").read_text(encoding="ascii")
    return int(re.search(r"VmHWM:\s+(\d+) kB", status)[1]) / 1024


def run_attack(folder: Path, attack: dict) -> dict:
    """One attack on `folder`'s rulebook_src/ through the render's entry point, in this process: its exit status,
    stderr (the folder's paths as the project's own `rulebook_src/…`), wall time and memory above what was held before;
    the folder's files put back after."""
    from scripts.render import docs as docs_module

    touched = {*attack.get("files", {}), *attack.get("append", {}), *attack.get("grow", {})}
    if attack.get("grow"):
        touched.add("rulebook_src/manifest.yml")
    saved = {rel: (folder / rel).read_bytes() for rel in touched}
    try:
        attacked(folder, attack)
        stderr = io.StringIO()
        before = peak_memory_mb(reset=True)
        started = time.monotonic()
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            try:  # main() turns a RulebookError into its one line and exit 2; anything else escaping is a failure
                status = docs_module.main(["--src", str(folder / "rulebook_src")])
            except BaseException:  # noqa: BLE001 - a MemoryError or RecursionError is what the test looks for
                status = None
                print(traceback.format_exc(limit=-3), file=sys.stderr)
        seconds = time.monotonic() - started
        memory = peak_memory_mb() - before
    finally:
        for rel, data in saved.items():
            (folder / rel).write_bytes(data)
    return {
        "id": attack["id"],
        "status": status,
        "seconds": round(seconds, 2),
        "memory_mb": round(memory, 1),
        "stderr": stderr.getvalue().replace(f"{folder}/", "")[:2000],
    }


def test_every_attack_is_one_line_naming_the_file_in_bounded_time_and_memory(tmp_path, monkeypatch):
    from scripts.render import docs as docs_module

    shutil.copytree(SRC, tmp_path / "rulebook_src")
    shutil.copytree(SRC.parent / "docs", tmp_path / "docs")
    monkeypatch.setattr(docs_module, "DOCS", tmp_path / "docs")  # a render that went through would write here
    before = tree_digest(tmp_path / "docs")
    attacks = all_attacks()
    assert len(attacks) > 150  # every file, every class
    attacks = chosen_attacks(attacks)
    # Each attack's measure starts with a full collection (peak_memory_mb). What this process held before (in a worker
    # of `make test`, every earlier test's modules and fixtures: about 650,000 objects after the fast tier alone) is
    # all alive after one collection here, so it is frozen out of the collections below (gc.freeze: never scanned,
    # never freed); they then cost what the attacks left, not what the worker ran before.
    gc.collect()
    gc.freeze()
    try:
        results = [run_attack(tmp_path, attack) for attack in attacks]
    finally:
        gc.unfreeze()
    by_id = {attack["id"]: attack for attack in attacks}
    failures = []
    for result in results:
        file = by_id[result["id"]]["file"]
        lines = result["stderr"].strip().splitlines()
        problems = []
        if result["seconds"] > MAX_SECONDS:
            problems.append(f"took {result['seconds']} s")
        if result["memory_mb"] > MAX_MEMORY_MB:
            problems.append(f"used {result['memory_mb']} MB")
        if result["status"] != 2:
            problems.append(f"exit {result['status']}")
        if len(lines) != 1 or not lines[0].startswith(f"{file}:") or len(lines[0]) > 400:
            problems.append(f"stderr {result['stderr'][:300]!r}")
        if problems:
            failures.append(f"{result['id']}: {'; '.join(problems)}")
    assert not failures, f"{len(failures)} of {len(results)} attacks:\n" + "\n".join(failures)
    assert tree_digest(tmp_path / "docs") == before
    print(
        f"{len(results)} attacks; slowest {max(r['seconds'] for r in results)} s,"
        f" most memory {max(r['memory_mb'] for r in results)} MB"
    )

"""Fuzz every file under rulebook_src/ (issue 10): truncated, emptied, not UTF-8, bad YAML, wrong types, missing and
unknown keys (at the top and in the deepest record), injected HTML in every text field and in an article heading of
every raw source, a raw source changed behind the manifest's back.

Each mutation goes through the loader, the build and the render in this process: the real rulebook_src/ as read once,
with the mutated files read again from their texts (rulebook_src_from_texts), then build_rulebook and
render_site_pages, as `python -m scripts.render` runs them. It either stops with one RulebookError whose message names
the mutated file and a line (`file:line: …`; the render then writes nothing), or builds with the injected HTML only
escaped in every generated page and every calculator's examples run through the penalties command line without a
traceback; a structural fault (STRICT) that builds is a failure unless the file is a KNOWN_HARMLESS case. A few of the
mutations that stop (REAL_COMMANDS, one per kind of fault) also go through the real command, which must exit with
status 2 and that one line. Then the injections that built are applied together and the whole site is built once
(`python -m scripts.site --no-zip --no-print`: both editions, the service worker): no page, title, navigation, search
index or sitemap may carry the HTML unescaped, nor the print edition's HTML of either book in either script.

`make test` runs a fixed sample of the mutations (every structural fault, a few always, INJECTED_SAMPLE of the HTML
injections drawn with SEED); `make fuzz` (FUZZ=all) runs every one.
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
import contextlib
import os
import random
import re
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path
from types import MappingProxyType

import pytest
import yaml

from conftest import ROOT, copy_project
from reader_steps import open_ready
from rulebook_once import real_src
from scripts import curated
from scripts.curated.line_tables import LineTable
from scripts.curated.rulebook_src import RulebookSrc, rulebook_src_from_texts
from scripts.errors import RulebookError
from scripts.pipeline.parse import ARTICLE_TITLE_MAX_CHARS

pytestmark = pytest.mark.slow

PAYLOAD = '"><img src=x onerror=alert(1)>'
SEARCH_INDEX_FILE = re.compile(r"search_index(\.[0-9a-f]{8})?\.json")  # plain text by design (see below)
PAYLOAD_MARK = "<img src=x onerror="  # the payload as HTML that a browser would run
SRC = ROOT / "rulebook_src"
# The sample `make test` runs, the same every run: every mutation but the injected HTML (the structural faults, the
# raw sources changed behind the manifest, issue 46's cases: about 320, most stopping at the loader in milliseconds),
# each raw source's heading injection, ALWAYS_RUN, and INJECTED_SAMPLE of the other HTML injections drawn with SEED
# (each of those that builds is a whole build and render, the penalty tables' with their plans worked out again).
# `make fuzz` (FUZZ=all) runs every mutation, the about 370 injections among them.
SEED = 42
INJECTED_SAMPLE = 12
ALWAYS_RUN = {  # mutation id → why the sample always holds it
    "rulebook_src/errata.yml:inject:reason": "an erratum's reason is printed in both books: the injections built"
    " together reach the print edition of each book in each script (a heading injection of the regulations' sources"
    " stops their build)"
}
# mutation id parts the sample always holds: issue 46's format characters at an article heading and references outside
# a book (the one silent data loss and the one docs/site disagreement this list has found)
ALWAYS_RUN_PARTS = (":invisible-", ":reference-outside-the-book")
REAL_COMMANDS = 8  # mutations that stop, also run through `python -m scripts.render` (one per kind of fault)
SCANNED_SUFFIXES = (".md", ".yml")  # Markdown and navigation: places where raw HTML would be rendered
# an article heading in a raw source: at a line's start (after the wiki copy's full-width indent) or, in the JSON blob
# of source 003, after an escaped line break; digits ASCII or full-width (source 004)
HEADING_LINE = re.compile(
    r"(?:^|(?<=\\n))[\u3000 ]*(?P<head>第[0-9０-９]{1,3}[条條][ ：:]?)(?P<title>[^\n\\]*)", re.MULTILINE
)
# short enough that a heading with a title of up to two characters stays a heading (a title is at most 30): those
# build and show it escaped; a longer one stops the build naming the line (both are allowed outcomes)
HEADING_PAYLOAD = "<img src=x onerror=alert(1)>"
TITLE_LIMIT = ARTICLE_TITLE_MAX_CHARS  # the longest title a heading line can carry
# the structural faults a file's schema must catch: exit 0 is a failure unless the file is listed here with why
STRICT = (
    "truncated",
    "wrong-inner-type",
    "missing-key",
    "unknown-key",
    "nested-wrong-type",
    "nested-missing-key",
    "nested-unknown-key",
)
SHORTER_LIST = (
    "a list of independent reviewed entries: its first half (or the list without its first entry) is a valid,"
    " shorter list; what the lost entries did shows as changed pages under render --check"
)
KNOWN_HARMLESS = {  # mutation id → why building is right
    "rulebook_src/clause_markers.yml:truncated": SHORTER_LIST,
    "rulebook_src/clause_markers.yml:missing-key": SHORTER_LIST + " (the first Law's entry is removed)",
    "rulebook_src/jieba_user_dict.txt:truncated": SHORTER_LIST,
    "rulebook_src/script_postmap.yml:truncated": SHORTER_LIST,
    "rulebook_src/search_synonyms.yml:truncated": SHORTER_LIST,
    "rulebook_src/traditional_source_slips.tsv:truncated": SHORTER_LIST,
    "rulebook_src/penalties/phones_smoking.yml:truncated": (
        "its first half is item 一 with fewer steps, a valid shorter ladder: the calculator offers fewer items, and the"
        " widget data it writes under docs/ changes (render --check reports it)"
    ),
    "rulebook_src/penalties/discipline.yml:nested-missing-key": (
        "a range given in fewer units (here an alternative's range without top_percent) is converted to the others by"
        " the table's scale.conversion (scripts/penalties/sanctions.py convert_range), as procedural.yml's ranges are"
    ),
}


def read(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "surrogateescape")


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def string_keys(data, parent=None) -> set:
    """Every mapping key (None for the top level) under which a string, or a list of strings, stands."""
    found = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, str) or (isinstance(value, list) and any(isinstance(v, str) for v in value)):
                found.add(key)
            found |= string_keys(value, key)
    elif isinstance(data, list):
        if parent is None and any(isinstance(v, str) for v in data):
            found.add(None)
        for value in data:
            found |= string_keys(value, parent)
    return found


def inject(data, keys: set):
    """A copy of data with PAYLOAD appended to every string standing under one of `keys`."""

    def walk(node, key):
        if isinstance(node, dict):
            return {k: walk(v, k) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v, key) for v in node]
        if isinstance(node, str) and key in keys:
            return node + PAYLOAD
        return node

    return walk(copy.deepcopy(data), None)


# libyaml's safe loader and dumper where PyYAML has them: the same values and texts as safe_load and safe_dump, in a
# fraction of their time (the mutation list parses each YAML file of rulebook_src/ once and writes about 800 copies)
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load(text: str):
    return yaml.load(text, Loader=LOADER)


def dump(data) -> str:
    return yaml.dump(data, Dumper=DUMPER, allow_unicode=True, sort_keys=False, width=10_000)


def structural_mutations(path: Path) -> dict[str, str]:
    """id → new text: the faults a careless edit makes."""
    text = read(path)
    out = {"empty": "", "truncated": text[: len(text) // 2], "not-utf8": text[:40] + "\udcff" + text[40:]}
    if isinstance(curated.schema_for(path), LineTable):
        out["bad-line"] = text + ("只有一列\n" if path.suffix == ".tsv" else "词 不是数字\n")
        return out
    data = load(text)
    out["bad-yaml"] = text + "\nbroken: [unclosed\n"
    out["wrong-type"] = "42\n" if isinstance(data, dict) else "key: value\n"
    if isinstance(data, dict):
        out["wrong-inner-type"] = dump({**data, next(iter(data)): 42})

    def first_record(tree):
        """(container, index) of the first record (a mapping) at the top or one level down."""
        if isinstance(tree, list) and tree and isinstance(tree[0], dict):
            return tree, 0
        if isinstance(tree, dict):
            key = next(iter(tree))
            value = tree[key]
            if isinstance(value, list) and value and isinstance(value[0], dict):
                return value, 0
            if isinstance(value, dict):
                return tree, key
        return None, None

    out.update(nested_mutations(data))
    container, index = first_record(data)
    if container is not None:
        record = container[index]
        first_key = next(iter(record))
        for variant, change in (
            ("missing-key", lambda r: {k: v for k, v in r.items() if k != first_key}),
            ("unknown-key", lambda r: {**r, "unexpected_key": "x"}),
        ):
            mutated = copy.deepcopy(data)
            target, position = first_record(mutated)
            target[position] = change(target[position])
            out[variant] = dump(mutated)
    return out


def deepest_record(tree, path=()) -> tuple[int, tuple]:
    """(depth, key path) of the first mapping nested deepest in tree."""
    best = (len(path), path) if isinstance(tree, dict) and tree else (-1, ())
    children = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for key, child in children:
        found = deepest_record(child, path + (key,))
        if found[0] > best[0]:
            best = found
    return best


def nested_mutations(data) -> dict[str, str]:
    """In the deepest record of a file: one leaf of another type, a key added, a key removed."""
    depth, path = deepest_record(data)
    if depth < 1:
        return {}
    out = {}

    def changed(change) -> str:
        mutated = copy.deepcopy(data)
        record = mutated
        for key in path:
            record = record[key]
        change(record)
        return dump(mutated)

    record = data
    for key in path:
        record = record[key]
    leaf = next((k for k, v in record.items() if not isinstance(v, (dict, list))), next(iter(record)))
    value = record[leaf]
    # text → a list (an unquoted number may stand for text, e.g. a clause label `1`); a number, nothing → a word
    other = ["a", "list"] if isinstance(value, (str, dict, list)) else "nope" if isinstance(value, bool) else "lots"
    out["nested-wrong-type"] = changed(lambda r: r.__setitem__(leaf, other))
    out["nested-unknown-key"] = changed(lambda r: r.__setitem__("unexpected_key", "x"))
    out["nested-missing-key"] = changed(lambda r: r.pop(next(iter(r))))
    return out


def source_formats() -> dict[str, str]:
    """raw file name → its format (manifest.yml)."""
    return {entry["file"]: entry["format"] for entry in load(read(SRC / "manifest.yml"))["sources"]}


def inject_heading(text: str, source_format: str) -> str | None:
    """The source with HEADING_PAYLOAD after the 第N条 of its first heading whose title leaves room for it (else its
    first heading), written as the source writes text (twice JSON-escaped in the JSON blob); None without headings."""
    headings = list(HEADING_LINE.finditer(text))
    if not headings:
        return None
    fitting = [m for m in headings if len(m["title"].strip()) + len(HEADING_PAYLOAD) <= TITLE_LIMIT]
    at = (fitting or headings)[0].end("head")
    payload = HEADING_PAYLOAD
    if source_format == "escaped-json":
        payload = json.dumps(json.dumps(payload)[1:-1])[1:-1]
    return text[:at] + payload + text[at:]


def mutations() -> tuple[list[dict], dict]:
    """The mutation list for the runner, and how to rebuild each injection (id → (kind, detail))."""
    found, injections = [], {}
    data_files = curated.data_files(SRC)
    for path in data_files:
        for name, text in structural_mutations(path).items():
            found.append({"id": f"{rel(path)}:{name}", "files": {rel(path): text}})
    # injected HTML in every text field: one mutation per key name (penalty tables: per key over all tables)
    parsed = {p: load(read(p)) for p in data_files if not isinstance(curated.schema_for(p), LineTable)}
    by_key: dict[tuple[str, object], list[Path]] = {}
    for path, data in parsed.items():
        group = "penalties" if path.parent.name == "penalties" else rel(path)
        for key in string_keys(data):
            by_key.setdefault((group, key), []).append(path)
    for (group, key), paths in sorted(by_key.items(), key=lambda item: (item[0][0], str(item[0][1]))):
        mutation_id = f"{group}:inject:{key}"
        found.append({"id": mutation_id, "files": {rel(p): dump(inject(parsed[p], {key})) for p in paths}})
        injections[mutation_id] = ("yaml", (key, [rel(p) for p in paths]))
    fixes, words = SRC / "traditional_fixes.tsv", SRC / "jieba_user_dict.txt"
    for path, line in ((fixes, f"甲{PAYLOAD}\t乙{PAYLOAD}\t理由{PAYLOAD}\n"), (words, f"词{PAYLOAD} 5 n\n")):
        found.append({"id": f"{rel(path)}:inject", "files": {rel(path): read(path) + line}})
    # raw sources: changed behind the manifest; an article heading carrying HTML (manifest updated to match)
    manifest, formats = read(SRC / "manifest.yml"), source_formats()
    for path in sorted((SRC / "raw").iterdir()):
        text = read(path)
        found.append({"id": f"{rel(path)}:hash-mismatch", "files": {rel(path): text + "\n追加的一行\n"}})
        mutated = inject_heading(text, formats[path.name])
        if mutated is not None:
            digest = hashlib.sha256(mutated.encode("utf-8", "surrogateescape")).hexdigest()
            old = hashlib.sha256(path.read_bytes()).hexdigest()
            mutation_id = f"{rel(path)}:inject-heading"
            found.append(
                {
                    "id": mutation_id,
                    "files": {rel(path): mutated, "rulebook_src/manifest.yml": manifest.replace(old, digest)},
                }
            )
            injections[mutation_id] = ("raw", rel(path))
    found += invisible_character_mutations(manifest) + outside_reference_mutations(manifest)
    return found, injections


# Issue 46: a format character or a no-break space before or inside an article heading (each in a source of its own,
# both books): the build reads the heading all the same, or stops naming the raw file and line, never loses the article
INVISIBLE = {"zwsp": "\u200b", "zwj": "\u200d", "word-joiner": "\u2060", "soft-hyphen": "\u00ad", "bom": "\ufeff"}
INVISIBLE_SOURCES = ("000_7e52110b4744ddd8.txt", "002_549ebc658c1eeca9.txt", "004_96643fa00b38aa24.txt")


def invisible_character_mutations(manifest: str) -> list[dict]:
    found = []
    cases = [*INVISIBLE.items(), ("nbsp", "\u00a0")]
    for k, (name, char) in enumerate(cases):
        path = SRC / "raw" / INVISIBLE_SOURCES[k % len(INVISIBLE_SOURCES)]
        text = read(path)
        heading = next(HEADING_LINE.finditer(text))
        inside = heading.start("head") + 2 if char != "\u00a0" else heading.end("head")  # 第1⁠1条; NBSP after 条
        for place, at in (("before", heading.start("head")), ("inside", inside)):
            mutated = text[:at] + char + text[at:]
            old, new = (hashlib.sha256(t.encode("utf-8")).hexdigest() for t in (text, mutated))
            found.append(
                {
                    "id": f"{rel(path)}:invisible-{name}-{place}-heading",
                    "files": {rel(path): mutated, "rulebook_src/manifest.yml": manifest.replace(old, new)},
                }
            )
    return found


def outside_reference_mutations(manifest: str) -> list[dict]:
    """Issue 46: references outside a book (第0条, a number beyond it, 规则0) in a source build as plain text (they
    linked to pages the build never writes, and `make site` failed on what `make docs` had accepted)."""
    path = SRC / "raw" / "000_7e52110b4744ddd8.txt"
    text = read(path)
    mutated = text.replace("可没收其保证金。", "可没收其保证金。另见第0条、第99999条和规则0。", 1)
    old, new = (hashlib.sha256(t.encode("utf-8")).hexdigest() for t in (text, mutated))
    return [
        {
            "id": f"{rel(path)}:reference-outside-the-book",
            "files": {rel(path): mutated, "rulebook_src/manifest.yml": manifest.replace(old, new)},
        }
    ]


def file_names(mutation: dict) -> set[str]:
    return {Path(name).name for name in mutation["files"]}


def mutated_src(base: RulebookSrc, files: dict[str, str]) -> RulebookSrc:
    """`base` with the mutated files (rulebook_src/… → text) read from their texts by the loader, as a real read of
    the folder would read them; a file the loader refuses raises its RulebookError."""
    texts = {rel.removeprefix("rulebook_src/"): text.encode("utf-8", "surrogateescape") for rel, text in files.items()}
    changed = rulebook_src_from_texts(texts, base.where)
    return RulebookSrc(
        base.where,
        MappingProxyType({**base.yaml_files, **changed.yaml_files}),
        MappingProxyType({**base.row_files, **changed.row_files}),
        MappingProxyType({**base.raw_files, **changed.raw_files}),
    )


MINUTES_EXAMPLES = ("5", "12", "30")  # a band's upper end, inside a band, the open band
EXAMPLE_VALUES = {"integer": "1", "number": "1", "share": "1", "text": "1"}  # within every range of calculators.yml


def calculator_examples(penalties) -> list[list[str]]:
    """Command lines for every calculator (python -m scripts.penalties …): each value of its first required choice
    (the event, the article) and, for a time, each of MINUTES_EXAMPLES; other required inputs at a plain value."""
    examples = []
    for name, calculator in penalties.calculators.items():
        fixed, varied = [], [[]]
        for parameter in calculator["parameters"]:
            option = f"--{parameter['name']}"
            if parameter["kind"] == "choice" and parameter.get("required") and len(varied) == 1:
                varied = [[option, str(value)] for value, _ in parameter["choices"]]
            elif parameter["kind"] == "minutes":
                varied = [v + [option, minutes] for v in varied for minutes in MINUTES_EXAMPLES]
            elif parameter.get("required") and "default" not in parameter and parameter["kind"] in EXAMPLE_VALUES:
                fixed += [option, EXAMPLE_VALUES[parameter["kind"]]]
        examples += [[name, *v, *fixed] for v in varied]
    return examples


def calculator_problems(src: RulebookSrc) -> list[str]:
    """Every calculator example through the command line's main(): a traceback, or an exit status other than 0 and 2,
    is a problem (the data passed the loader, so the engines must cope with it)."""
    from scripts.penalties import __main__ as penalties_cli
    from scripts.penalties.tables import penalty_data

    penalties = penalty_data(src)
    problems = []
    for argv in calculator_examples(penalties):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            try:
                status = penalties_cli.main(argv, penalties)
            except SystemExit as exit:
                status = exit.code
            except BaseException:  # noqa: BLE001 - any escape is what the test looks for
                problems.append(f"python -m scripts.penalties {' '.join(argv)}: {traceback.format_exc()}")
                continue
        if status not in (0, 2):
            problems.append(f"python -m scripts.penalties {' '.join(argv)}: exit {status}: {stderr.getvalue()[:300]}")
    return problems


def render(mutation: dict) -> dict:
    """One mutation through the loader, the build and the render, in this process: {"status": 0, "pages"} or
    {"status": 2, "message"} (a RulebookError), or {"traceback"} for anything else."""
    from scripts.pipeline.run import build_rulebook
    from scripts.render.docs import render_site_pages

    try:
        src = mutated_src(real_src(), mutation["files"])
        return {"status": 0, "src": src, "pages": render_site_pages(build_rulebook(src))}
    except RulebookError as exc:
        return {"status": 2, "message": str(exc)}
    except BaseException:  # noqa: BLE001 - any other escape is what the test looks for
        return {"status": None, "traceback": traceback.format_exc()}


def check_result(mutation: dict, result: dict) -> list[str]:
    """What is wrong with one mutation's outcome (empty when it is one of the two allowed outcomes)."""
    where = mutation["id"]
    if result["status"] is None:
        return [f"{where}: traceback\n{result['traceback']}"]
    if result["status"] == 2:
        lines = [line for line in result["message"].splitlines() if line.strip()]
        if not lines:
            return [f"{where}: a RulebookError without a message"]
        if not any(name in lines[0] for name in file_names(mutation)):
            return [f"{where}: the message does not name {sorted(file_names(mutation))}: {lines[0]!r}"]
        if not re.search(r":[0-9]+: ", lines[0]):
            return [f"{where}: the message gives no line number: {lines[0]!r}"]
        return []
    problems = [
        f"{where}: injected HTML unescaped in {page}"
        for page, text in sorted(result["pages"].items())
        if page.endswith(SCANNED_SUFFIXES) and PAYLOAD_MARK in text
    ]
    if any(rel.startswith("rulebook_src/penalties/") for rel in mutation["files"]):  # all the calculators read
        problems += [
            f"{where}: the data built, then the calculators' command line failed: {problem}"
            for problem in calculator_problems(result["src"])
        ]
    kind = where.rsplit(":", 1)[1]
    if kind in STRICT and where not in KNOWN_HARMLESS:
        problems.append(
            f"{where}: built with exit 0 (the file's schema should catch this; or list it in KNOWN_HARMLESS with why)"
        )
    return problems


def injects_html(mutation: dict) -> bool:
    """An injection (`<file or group>:inject…`), not a structural fault (`<file>:truncated`, …)."""
    return mutation["id"].split(":")[1].startswith("inject")


def chosen_mutations(found: list[dict]) -> list[dict]:
    """Every mutation under `make fuzz` (FUZZ=all), else the fixed sample: every mutation that injects no HTML, every
    raw source's heading injection, ALWAYS_RUN and ALWAYS_RUN_PARTS, and INJECTED_SAMPLE of the other injections
    (drawn with SEED), in the list's order."""
    if os.environ.get("FUZZ") == "all":
        return found
    always = {
        index
        for index, mutation in enumerate(found)
        if not injects_html(mutation)
        or mutation["id"].endswith(":inject-heading")
        or mutation["id"] in ALWAYS_RUN
        or any(part in mutation["id"] for part in ALWAYS_RUN_PARTS)
    }
    drawn = [index for index in range(len(found)) if index not in always]
    kept = always | set(random.Random(SEED).sample(drawn, min(INJECTED_SAMPLE, len(drawn))))
    return [mutation for index, mutation in enumerate(found) if index in kept]


def docs_digest(project: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in (project / "docs").rglob("*") if p.is_file()):
        digest.update(path.relative_to(project).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def real_command_problems(stopped: list[tuple[dict, str]], tmp_path: Path, project: Path) -> list[str]:
    """The first mutation that stopped of each kind (at most REAL_COMMANDS) through `python -m scripts.render` in the
    project copy, reading a mutated copy of its rulebook_src/: exit status 2, on stderr the message the build gave
    in-process (naming the copy's file), and the project's docs/ left as they were."""
    kinds: dict[str, tuple[dict, str]] = {}
    for mutation, message in stopped:
        kinds.setdefault(mutation["id"].rsplit(":", 1)[1], (mutation, message))
    before = docs_digest(project)
    runs = []
    for number, (mutation, message) in enumerate(list(kinds.values())[:REAL_COMMANDS]):
        folder = tmp_path / f"command-{number}"
        shutil.copytree(SRC, folder / "rulebook_src")
        for rel, text in mutation["files"].items():
            (folder / rel).write_bytes(text.encode("utf-8", "surrogateescape"))
        command = [sys.executable, "-m", "scripts.render", "--src", str(folder / "rulebook_src")]
        process = subprocess.Popen(command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        runs.append((mutation, message, folder, process))
    problems = []
    for mutation, message, folder, process in runs:
        _, stderr = process.communicate(timeout=300)
        if process.returncode != 2 or stderr.replace(f"{folder}/", "") != message + "\n":
            problems.append(f"{mutation['id']}: the real command: exit {process.returncode}, {stderr[:300]!r}")
    assert len(runs) >= 5, f"only {len(runs)} kinds of fault stopped the build"
    if docs_digest(project) != before:
        problems.append("docs/ changed although every build stopped")
    return problems


def test_every_fault_in_a_curated_or_source_file_stops_with_its_name_or_builds_escaped(tmp_path, browser):
    found, injections = mutations()
    assert set(KNOWN_HARMLESS) <= {m["id"] for m in found}, "a KNOWN_HARMLESS entry names no mutation"
    raw_files = {rel(path) for path in (SRC / "raw").iterdir()}
    assert {m.removesuffix(":inject-heading") for m in injections if m.endswith(":inject-heading")} == raw_files, (
        "a source without a heading injection"
    )
    chosen = chosen_mutations(found)
    started, cpu = time.monotonic(), time.process_time()
    problems, stopped, built = [], [], []
    for mutation in chosen:
        result = render(mutation)
        problems += check_result(mutation, result)
        if result["status"] == 2:
            stopped.append((mutation, result["message"]))
        elif result["status"] == 0 and mutation["id"] in injections:
            built.append(mutation["id"])
    print(
        f"{len(chosen)} of {len(found)} mutations in {time.monotonic() - started:.1f} s"
        f" ({time.process_time() - cpu:.1f} s of CPU)"
    )
    project = copy_project(tmp_path / "project")
    problems += real_command_problems(stopped, tmp_path, project)
    assert not problems, f"{len(problems)} of {len(chosen)} mutations misbehaved:\n" + "\n".join(problems[:40])
    # the escaping is exercised, not only the error path: most text fields reach a page
    assert len(built) >= 10, f"only {len(built)} injections built: {built}"
    combined_site_shows_the_injections_as_text(project, built, injections, browser)


def combined_injection(project: Path, built: list[str], injections: dict) -> None:
    """Apply every injection that built on its own, all at once, to the project copy."""
    keys_by_file: dict[str, set] = {}
    manifest = read(project / "rulebook_src/manifest.yml")
    for mutation_id in built:
        kind, detail = injections[mutation_id]
        if kind == "yaml":
            key, files = detail
            for name in files:
                keys_by_file.setdefault(name, set()).add(key)
        else:
            path = project / detail
            mutated = inject_heading(read(path), source_formats()[path.name])
            old = hashlib.sha256(path.read_bytes()).hexdigest()
            path.write_bytes(mutated.encode("utf-8", "surrogateescape"))
            manifest = manifest.replace(old, hashlib.sha256(path.read_bytes()).hexdigest())
    (project / "rulebook_src/manifest.yml").write_text(manifest, encoding="utf-8")
    for name, keys in keys_by_file.items():
        path = project / name
        path.write_text(dump(inject(load(read(path)), keys)), encoding="utf-8")


def print_html_report(project: Path) -> dict:
    """The print edition's HTML of each book in each script, as the typesetter would get it from the project (no
    typesetting: WeasyPrint draws what the HTML says): {"leaks": [book/script with the raw injected HTML],
    "escaped": [book/script showing it as text]}."""
    from scripts.curated.rulebook_src import read_rulebook_src
    from scripts.edition import BUNDLE_PREFIX, current_edition
    from scripts.pipeline.run import build_rulebook
    from scripts.print.pdf import BOOK_ORDER, SCRIPT_FILE_SUFFIXES, book_html, print_job

    rulebook = build_rulebook(read_rulebook_src(project / "rulebook_src"))
    job = print_job(rulebook, current_edition(), project / "print-html", BUNDLE_PREFIX)
    report: dict[str, list[str]] = {"leaks": [], "escaped": []}
    for script in SCRIPT_FILE_SUFFIXES:
        for book in BOOK_ORDER:
            text = book_html(job, book, script, {})
            if PAYLOAD_MARK in text:
                report["leaks"].append(f"{book}/{script}")
            if "onerror=alert(1)" in text:
                report["escaped"].append(f"{book}/{script}")
    return report


def combined_site_shows_the_injections_as_text(project: Path, built: list[str], injections: dict, browser) -> None:
    """All injections that built on their own, at once, through the whole site build (both editions, the service
    worker), the print edition's HTML and chromium."""
    combined_injection(project, built, injections)
    render = subprocess.run([sys.executable, "-m", "scripts.render"], cwd=project, capture_output=True, text=True)
    assert render.returncode == 0, render.stderr
    site = subprocess.run(
        [sys.executable, "-m", "scripts.site", "--no-zip", "--no-print"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert site.returncode == 0, site.stderr[-3000:]
    # the print edition: its HTML, as the typesetter would get it (typesetting four PDFs would double this test)
    print_report = print_html_report(project)
    assert not print_report["leaks"], f"injected HTML unescaped in the print edition of {print_report['leaks']}"
    assert len(print_report["escaped"]) == 4, f"the injections reach the print edition of {print_report['escaped']}"
    # the search index (search_index.json, and on the hosted site the full index search_index.<hash>.json that the
    # stub names) holds plain text by design (the worker escapes it when it renders a result; checked in chromium
    # below), so it is the one JSON data where the payload may stand as it was typed
    leaks = [
        p.relative_to(project).as_posix()
        for p in sorted((project / "site").rglob("*"))
        if p.is_file()
        and p.suffix in (".html", ".json", ".xml", ".webmanifest", ".yml")
        and not SEARCH_INDEX_FILE.fullmatch(p.name)
        and PAYLOAD_MARK in p.read_text(encoding="utf-8", errors="replace")
    ]
    assert not leaks, f"injected HTML unescaped in {len(leaks)} built file(s): {leaks[:20]}"
    escaped_pages = [
        p for p in (project / "site").rglob("*.html") if "onerror=alert(1)" in p.read_text(encoding="utf-8")
    ]
    assert escaped_pages, (
        "no built page shows the injected text at all (escaped): the injections did not reach the site"
    )
    assert_nothing_runs(browser, project / "site")


INSPECTED_PAGES = [
    "",
    "laws/2/",
    "regulations/26/",
    "regulations/34/",
    "about/build-report/",
    "zh-hant/regulations/26/",
]


def assert_nothing_runs(browser, site: Path) -> None:
    """Open pages whose text, titles, tables and calculators carry the injections, and search for them: the
    payload's `alert` never fires and no <img src=x> element exists (the text shows as text)."""
    from conftest import serve_directory
    from reader_steps import run_search

    server = serve_directory(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="block")
    dialogs = []
    try:
        page = context.new_page()
        page.on("dialog", lambda dialog: (dialogs.append(page.url), dialog.dismiss()))
        for path in INSPECTED_PAGES:
            open_ready(page, base + path)
            page.wait_for_timeout(200)
            assert page.locator('img[src="x"]').count() == 0, f"{path or 'home'}: the injected <img> became an element"
        open_ready(page, base)
        run_search(page, "onerror")
        page.wait_for_timeout(500)
        assert page.locator('img[src="x"]').count() == 0, "a search result turned the injected text into an element"
        assert "onerror" in page.locator(".md-search-result").inner_text()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert not dialogs, f"injected script ran on {dialogs}"

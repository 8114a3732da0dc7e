"""Runs `python -m scripts.render` in-process once per mutation of a project copy (used by tests/test_curated_fuzz.py).

    python fuzz_runner.py <project copy> <mutations.json> <results.json>
    python fuzz_runner.py --print-html <project copy>

Each mutation is {"id", "files": {relative path under rulebook_src/: text or null (= delete)}}. The runner imports
the pipeline, reads every curated file and runs the calculators' examples once, then forks a child per mutation, two
at once on two cores, each in a lane of its own (the project, or a copy of its rulebook_src/; run_in_lanes), which
reads again only the files the mutation changed (remember_unchanged_curated_files): the child writes the mutated
files, points the docs folder at a fresh copy of the project's docs/ (hard links, removed after), runs the render
entry point and records its exit status, its stderr, any traceback, whether docs/ changed, and the generated files
that contain the raw injected HTML; when the render succeeded, it also records what every calculator's examples give
through the penalties command line (run again when the mutation changed a file the calculators read), any traceback
among them. Two lanes give the same records as one (all 583 mutations compared, lane paths aside) in 49 s instead of
79 s alone. The parent never sees a mutation.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import shutil
import sys
import tempfile
import traceback
from pathlib import Path

from runner_lanes import ExitedChild, LANES, check_within_lanes, lane_roots, remove_lanes, render_arguments
from runner_lanes import run_forked_in_lanes

PAYLOAD_MARK = "<img src=x onerror="  # what an injection looks like when it is not escaped
SCANNED_SUFFIXES = (".md", ".yml")  # Markdown and navigation: places where raw HTML would be rendered


def docs_changed(original: Path, copy: Path) -> bool:
    """Whether the render changed `copy`, a copy of `original` made of hard links (linked_copy): the render writes a
    page by replacing it (scripts/render/docs.py write_whole) and only when its text changed, so a file still linked
    to the original's is unchanged; one that is not is compared byte for byte."""
    files = {path.relative_to(copy): path for path in copy.rglob("*") if path.is_file()}
    originals = {path.relative_to(original) for path in original.rglob("*") if path.is_file()}
    if files.keys() != originals:
        return True
    return any(
        not os.path.samefile(path, original / rel) and path.read_bytes() != (original / rel).read_bytes()
        for rel, path in files.items()
    )


def linked_copy(source: Path, target: Path) -> None:
    """A copy of the folder `source` whose files are hard links to its own (a copy without copying them), or
    copies where the two folders are on different file systems."""

    def link(from_path: str, to_path: str) -> None:
        try:
            os.link(from_path, to_path)
        except OSError:
            shutil.copy2(from_path, to_path)

    shutil.copytree(source, target, copy_function=link)


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


PENALTY_FILES = "rulebook_src/penalties/"  # all the calculators read (scripts/penalties/tables.py penalty_data)


def run_calculator_examples() -> list[str]:
    """Every calculator example through the command line's main(): a traceback, or an exit status other than 0 and 2,
    is a problem (the data passed the loader, so the engines must cope with it)."""
    from scripts.curated.rulebook_src import rulebook_src_from_texts
    from scripts.penalties import __main__ as penalties_cli
    from scripts.penalties.export import plan_texts
    from scripts.penalties.tables import penalty_data

    # the data no longer changes: its penalty files read once (not all of rulebook_src/, which the render just
    # read), one parser for all the examples (most of a run's time); the command line's own parser put back after
    build_parser = penalties_cli.build_parser
    try:
        try:
            folder = Path("rulebook_src") / "penalties"
            texts = {f"penalties/{path.name}": path.read_bytes() for path in sorted(folder.glob("*.yml"))}
            penalties = penalty_data(rulebook_src_from_texts(texts))
            parser = build_parser(penalties)
            penalties_cli.build_parser = lambda _penalties: parser
            examples = calculator_examples(penalties)
            plan_texts(penalties)  # worked out once: a child whose mutation leaves the tables as they were reuses them
        except BaseException:  # noqa: BLE001 - the spec itself could not be read
            return [f"reading the calculators: {traceback.format_exc()}"]
        return calculator_problems(penalties_cli, penalties, examples)
    finally:
        penalties_cli.build_parser = build_parser


def calculator_problems(penalties_cli, penalties, examples: list[list[str]]) -> list[str]:
    problems = []
    for argv in examples:
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            try:
                status = penalties_cli.main(argv, penalties)
            except SystemExit as exit:
                status = exit.code
            except BaseException:  # noqa: BLE001
                problems.append(f"python -m scripts.penalties {' '.join(argv)}: {traceback.format_exc()}")
                continue
        if status not in (0, 2):
            problems.append(f"python -m scripts.penalties {' '.join(argv)}: exit {status}: {stderr.getvalue()[:300]}")
    return problems


# What the calculators' examples give on the project as copied (worked out once, before the first fork): a mutation
# that leaves rulebook_src/penalties/ as it was gives the same, since those files are all the calculators read.
UNMUTATED_CALCULATOR_PROBLEMS: list[str] = []


def remember_unchanged_curated_files(roots: list[Path]) -> None:
    """Every curated file of each lane's rulebook_src/ read and checked once, before the first fork: a child reads a
    file again only when its bytes differ from those (the mutated one), and takes the rest as the parent read them.
    The reader and the schemas are pure functions of a file's bytes, so this is what reading them again would give;
    it takes about half of what each mutation's render would cost otherwise."""
    from scripts.curated import data_files
    from scripts.curated import rulebook_src as module

    read_yaml, read_rows = module.load_with_lines, module.load_rows
    known: dict[tuple[str, Path], tuple[bytes, object]] = {}
    for root in roots:
        for path in data_files(root / "rulebook_src"):
            if module.is_line_based(path):
                known["rows", path.resolve()] = (path.read_bytes(), read_rows(path))
            else:
                known["yaml", path.resolve()] = (path.read_bytes(), read_yaml(path))

    def remembered(kind: str, read):
        def load(path: Path):
            data, result = known.get((kind, path.resolve()), (None, None))
            try:  # the size first: a mutation may have made the file huge, or removed it
                same = data is not None and path.stat().st_size == len(data) and path.read_bytes() == data
            except OSError:
                same = False
            return result if same else read(path)

        return load

    module.load_with_lines = remembered("yaml", read_yaml)
    module.load_rows = remembered("rows", read_rows)


def run_one(project: Path, root: Path, mutation: dict) -> dict:
    """One mutation in the lane `root` (the project itself, or a copy of its rulebook_src/): the render reads that
    lane's rulebook_src/ and writes a fresh copy of the project's docs/."""
    for rel, text in mutation["files"].items():
        path = root / rel
        if text is None:
            path.unlink()
        else:
            path.write_bytes(text.encode("utf-8", "surrogateescape"))
    scratch = Path(tempfile.mkdtemp(prefix="fuzz-docs-"))
    try:
        return render_in(project, root, mutation, scratch / "docs")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def render_in(project: Path, root: Path, mutation: dict, docs: Path) -> dict:
    """run_one's render, writing into `docs` (a linked copy of the project's docs/, made here), and its record."""
    from scripts.render import docs as docs_module

    linked_copy(project / "docs", docs)
    docs_module.DOCS = docs
    stderr, crash, status = io.StringIO(), "", None
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = docs_module.main(render_arguments(root))
        except SystemExit as exit:
            status = exit.code
        except BaseException:  # noqa: BLE001 - any escape is what the test looks for
            crash = traceback.format_exc()
    leaks: list[str] = []
    calculator_problems: list[str] = []
    if status == 0:
        for path in sorted(docs.rglob("*")):
            if path.is_file() and path.suffix in SCANNED_SUFFIXES and PAYLOAD_MARK in path.read_text(encoding="utf-8"):
                leaks.append(path.relative_to(docs).as_posix())
        touches_penalties = any(rel.startswith(PENALTY_FILES) for rel in mutation["files"])
        calculator_problems = run_calculator_examples() if touches_penalties else UNMUTATED_CALCULATOR_PROBLEMS
    return {
        "id": mutation["id"],
        "status": status,
        "stderr": stderr.getvalue(),
        "traceback": crash,
        "docs_changed": docs_changed(project / "docs", docs),
        "leaks": leaks,
        "calculators": calculator_problems,
    }


def print_html_report(project: Path) -> dict:
    """The print edition's HTML of each book in each script, as the typesetter would get it from the project (no
    typesetting: WeasyPrint draws what the HTML says): {"leaks": [book/script with the raw injected HTML],
    "escaped": [book/script showing it as text]}."""
    os.chdir(project)
    sys.path.insert(0, str(project))
    from scripts.curated.rulebook_src import read_rulebook_src
    from scripts.edition import BUNDLE_PREFIX, current_edition
    from scripts.pipeline.run import build_rulebook
    from scripts.print.pdf import BOOK_ORDER, SCRIPT_FILE_SUFFIXES, book_html, print_job

    job = print_job(build_rulebook(read_rulebook_src()), current_edition(), project / "print-html", BUNDLE_PREFIX)
    report: dict[str, list[str]] = {"leaks": [], "escaped": []}
    for script in SCRIPT_FILE_SUFFIXES:
        for book in BOOK_ORDER:
            text = book_html(job, book, script, {})
            if PAYLOAD_MARK in text:
                report["leaks"].append(f"{book}/{script}")
            if "onerror=alert(1)" in text:
                report["escaped"].append(f"{book}/{script}")
    return report


def failed_report(mutation: dict) -> dict:
    return {
        "id": mutation["id"],
        "status": None,
        "stderr": "",
        "traceback": traceback.format_exc(),
        "docs_changed": False,
        "leaks": [],
        "calculators": [],
    }


def run_in_lanes(project: Path, roots: list[Path], mutations: list[dict]) -> list[dict]:
    """Every mutation in a forked child, as many at once as there are lanes (run_forked_in_lanes); a child mutates
    its lane's files on disk and reports into a file of its own (a pipe would fill and block it while the parent
    waits for another child). Results in the order of `mutations`."""
    reports = Path(tempfile.mkdtemp(prefix="fuzz-reports-"))
    results: list[dict | None] = [None] * len(mutations)

    def run_child(root: Path, index: int, mutation: dict) -> None:  # mutate, run, report, exit without cleanups
        try:
            os.chdir(root)  # the calculators' examples read rulebook_src/penalties/ from here
            report = run_one(project, root, mutation)
        except BaseException:  # noqa: BLE001
            report = failed_report(mutation)
        (reports / f"{index}.json").write_text(json.dumps(report), encoding="utf-8")
        os._exit(0)

    def record(child: ExitedChild) -> None:
        report_file = reports / f"{child.index}.json"
        results[child.index] = (
            json.loads(report_file.read_text(encoding="utf-8"))
            if report_file.exists()
            else dict(failed_report(mutations[child.index]), traceback="the child ended without a report")
        )

    run_forked_in_lanes(roots, mutations, lambda mutation: set(mutation["files"]), run_child, record)
    shutil.rmtree(reports, ignore_errors=True)
    return results  # type: ignore[return-value]


def main() -> None:
    if sys.argv[1] == "--print-html":
        print(json.dumps(print_html_report(Path(sys.argv[2]))))
        return
    project, mutations_file, results_file = (Path(arg) for arg in sys.argv[1:4])
    os.chdir(project)
    sys.path.insert(0, str(project))
    import scripts.render.docs  # noqa: F401 - import once, before forking: children start warm
    import pypinyin  # noqa: F401 - the subject index imports it when it first sorts (0.5 s, in every child otherwise)

    mutations = json.loads(mutations_file.read_text(encoding="utf-8"))
    check_within_lanes((rel for m in mutations for rel in m["files"]), "a mutation")
    roots = lane_roots(project, LANES, "fuzz")
    remember_unchanged_curated_files(roots)
    UNMUTATED_CALCULATOR_PROBLEMS[:] = run_calculator_examples()
    gc.freeze()  # what the parent holds now is never collected in a child: no child touches (copies) those pages
    try:
        results = run_in_lanes(project, roots, mutations)
    finally:
        remove_lanes(roots)
    results_file.write_text(json.dumps(results), encoding="utf-8")


if __name__ == "__main__":
    main()

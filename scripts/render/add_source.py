"""`make add-source FILE=<path> BOOK=laws|regulations` (python -m scripts.render.add_source FILE --book BOOK): adds a
source text a venue holds (README, 补充来源).

The file is copied byte for byte into rulebook_src/raw/ as `<next number>_<sha256[:16]>.txt`; its script
(simplified or traditional) and shape (one of the manifest's formats) are detected; its manifest entry (sha256
included) is appended to rulebook_src/manifest.yml; the pipeline runs and docs/ is regenerated; then what the build
report says about the file is printed: the articles found, the repairs, the overlaps with the other sources and
anything it could not read, each as `file:line`. The whole build runs in memory first: a file it cannot use (empty,
binary, not UTF-8, no article, only articles already there with the same text) or a build that stops is refused in
one line (exit 2) and rulebook_src/raw/, the manifest and docs/ stay exactly as they were.
"""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from scripts.books import CN_DIGITS, HAN
from scripts.curated.reader import display_path
from scripts.curated.rulebook_src import RulebookSrc, frozen, read_rulebook_src, thawed
from scripts.errors import SourceFormatError, run_entry_point
from scripts.limits import MAX_RAW_SOURCE_BYTES, clip, too_big
from scripts.paths import SRC
from scripts.pipeline.coverage import rulebook_coverage
from scripts.pipeline.model import Article
from scripts.pipeline.run import Rulebook, build_rulebook, source_articles
from scripts.pipeline.sources import SourceEntry, article_spec, load_manifest
from scripts.cli import ArgumentParser

BOOKS = ("laws", "regulations")
FULLWIDTH_HEADING = re.compile(r"^[\u3000 ]*第[０-９]+[条條]", re.MULTILINE)


def detect_script(text: str) -> str:
    """'traditional' when more of its characters are traditional-only than simplified-only (OpenCC both ways)."""
    import opencc

    han = "".join(re.findall(f"[{HAN}]", text))
    traditional_only = sum(a != b for a, b in zip(han, opencc.OpenCC("t2s").convert(han)))
    simplified_only = sum(a != b for a, b in zip(han, opencc.OpenCC("s2t").convert(han)))
    return "traditional" if traditional_only > simplified_only else "simplified"


def detect_format(text: str, script: str) -> str:
    """The manifest format whose reader fits the text's shape (scripts/pipeline/decode.py, normalise.py)."""
    if text.lstrip().startswith("{") and re.search(r'\\*"content\\*"', text):
        return "escaped-json"  # a JSON object (serialised twice) with the text in `content`
    if FULLWIDTH_HEADING.search(text) or re.search(r"^downtown\s*$", text, re.MULTILINE):
        return "fullwidth-web"  # a web page: full-width digits in the headings, `downtown` separators
    if script == "traditional" and re.search(f"^[\u3000]+第[0-9{CN_DIGITS}百]+[條条]", text, re.MULTILINE):
        return "wiki-traditional"  # an encyclopedia page: headings indented with full-width spaces
    return "pdf-text"  # text taken out of a PDF: lines wrapped anywhere, ASCII digits


def raw_name(raw_dir: Path, digest: str) -> str:
    numbers = [int(path.name[:3]) for path in raw_dir.iterdir() if re.match(r"[0-9]{3}_", path.name)]
    return f"{max(numbers, default=-1) + 1:03d}_{digest[:16]}.txt"


def manifest_entry(entry: dict) -> str:
    """The entry as the manifest's other entries are written (`covers` and `articles` quoted)."""
    return (
        f"  - file: {entry['file']}\n    book: {entry['book']}\n    format: {entry['format']}\n"
        f"    script: {entry['script']}\n    sha256: {entry['sha256']}\n    covers: \"{entry['covers']}\"\n"
        f"    articles: \"{entry['articles']}\"\n"
    )


def report(rulebook: Rulebook, name: str, before: dict) -> list[str]:
    """What the build says about one raw file, a line each, `file:line` where there is one."""
    where = f"rulebook_src/raw/{name}"
    lines = []
    for book in rulebook.books.values():
        for article in book.articles.values():
            if name not in article.sources:
                continue
            clauses = len(article.clauses)
            lines.append(f"{where}: {book.key}/{article.slug} 第{article.number}条 {article.title}（{clauses}款）")
            others = [source for source in article.sources if source != name]
            if others:
                lines.append(
                    f"{where}: {book.key}/{article.slug} overlaps {', '.join(others)}"
                    " (merged per rulebook_src/overlaps.yml; differences shown as 异文)"
                )
    for repair in rulebook.repairs:
        if repair.prov.file == name:
            lines.append(
                f"{where}:{repair.prov.line}: repair ({repair.kind}): {clip(repair.original)} → "
                f"{clip(repair.replacement)}"
            )
    for drop in rulebook.drops:
        if drop.prov.file == name and drop.text.strip():  # blank lines are not worth a line
            lines.append(f"{where}:{drop.prov.line}: dropped ({drop.rule}): {clip(drop.text)}")
    for defect in rulebook.defects:
        if name in defect:
            lines.append(clip(defect, 300))
    after = rulebook_coverage(rulebook.books)
    for book, coverage in after.items():
        gained = sorted(set(coverage.held) - set(before[book].held))
        lines.append(
            f"coverage: {book} holds {coverage.held_count} of {coverage.total}"
            + (f" (new: {', '.join(map(str, gained))})" if gained else "")
        )
    return lines


def readable_text(file: Path) -> tuple[bytes, str]:
    """The file's bytes and text, or a one-line refusal: unreadable, too big, empty, binary, not UTF-8."""
    try:
        size = file.stat().st_size
        data = file.read_bytes() if size <= MAX_RAW_SOURCE_BYTES else b""
    except OSError as exc:
        raise SourceFormatError(f"{file}:1: cannot be read ({exc.strerror})") from None
    if size > MAX_RAW_SOURCE_BYTES:
        raise SourceFormatError(f"{file}:1: {too_big(size, MAX_RAW_SOURCE_BYTES, 'a raw source')}")
    if not data.strip():
        raise SourceFormatError(f"{file}:1: is empty: nothing to add")
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise SourceFormatError(f"{file}:{line}: is not a text file (a NUL byte): add a UTF-8 text file")
    try:
        return data, data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        try:
            data.decode("gb18030")
        except UnicodeDecodeError:
            raise SourceFormatError(
                f"{file}:{line}: not UTF-8 (byte 0x{data[exc.start]:02x}), nor GB18030: not a text file this build"
                " can read"
            ) from None
        raise SourceFormatError(
            f"{file}:{line}: not UTF-8 (byte 0x{data[exc.start]:02x}; it reads as GB18030): save it as UTF-8 first"
        ) from None


def check_it_adds_something(file: Path, articles: list[Article], src: RulebookSrc, book: str) -> None:
    """Refuses a source with no article, or whose every article another source of the book already holds with the
    same text (each read alike: without errata)."""
    if not articles:
        raise SourceFormatError(
            f"{file}:1: no article found (an article starts with a heading line such as 第16条 标题): nothing to add"
        )
    held: dict[tuple[int, tuple[str, ...]], str] = {}
    for entry in load_manifest(src):
        if entry.book == book:
            for article in source_articles(entry, src):
                held.setdefault((article.number, texts_of(article)), entry.file)
    same = [held.get((a.number, texts_of(a))) for a in articles]
    if all(same):
        raise SourceFormatError(
            f"{file}:1: 第{article_spec(a.number for a in articles)}条 already stand in"
            f" {', '.join(sorted(set(filter(None, same))))} with the same text: nothing to add"
        )


def texts_of(article: Article) -> tuple[str, ...]:
    return (article.title, *(p.text for p in article.paragraphs()))


def with_source(src: RulebookSrc, entry: dict, data: bytes) -> RulebookSrc:
    """The rulebook_src with one more raw file and its manifest entry, in memory (nothing is written)."""
    manifest, lines = src.load_with_lines("manifest.yml")
    added = thawed(manifest)
    added["sources"].append(entry)
    yaml_files = {**src.yaml_files, "manifest.yml": (frozen(added), lines)}
    raw_files = {**src.raw_files, f"raw/{entry['file']}": data}
    return replace(src, yaml_files=MappingProxyType(yaml_files), raw_files=MappingProxyType(raw_files))


def add_source(file: Path, book: str, src_dir: Path = SRC) -> list[str]:
    """Adds the file as a source of the book, or refuses it in one line leaving rulebook_src/ as it was: the whole
    build runs in memory first, and the raw file and manifest entry are written only when it succeeds."""
    if book not in BOOKS:
        raise SourceFormatError(f"BOOK={book}: must be laws or regulations")
    data, text = readable_text(file)
    digest = hashlib.sha256(data).hexdigest()
    raw_dir, manifest = src_dir / "raw", src_dir / "manifest.yml"
    for existing in raw_dir.iterdir():
        if existing.is_file() and hashlib.sha256(existing.read_bytes()).hexdigest() == digest:
            raise SourceFormatError(f"{file}:1: already added, as {display_path(existing)}")
    src = read_rulebook_src(src_dir)
    before = build_rulebook(src)
    script = detect_script(text)
    fmt = detect_format(text, script)
    name = raw_name(raw_dir, digest)
    covers = f"added with make add-source from {file.name}".replace('"', "'")
    entry = dict(file=name, book=book, format=fmt, script=script, sha256=digest, covers=covers)
    articles = source_articles(SourceEntry(**entry, raw=data), src)
    check_it_adds_something(file, articles, src, book)
    entry["articles"] = article_spec(a.number for a in articles)
    rulebook = build_rulebook(with_source(src, entry, data))
    manifest_text = manifest.read_bytes()
    try:
        (raw_dir / name).write_bytes(data)
        manifest.write_bytes(
            manifest_text
            + ("" if manifest_text.endswith(b"\n") else "\n").encode()
            + manifest_entry(entry).encode("utf-8")
        )
        read_rulebook_src(src_dir)  # what was written reads back as it was built
    except BaseException:
        (raw_dir / name).unlink(missing_ok=True)
        manifest.write_bytes(manifest_text)
        raise
    return [
        f"rulebook_src/raw/{name}: copied from {file} ({len(data)} bytes, {script}, {fmt}, sha256 {digest})",
        *report(rulebook, name, rulebook_coverage(before.books)),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(prog="make add-source", description="把一份来源文本加入 rulebook_src/，并重新生成 docs/。")
    parser.add_argument("file", type=Path, help="来源文本（UTF-8）")
    parser.add_argument("--book", required=True, choices=BOOKS, help="哪一部书：laws＝竞赛规则，regulations＝裁判法")
    args = parser.parse_args(argv)
    for line in add_source(args.file, args.book):
        print(line)
    from scripts.render.docs import main as render_docs

    return render_docs([])  # regenerate docs/ (its own line: pages written)


if __name__ == "__main__":
    sys.exit(run_entry_point(main, "make add-source"))

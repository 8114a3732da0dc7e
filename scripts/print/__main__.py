"""python -m scripts.print --out DIR: the print edition (both books, simplified and traditional) as PDFs in DIR."""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

from scripts.cli import ArgumentParser
from scripts.edition import BUNDLE_PREFIX
from scripts.curated.rulebook_src import read_rulebook_src
from scripts.errors import RulebookError, run_entry_point
from scripts.print.pdf import write_print_books
from scripts.print.typeset_cache import add_print_cache_options, print_cache_dir


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(prog="python -m scripts.print", description="印刷版：两部书的简体与繁体PDF。")
    parser.add_argument("--out", type=Path, required=True, help="PDF 写入的文件夹（没有则新建）")
    add_print_cache_options(parser)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)-7s -  %(message)s")
    started = time.perf_counter()
    try:
        printed = write_print_books(args.out.resolve(), None, BUNDLE_PREFIX, read_rulebook_src(), print_cache_dir(args))
    except (
        RulebookError
    ) as exc:  # a fault in a source or curated file: its one line `file:line: …`, as every entry point
        print(exc, file=sys.stderr)
        return 2
    for book in printed:
        print(f"{book.path} ({book.pages} 页)")
    print(f"{len(printed)} 份PDF，用时 {time.perf_counter() - started:.1f} 秒")
    return 0


if __name__ == "__main__":
    sys.exit(run_entry_point(main, "python -m scripts.print"))

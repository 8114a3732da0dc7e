"""Builds everything a reader gets: the hosted site (both scripts, installable) and the offline venue zip.

`python -m scripts.site.build` (what `make site` runs) writes
  site/                                    hosted flavour: simplified at the root, traditional under zh-hant/,
                                           a service worker (sw.js) that precaches all of it;
  dist/zhongguo-qiaopai-guize-<YYYYMMDD>.zip
                                           offline flavour (Material's offline plugin, .html URLs, vendored
                                           iframe-worker shim), both scripts, opened from index.html via file://;
  dist/zhongguo-qiaopai-guize-{guize,caipanfa}[-fanti]-<YYYYMMDD>.pdf
                                           the print edition (scripts/print/): each book typeset as an A5 PDF,
                                           typeset first; the same four files are in print/ of the hosted site
                                           and of the zip, linked from the home, about and article pages.
Two runs on the same checkout give byte-identical zips: the build date comes from SOURCE_DATE_EPOCH or the
last commit (scripts/edition.py), zip entries are sorted and stamped with that date.

Atomic: every step (BUILD_STEPS) writes into a staging folder beside site/; site/ and dist/ are replaced only when
all steps succeeded. A fault in a curated file stops the build first (one line naming file:line, exit status 2).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import pickle
import re
import shutil
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from scripts.cli import ArgumentParser
from scripts.curated.rulebook_src import RulebookSrc, read_rulebook_src
from scripts.edition import BUNDLE_PREFIX, ROOT, Edition, build_timestamp, current_edition
from scripts.errors import RulebookError, run_entry_point
from scripts.print.pdf import write_print_books
from scripts.print.typeset_cache import add_print_cache_options, print_cache_dir
from scripts.site.hook_errors import RulebookHookError
from scripts.site.print_hooks import DOWNLOAD_FOLDER, PRINT_FOLDER, print_edition_extra, venue_bundle_extra
from scripts.site.pwa import precache_summary, precache_urls, write_service_worker
from scripts.site.variants import (
    CONFIG_FILE,
    REPORTED_OS_ERROR,
    SCRIPTS,
    BuildVariant,
    build_variant,
    build_variant_in_subprocess,
)
from scripts.traditional import load_fixes, traditional_user_dict_rows

BUNDLE_SKIPPED_SUFFIXES = (".map",)  # source maps: read only by developer tools, ~1.3 MB per edition
log = logging.getLogger("scripts.site")
KEPT = "site/ and dist/ are left as they were"  # what an interrupted or failed build says of the outputs
STAGING_PREFIX = ".site-build-"  # + the building process's id: `.site-build-<pid>-<random>/` beside site/


@dataclass(frozen=True)
class SiteBuild:
    edition: Edition
    hosted_dir: Path | None
    bundle_zip: Path | None


def bundle_name(edition: Edition) -> str:
    """'zhongguo-qiaopai-guize-20261129': the zip's name and its top folder."""
    return f"{BUNDLE_PREFIX}-{edition.compact_date}"


def traditional_user_dict(work_dir: Path, src: RulebookSrc) -> Path:
    """The search's word list in traditional characters, from the build's RulebookSrc, as the file Material's search
    plugin loads into jieba for the zh-hant edition (our index takes the same rows from the RulebookSrc)."""
    target = work_dir / "hant" / "jieba_user_dict.txt"
    target.parent.mkdir(exist_ok=True)
    rows = traditional_user_dict_rows(src, load_fixes(src))
    target.write_text("".join(" ".join(fields) + "\n" for _, fields in rows), encoding="utf-8")
    return target


def build_flavour(
    out_dir: Path,
    *,
    offline: bool,
    hant_dict: Path,
    build_date: int,
    src_file: Path | None = None,
    print_dir: Path | None = None,
    venue_bundle: Path | None = None,
) -> None:
    """Both script editions of one flavour: simplified at out_dir, traditional at out_dir/zh-hant, each built from
    the RulebookSrc pickled in src_file (when given); the print edition's PDFs of print_dir (when given) in
    out_dir/print/, linked from the pages; the venue zip as venue_bundle describes it (print_hooks.py
    venue_bundle_extra) named on the home and about pages."""
    print_edition = print_dir / PRINT_EDITION_FILE if print_dir is not None else None
    for script in SCRIPTS:  # simplified first: each mkdocs build empties its own site_dir
        variant = BuildVariant(
            script=script, offline=offline, hant_dict=hant_dict, print_edition=print_edition, venue_bundle=venue_bundle
        )
        build_variant_in_subprocess(out_dir / script.subdir, variant, build_date=build_date, src_file=src_file)
        if script.subdir:
            # Hosts serve the root 404.html for every missing path; a nested one is never shown, and its
            # root-absolute links (mkdocs writes 404 pages that way) would point at the wrong edition.
            (out_dir / script.subdir / "404.html").unlink(missing_ok=True)
    if print_dir is not None:
        (out_dir / PRINT_FOLDER).mkdir()
        for pdf in sorted(print_dir.glob("*.pdf")):
            shutil.copyfile(pdf, out_dir / PRINT_FOLDER / pdf.name)


def write_bundle_zip(tree: Path, zip_path: Path, top_folder: str, timestamp: int) -> Path:
    """Zip `tree` under `top_folder/`, reproducibly: sorted entries, one fixed date, fixed permissions."""
    date_time = time.gmtime(max(timestamp, 315532800))[:6]  # zip dates start in 1980
    zip_path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for path in sorted(tree.rglob("*")):
            if not path.is_file() or path.name.endswith(BUNDLE_SKIPPED_SUFFIXES):
                continue
            info = zipfile.ZipInfo(f"{top_folder}/{path.relative_to(tree).as_posix()}", date_time=date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            bundle.writestr(info, path.read_bytes(), compresslevel=9)
    return zip_path


@dataclass(frozen=True)
class Staging:
    """Where one run of the build writes, before anything is published: `site` and `dist` become site/ and dist/
    only when every step succeeded (see publish); `work` holds intermediate files (the offline tree, dictionaries).
    `src` is rulebook_src/, read once for the run; the editions' builds, each in a process of its own, get it as
    `src_file` (pickled), so that every page, index and book of one run comes from one version."""

    root: Path
    edition: Edition
    src: RulebookSrc
    build_date: int  # seconds since 1970 (scripts/edition.py build_timestamp), given to every edition's build
    with_print: bool = True  # False: no print edition (no PDFs, pages without 打印版 links), for tests and benches
    print_cache: Path | None = None  # books typeset before (scripts/print/typeset_cache.py); None: typeset them all

    @property
    def site(self) -> Path:
        return self.root / "site"

    @property
    def dist(self) -> Path:
        return self.root / "dist"

    @property
    def work(self) -> Path:
        return self.root / "work"

    @property
    def src_file(self) -> Path:
        return self.work / "rulebook_src.pickle"

    @property
    def print_dir(self) -> Path:
        """The print edition's PDFs and PRINT_EDITION_FILE, typeset first: both flavours ship and link them."""
        return self.work / "print"

    @property
    def linked_print_dir(self) -> Path | None:
        """print_dir for the pages to link and ship, None in a build without the print edition."""
        return self.print_dir if self.with_print else None


def build_hosted(staging: Staging) -> None:
    """The hosted flavour, both editions, and its service worker, into staging.site; the venue zip, when this run
    made one (built before: the pages give its size), in download/ for the home and about pages to link."""
    hant_dict = traditional_user_dict(staging.work, staging.src)
    zips = sorted(staging.dist.glob(f"{BUNDLE_PREFIX}-*.zip"))
    bundle_file = None
    if zips:
        bundle_file = staging.work / "venue-bundle.json"
        extra = venue_bundle_extra(zips[0], staging.edition.date.isoformat())
        bundle_file.write_text(json.dumps(extra, ensure_ascii=False), encoding="utf-8")
    build_flavour(
        staging.site,
        offline=False,
        hant_dict=hant_dict,
        build_date=staging.build_date,
        src_file=staging.src_file,
        print_dir=staging.linked_print_dir,
        venue_bundle=bundle_file,
    )
    for zip_path in zips:
        (staging.site / DOWNLOAD_FOLDER).mkdir(exist_ok=True)
        shutil.copyfile(zip_path, staging.site / DOWNLOAD_FOLDER / zip_path.name)
    write_service_worker(staging.site)


def build_bundle(staging: Staging) -> None:
    """The offline flavour zipped into staging.dist (the venue bundle)."""
    name = bundle_name(staging.edition)
    offline_dir = staging.work / name
    hant_dict = traditional_user_dict(staging.work, staging.src)
    inside = staging.work / "inside-bundle.json"  # the zip's own pages say that they are it (it cannot hold itself)
    inside.write_text(json.dumps({"inside": True}), encoding="utf-8")
    build_flavour(
        offline_dir,
        offline=True,
        hant_dict=hant_dict,
        build_date=staging.build_date,
        src_file=staging.src_file,
        print_dir=staging.linked_print_dir,
        venue_bundle=inside,
    )
    for pdf in sorted(staging.print_dir.glob("*.pdf")):  # also beside the zip, for those who only want the books
        shutil.copyfile(pdf, staging.dist / pdf.name)
    write_bundle_zip(offline_dir, staging.dist / f"{name}.zip", name, staging.build_date)


def build_print(staging: Staging) -> None:
    """The print edition (scripts/print/): one PDF per book and script, into staging.print_dir, with what the
    pages say of each (PRINT_EDITION_FILE)."""
    printed = write_print_books(staging.print_dir, staging.edition, BUNDLE_PREFIX, staging.src, staging.print_cache)
    extra = print_edition_extra([(b.book, b.script, b.path, b.pages) for b in printed], staging.edition.label)
    (staging.print_dir / PRINT_EDITION_FILE).write_text(json.dumps(extra, ensure_ascii=False), encoding="utf-8")


PRINT_EDITION_FILE = "print-edition.json"
# The steps of a full build, in order: (name, output it writes into, function); None: a step both outputs need (the
# print edition, which the pages of both flavours link). A new output is one more entry here; it is published with
# the others, and only if every step succeeded. The venue zip comes before the hosted site, which offers it for
# download with its size.
BUILD_STEPS = (
    ("print edition", None, build_print),
    ("venue bundle", "dist", build_bundle),
    ("hosted site", "site", build_hosted),
)


def publish(staged: Path, final: Path, trash: Path) -> None:
    """Replace `final` by `staged` (two renames on one file system; the old copy is deleted afterwards)."""
    if final.exists():
        final.rename(trash)
    staged.rename(final)
    shutil.rmtree(trash, ignore_errors=True)


def is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def remove_stale_staging(anchor: Path) -> list[Path]:
    """Removes the staging folders of builds that were killed (their process is gone): SIGKILL and a power cut
    give a build no chance to clean up. A folder of a build still running (a concurrent `make site`) stays."""
    removed = []
    for folder in sorted(anchor.glob(STAGING_PREFIX + "*")):
        pid = folder.name[len(STAGING_PREFIX) :].split("-", 1)[0]
        if folder.is_dir() and not (pid.isdigit() and int(pid) != os.getpid() and is_running(int(pid))):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def build_site(
    site_dir: Path | None, dist_dir: Path | None, *, with_print: bool = True, print_cache: Path | None = None
) -> SiteBuild:
    """The hosted site into site_dir (unless None) and the offline zip into dist_dir (unless None), atomically:
    every step writes into a staging folder beside the outputs; site_dir and dist_dir are replaced only when all
    steps succeeded, so a failure (a RulebookError, a failed edition build) leaves the previous outputs untouched.
    Without the print edition (with_print=False) the pages carry no 打印版 links and no PDF is typeset: for the tests
    and benches that read the pages only (the typesetting is most of a full build's time). With print_cache, books
    typeset there before from the same text are taken from it (scripts/print/typeset_cache.py)."""
    src = read_rulebook_src()  # a malformed curated file stops here, one line naming it, before anything is built
    edition = current_edition()
    outputs = {"site": site_dir, "dist": dist_dir}
    wanted = [
        (name, output, step)
        for name, output, step in BUILD_STEPS
        if (outputs[output] is not None if output else with_print)
    ]
    anchor = (site_dir or dist_dir).parent
    anchor.mkdir(parents=True, exist_ok=True)
    for folder in remove_stale_staging(anchor):
        log.info(f"removed {folder.name}, left by a build that was killed")
    with tempfile.TemporaryDirectory(dir=anchor, prefix=f"{STAGING_PREFIX}{os.getpid()}-") as root:
        staging = Staging(Path(root), edition, src, build_timestamp(), with_print, print_cache)
        for folder in (staging.site, staging.dist, staging.work):
            folder.mkdir()
        staging.src_file.write_bytes(pickle.dumps(src))  # for the editions' builds, each in a process of its own
        for name, _, step in wanted:
            log.info(f"building the {name}")
            step(staging)
        for output in dict.fromkeys(output for _, output, _ in wanted if output is not None):
            publish(getattr(staging, output), outputs[output], staging.root / f"old-{output}")
    bundle_zip = next(iter(sorted(dist_dir.glob(f"{BUNDLE_PREFIX}-*.zip"))), None) if dist_dir is not None else None
    return SiteBuild(edition=edition, hosted_dir=site_dir, bundle_zip=bundle_zip)


def main(argv: list[str] | None = None) -> None:
    parser = ArgumentParser(prog="python -m scripts.site", description="构建托管网站（简繁两版，可安装）和离线压缩包。")
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site", help="托管网站写入的文件夹（默认 site/）")
    parser.add_argument(
        "--dist-dir", type=Path, default=ROOT / "dist", help="离线压缩包和PDF写入的文件夹（默认 dist/）"
    )
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--no-zip", action="store_true", help="只构建托管网站")
    only.add_argument("--zip-only", action="store_true", help="只构建离线压缩包")
    parser.add_argument("--no-print", action="store_true", help="不排印印刷版（没有PDF，页面不附打印版链接）")
    add_print_cache_options(parser)
    # one mkdocs build of one edition (what build_flavour runs in a subprocess per edition)
    parser.add_argument("--build-edition", choices=[script.name for script in SCRIPTS], help=argparse.SUPPRESS)
    parser.add_argument("--offline", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--hant-dict", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--print-edition", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--venue-bundle", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--stock-search", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--not-strict", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--rulebook-src", type=Path, help=argparse.SUPPRESS)  # the parent's RulebookSrc, pickled
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s -  %(message)s")
    import jieba  # its import sets its own logger to DEBUG

    jieba.setLogLevel(logging.INFO)
    try:
        if args.build_edition:
            script = next(script for script in SCRIPTS if script.name == args.build_edition)
            try:
                variant = BuildVariant(
                    script=script,
                    offline=args.offline,
                    our_search=not args.stock_search,
                    strict=not args.not_strict,
                    hant_dict=args.hant_dict,
                    print_edition=args.print_edition,
                    venue_bundle=args.venue_bundle,
                )
                src = pickle.loads(args.rulebook_src.read_bytes()) if args.rulebook_src else None
                build_variant(args.site_dir.resolve(), variant, src)
            except Abort as exc:  # mkdocs has logged why; a RulebookError inside a hook is a fault in the input
                return 2 if isinstance(exc.__context__, RulebookHookError) else 1
            except OSError as exc:  # a full disk, an unwritable folder: one line, and the parent stops quietly
                print(f"python -m scripts.site: {exc.filename or ''}: {exc.strerror or exc}; {KEPT}", file=sys.stderr)
                return REPORTED_OS_ERROR
            return 0
        result = build_site(
            None if args.zip_only else args.site_dir.resolve(),
            None if args.no_zip else args.dist_dir.resolve(),
            with_print=not args.no_print,
            print_cache=print_cache_dir(args),
        )
    except RulebookError as exc:  # one message naming the file and line; the previous site/ and dist/ stay
        print(exc, file=sys.stderr)
        return 2
    print(f"版本 {result.edition.label}")
    if result.hosted_dir:
        print(f"托管网站：{result.hosted_dir}（service worker 缓存 {len(precache_urls(result.hosted_dir))} 个文件）")
        print(precache_summary(result.hosted_dir))
    if result.bundle_zip:
        print(f"离线压缩包：{result.bundle_zip}（{result.bundle_zip.stat().st_size // 1024} KB）")
    warning = site_url_warning()
    if warning is not None:
        print(warning)
    return 0


# a host no one else can reach (calculators.js LOOPBACK): make serve's, a test server's
LOOPBACK = re.compile(r"localhost|127(\.\d+){3}|0\.0\.0\.0|::1|.*\.localhost")


def site_url_warning() -> str | None:
    """One line when mkdocs.yml's site_url (or RULEBOOK_SITE_URL, which overrides it) is no address a reader can
    open: links copied from the venue zip then name the article in words (the hosted site uses each page's own)."""
    site_url = load_config(str(CONFIG_FILE)).site_url or ""
    parts = urlsplit(site_url)
    if parts.scheme in ("http", "https") and not LOOPBACK.fullmatch(parts.hostname or "localhost"):
        return None
    return (
        f"注意：site_url 不是网站的真实地址（{site_url or '未设置'}）：从离线压缩包复制的裁决只写条文名称、不附链接；"
        "在 mkdocs.yml 写上网站地址或设环境变量 RULEBOOK_SITE_URL 即可"
    )


if __name__ == "__main__":
    # an edition's build (--build-edition) is the child of `python -m scripts.site`, which says the one line
    sys.exit(run_entry_point(main, "python -m scripts.site", KEPT, say_interrupted="--build-edition" not in sys.argv))

"""The site's builds as data: each variant (hosted or offline, simplified or traditional, our search or stock
Material's) is a BuildVariant handed to one function, build_variant; nothing rides in the environment.

    build_variant(site_dir, BuildVariant())                                  # hosted, simplified, our search
    build_variant(site_dir, BuildVariant(script=TRADITIONAL, hant_dict=p))   # the zh-hant edition
    build_variant(site_dir, BuildVariant(offline=True))                      # Material's offline copy (file://)
    build_variant(site_dir, BuildVariant(our_search=False, strict=False))    # stock search, for bench/search

`python -m scripts.site` builds its four editions with it, each in a fresh Python (build_variant_in_subprocess:
jieba's dictionary is process-wide); the search tests and bench/search build theirs the same way.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.utils.yaml import yaml_load

from scripts.curated.rulebook_src import RulebookSrc
from scripts.errors import INTERRUPTED, RulebookError
from scripts.paths import ROOT
from scripts.site.hook_errors import keep_rulebook_src

CONFIG_FILE = ROOT / "mkdocs.yml"
TRADITIONAL_DIR = "zh-hant"  # the traditional edition's path inside either flavour
SEARCH_PLUGIN = "material/search"
OFFLINE_PLUGIN = "material/offline"
REPORTED_OS_ERROR = 74  # a variant's build process met an OS error (full disk…) and reported it in one line
SEARCH_HOOK = "scripts/site/search_hooks.py"  # our search index and worker; left out for stock Material search


@dataclass(frozen=True)
class Script:
    """One script edition: how its build differs and what its switch to the other edition says."""

    name: str  # 'hans' | 'hant', read by scripts/site/edition_hooks.py as extra.rulebook_script
    subdir: str  # where it lives inside a flavour ('' = root)
    language: str  # Material's theme.language
    switch: dict = field(hash=False)  # extra.script_switch for overrides/main.html


SIMPLIFIED = Script(
    name="hans",
    subdir="",
    language="zh",
    switch={"label": "繁體", "href_prefix": f"{TRADITIONAL_DIR}/", "hreflang": "zh-Hant", "aria_label": "繁體字版"},
)
TRADITIONAL = Script(
    name="hant",
    subdir=TRADITIONAL_DIR,
    language="zh-Hant",
    switch={"label": "简体", "href_prefix": "../", "hreflang": "zh-Hans", "aria_label": "简体字版"},
)
SCRIPTS = (SIMPLIFIED, TRADITIONAL)


@dataclass(frozen=True)
class BuildVariant:
    """What one mkdocs build of the committed docs/ is: every difference between the site's builds, as data."""

    script: Script = SIMPLIFIED
    offline: bool = False  # Material's offline plugin on: .html URLs, the file:// search index, no service worker
    our_search: bool = True  # False: stock Material search (our hook left out), what bench/search compares against
    strict: bool = True  # mkdocs --strict: a warning stops the build
    hant_dict: Path | None = None  # the traditional jieba user dictionary, for the zh-hant edition's search
    # the print edition's PDFs the pages link: the JSON of scripts/site/print_hooks.py's print_edition_extra
    print_edition: Path | None = None
    # the venue zip the hosted pages link: the JSON of scripts/site/print_hooks.py's venue_bundle_extra (hosted
    # flavour), or {"inside": true} for the zip's own pages
    venue_bundle: Path | None = None

    def arguments(self) -> list[str]:
        """The same variant as options of `python -m scripts.site.build --build-edition …`."""
        return (
            ["--build-edition", self.script.name]
            + (["--offline"] if self.offline else [])
            + ([] if self.our_search else ["--stock-search"])
            + ([] if self.strict else ["--not-strict"])
            + (["--hant-dict", str(self.hant_dict)] if self.hant_dict else [])
            + (["--print-edition", str(self.print_edition)] if self.print_edition else [])
            + (["--venue-bundle", str(self.venue_bundle)] if self.venue_bundle else [])
        )


def variant_config(site_dir: Path, variant: BuildVariant) -> MkDocsConfig:
    """mkdocs.yml, loaded and set for the variant."""
    overrides = {}
    if not variant.our_search:
        hooks = yaml_load(CONFIG_FILE.read_text(encoding="utf-8")).get("hooks", [])
        overrides["hooks"] = [hook for hook in hooks if hook != SEARCH_HOOK]
    config = load_config(str(CONFIG_FILE), site_dir=str(site_dir), strict=variant.strict, **overrides)
    config.plugins[OFFLINE_PLUGIN].config.enabled = variant.offline  # mkdocs.yml has it off
    script = variant.script
    config.extra["rulebook_script"] = script.name
    config.extra["script_switch"] = dict(script.switch)
    if not variant.offline:
        # manifest, icons and sw.js live at the hosted site's root, shared by both editions
        config.extra["pwa"] = {"root_prefix": "../" * len(Path(script.subdir).parts)}
        # the iframe-worker shim (extra.polyfills) stands in for Worker under file:// only: over http it would be a
        # request before the load event that does nothing
        config.extra["polyfills"] = []
    config.theme["language"] = script.language
    if variant.print_edition is not None:  # the PDFs sit in print/ at the flavour's root, beside the simplified edition
        config.extra["print_edition"] = json.loads(variant.print_edition.read_text(encoding="utf-8")) | {
            "root_prefix": "../" * len(Path(script.subdir).parts)
        }
    if variant.venue_bundle is not None:  # the zip sits in download/ at the hosted site's root
        config.extra["venue_bundle"] = json.loads(variant.venue_bundle.read_text(encoding="utf-8")) | {
            "root_prefix": "../" * len(Path(script.subdir).parts)
        }
    if script.subdir and config.site_url:  # canonical URLs and the sitemap of the nested edition
        config.site_url = config.site_url.rstrip("/") + f"/{script.subdir}/"
    if variant.hant_dict is not None and script is TRADITIONAL:
        config.plugins[SEARCH_PLUGIN].config.jieba_dict_user = str(variant.hant_dict)
    return config


def build_variant(site_dir: Path, variant: BuildVariant, src: RulebookSrc | None = None) -> None:
    """One mkdocs build of the variant into site_dir, in this process; from `src` when given (the value the command
    read), else from rulebook_src/ read once by the first hook that asks (scripts/site/hook_errors.py)."""
    config = variant_config(site_dir, variant)
    if src is not None:
        keep_rulebook_src(config, src)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build(config)
    finally:
        config.plugins.on_shutdown()


class EditionBuildError(RulebookError):
    """One variant's mkdocs build stopped (its own messages are printed above)."""


def ignore_ctrl_c() -> None:
    """In the child before it starts: SIGINT ignored (Python then installs no KeyboardInterrupt handler for it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def build_variant_in_subprocess(
    site_dir: Path,
    variant: BuildVariant,
    *,
    build_date: int | None = None,
    quiet: bool = False,
    src_file: Path | None = None,
) -> None:
    """build_variant in a fresh Python: jieba's dictionary is process-wide, and a traditional user dictionary
    loaded by one build would change how the next build segments its search index. `quiet` keeps its log and
    puts it in the error, for callers that print nothing on success (the search tests). `build_date` becomes the
    child's SOURCE_DATE_EPOCH (the reproducible-builds convention scripts/edition.py reads), so that every edition
    of one build carries one date; this process's environment is left as it is. `src_file`: the RulebookSrc the
    command read, pickled (scripts/site/build.py write_src_file), which the child builds from instead of reading
    rulebook_src/ again."""
    command = [sys.executable, "-m", "scripts.site.build", "--site-dir", str(site_dir), *variant.arguments()]
    command += ["--rulebook-src", str(src_file)] if src_file is not None else []
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(build_date)} if build_date is not None else None  # noqa: TID251
    # Ctrl-C reaches the whole process group: the child ignores it (from its first instruction, so not even its
    # imports are cut short with a traceback), and this process, interrupted, kills it and says the one line
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=quiet, text=True, preexec_fn=ignore_ctrl_c)
    if result.returncode in (INTERRUPTED, -signal.SIGINT, -signal.SIGTERM, -signal.SIGHUP):
        raise KeyboardInterrupt  # the child was stopped and said nothing: this process says the one line
    if result.returncode == REPORTED_OS_ERROR and not quiet:
        raise SystemExit(1)  # its one line is printed; unwinding removes the staging folder
    if result.returncode != 0:
        flavour = "offline" if variant.offline else "hosted"
        log = f":\n{result.stderr}" if quiet else " (see the messages above)"
        raise EditionBuildError(
            f"python -m scripts.site: the {flavour} {variant.script.name} edition did not build"
            f" (exit status {result.returncode}){log}; site/ and dist/ are left as they were"
        )


def build_site_variant(site_dir: Path, *, offline: bool = False, search_hook: bool = True, strict: bool = True) -> None:
    """The simplified edition of a variant the search tests and bench/search compare, into site_dir: with our search
    or stock Material's (search_hook=False), hosted (http) or Material's offline copy (file://)."""
    variant = BuildVariant(offline=offline, our_search=search_hook, strict=strict)
    build_variant_in_subprocess(site_dir, variant, quiet=True)
    if offline and not (site_dir / "search" / "search_index.js").is_file():
        raise EditionBuildError(f"{site_dir}: the offline build has no search/search_index.js (offline plugin off?)")

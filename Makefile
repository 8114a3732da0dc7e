# 中国桥牌规则库 — every target installs what it is missing first.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cat requirements.txt | sha256sum | cut -c1-12)
APT_PACKAGES := chromium fonts-noto-cjk fontconfig libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 poppler-utils \
	nodejs
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Python may cache compiled modules (and pytest its assertion-rewritten tests) in __pycache__/ (ignored by git):
# a machine that sets PYTHONDONTWRITEBYTECODE would otherwise recompile every module in every process the tiers
# start (about 3 s of each pytest worker's collection, more for each entry point a test runs).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: all install system-deps docs site serve check test fuzz bench clean add-source

all: site

$(STAMP): requirements.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@rm -f $(VENV)/.installed-*; touch $@

install: $(STAMP)

# Debian's chromium (browser tests drive it through playwright; no browser download), CJK fonts for screenshots
# and the print edition, WeasyPrint's pango/harfbuzz libraries, poppler's pdftoppm (print edition tests), and node
# (the calculators' and the 第45条 sheet's engines run over their grids in the fast tier).
system-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi 'noto.*cjk' \
	  || ! command -v pdftoppm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1 \
	  || ! ls /usr/lib/*/libpangoft2-1.0.so.0 /usr/lib/*/libharfbuzz-subset.so.0 >/dev/null 2>&1; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_PACKAGES); fi

# Regenerate the committed Markdown under docs/ from rulebook_src/ (the pipeline).
docs: $(STAMP)
	$(PY) -m scripts.render

# The print edition's books are remembered by their text in .cache/print/ (PRINT_CACHE=DIR: elsewhere).
site: docs system-deps
	$(PY) -m scripts.site $(if $(PRINT_CACHE),--print-cache $(PRINT_CACHE))

# A source text a venue holds (README, 补充来源): copied into rulebook_src/raw/, listed in the manifest, docs/ redone.
add-source: $(STAMP)
	@test -n "$(FILE)" -a -n "$(BOOK)" || { echo "usage: make add-source FILE=<path> BOOK=laws|regulations" >&2; exit 2; }
	$(PY) -m scripts.render.add_source "$(FILE)" --book "$(BOOK)"

# Edits under rulebook_src/ regenerate their pages (scripts/site/serve_hooks.py); --dirty re-renders only changed pages
# (a one-line edit shows in about a second; restart after adding an article, other pages' nav is not redone).
# --dirty logs a warning, which strict mode would turn into an abort: `make site` and the tests stay strict.
serve: docs
	$(VENV)/bin/mkdocs serve --dirty --no-strict --dev-addr 127.0.0.1:8000

# The fast tier, for every edit: no browser, no full site build (tests marked slow are left to `make test`), one
# pytest worker per core (pytest-xdist): for the wall time on an idle machine, at about 8 s more CPU than one process
# (-n 0: about 26 s of CPU and as much wall time), as each worker collects the tests and makes the first render and
# its plans itself. On a loaded machine one process finishes sooner.
# ruff's lint rules, its formatter's settings, mypy's checked files and the import contracts lint-imports checks are in
# pyproject.toml (`ruff format` fixes what the format check finds).
# The bench scripts have no .py suffix (they are run as `bench/build`): ruff looks at them only when named.
BENCH_SCRIPTS := bench/build bench/phone bench/search

check: $(STAMP)
	$(VENV)/bin/ruff check --quiet scripts tests bench $(BENCH_SCRIPTS)
	$(VENV)/bin/lint-imports --no-cache --no-logo
	$(VENV)/bin/ruff format --check --quiet scripts tests bench $(BENCH_SCRIPTS)
	$(VENV)/bin/mypy
	$(PY) -m pytest -q -p no:cacheprovider -n auto -m "not slow" tests

# Everything, browsers and full builds included: one pytest worker per core, each site built once per run and shared
# by the workers (tests/conftest.py, build_once; the print edition's tests read the PDFs of the shipped build). The
# tests last from milliseconds to minutes (the fuzz, the second full build), so an idle worker takes tests another has
# not started (worksteal) instead of waiting at the end for a worker that was handed the long ones; the 25 slowest
# tests are listed at the end (where the run's time goes).
test: $(STAMP) system-deps
	$(PY) -m pytest -q -p no:cacheprovider -n auto --dist worksteal --durations=25 tests

# Every mutation of every file under rulebook_src/ (about 700: truncated, not UTF-8, wrong types, injected HTML)
# through the loader, the build and the render in one process (tests/test_curated_fuzz.py); `make test` runs a fixed
# sample of them (every one but the HTML injections, of which a few). With them, every attack of
# tests/test_bounded_inputs.py (about 360; `make test` runs a sample).
fuzz: $(STAMP) system-deps
	FUZZ=all $(PY) -m pytest -q -p no:cacheprovider -s tests/test_curated_fuzz.py tests/test_bounded_inputs.py

# Side-by-side measurements (bench/search: against stock Material search; bench/build: build time, serve rebuild
# latency and page weight at 1×, 10×, 100× the text, minutes, writes docs/about/performance.md; bench/phone: an
# article's first load on Slow 3G against stock Material, and the offline cache).
bench: $(STAMP) system-deps
	$(PY) bench/search
	$(PY) bench/build
	$(PY) bench/phone

clean:
	rm -rf site site-* dist build .site-build-*

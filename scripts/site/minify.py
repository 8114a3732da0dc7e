"""Strips the indentation and blank lines Material's templates leave in every page (about a tenth of each
page's gzip size, paid on every first load and for every page of the offline cache), and the comments and
whitespace of the site's own scripts (most of their size on a phone's first load, bench/phone).

The scripts go through a kept minifier (rjsmin, pinned); the pages through the two expressions below, because the
HTML minifiers tried do not fit (measured on a built site of 535 pages, 2026-12-02): minify-html 0.16.4 drops the
quotes of attribute values with no option to keep them, and the later steps read quoted attributes (the traditional
edition's attribute conversion, scripts/traditional.py, and the page checks of the tests); htmlmin2 0.1.13, the
minifier mkdocs-minify-plugin uses, keeps quotes but saves 0.14% of the pages' gzip bytes over these expressions
and adds 12.5 s to the build."""

from __future__ import annotations

import re
from pathlib import Path

import rjsmin

# Text whose whitespace is content: left exactly as it stands.
VERBATIM = re.compile(r"(<(?P<tag>pre|textarea|script|style)\b[\s\S]*?</(?P=tag)>)", re.IGNORECASE)
INDENTED_LINE_BREAK = re.compile(r"\n[ \t]*(?:\n[ \t]*)*")
COMMENT = re.compile(r"<!--[\s\S]*?-->")


def replace_outside_verbatim(html: str, pattern: re.Pattern, replacement: str) -> str:
    """`pattern.sub(replacement, …)` on the parts of `html` outside <pre>, <textarea>, <script>, <style>."""
    out, pos = [], 0
    for match in VERBATIM.finditer(html):
        out.append(pattern.sub(replacement, html[pos : match.start()]))
        out.append(match.group(0))
        pos = match.end()
    out.append(pattern.sub(replacement, html[pos:]))
    return "".join(out)


def strip_comments(html: str) -> str:
    """HTML comments go (the generated pages' "do not edit" line reaches every page), outside <pre>, <textarea>,
    <script>, <style>.

    >>> strip_comments("<p>a<!-- note -->b</p><script>/* <!-- x --> */</script>")
    '<p>ab</p><script>/* <!-- x --> */</script>'
    """
    return replace_outside_verbatim(html, COMMENT, "")


def strip_indentation(html: str) -> str:
    """Every run of line breaks and indentation becomes one line break, outside <pre>, <textarea>, <script>, <style>.

    >>> strip_indentation("<ul>\\n    <li>a</li>\\n\\n    <li>b</li>\\n</ul><pre>  x\\n  y</pre>")
    '<ul>\\n<li>a</li>\\n<li>b</li>\\n</ul><pre>  x\\n  y</pre>'
    """
    return replace_outside_verbatim(html, INDENTED_LINE_BREAK, "\n")


# ---------------------------------------------------------------------------------------------- the site's scripts

# Scripts that arrive minified or are not ours: Material's bundle and workers, vendored files.
FOREIGN_SCRIPTS = ("assets/javascripts/", "assets/vendor/")


def minify_script(source: str) -> str:
    """`source` without its comments and the whitespace nothing needs (rjsmin: strings, regular expressions and
    template literals are left as they are).

    >>> minify_script('/* why */\\nvar a = "x // y";  // note\\nif (a) {\\n  go(a);\\n}\\n')
    'var a="x // y";if(a){go(a);}'
    """
    return rjsmin.jsmin(source)


def minify_site_scripts(site_dir: Path) -> list[Path]:
    """Minify, in place, our own scripts under `site_dir`/assets (FOREIGN_SCRIPTS and `*.min.js` left alone); the
    sources in docs/assets keep the comments that explain them. Returns the files rewritten."""
    changed = []
    for path in sorted((site_dir / "assets").rglob("*.js")):
        rel = path.relative_to(site_dir).as_posix()
        if rel.startswith(FOREIGN_SCRIPTS) or path.name.endswith(".min.js"):
            continue
        text = path.read_text(encoding="utf-8")
        minified = minify_script(text)
        if minified != text:
            path.write_text(minified, encoding="utf-8")
            changed.append(path)
    return changed

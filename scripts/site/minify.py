"""Strips the indentation and blank lines Material's templates leave in every page (about a tenth of each
page's gzip size, paid on every first load and for every page of the offline cache)."""
from __future__ import annotations

import re

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

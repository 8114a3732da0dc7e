"""The check of rulebook_src/search_everyday.yml's quoted sentences, written once for the two builds that run it:
the docs build gives each entry's article text (`python -m scripts.render` stops before any site is built), the
search index build each entry's own clause text (the finer check, on the sections the site ships).

    everyday_problems(src, text_of, unit)   one 'file:line: …' line per entry whose sentence is not in its text
"""

from __future__ import annotations

import re
from collections.abc import Callable

from scripts.curated.rulebook_src import RulebookSrc

EVERYDAY_FILE = "search_everyday.yml"
SPACES = re.compile(r"\s+")


def everyday_problems(src: RulebookSrc, text_of: Callable[[str], str | None], unit: str = "clause") -> list[str]:
    """One 'rulebook_src/search_everyday.yml:LINE: …' line per entry whose `sentence` does not stand in the text
    `text_of(serves)` gives (None: the site has no such `unit`, an article or a clause) or does not hold its
    `term`. Spaces are ignored, as the sources break lines where the pages do not."""
    data, lines = src.load_with_lines(EVERYDAY_FILE)
    problems = []
    for n, entry in enumerate(data["entries"]):
        term, serves, sentence = str(entry["term"]), str(entry["serves"]), str(entry["sentence"])
        text = text_of(serves)
        if text is None:
            problems.append(f"{lines.at('entries', n, 'serves')}: {term} → {serves}: the site has no such {unit}")
        elif SPACES.sub("", sentence) not in SPACES.sub("", text):
            problems.append(
                f"{lines.at('entries', n, 'sentence')}: {term} → {serves}: the {unit} does not have “{sentence}”"
            )
        elif term not in sentence:
            problems.append(f"{lines.at('entries', n, 'term')}: {term} → {serves}: “{sentence}” does not hold the term")
    return problems


def first_problem_line(problems: list[str]) -> str:
    """The line a stopped build prints: the first problem, and how many more there are."""
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return problems[0] + more

"""The everyday vocabulary (rulebook_src/search_everyday.yml): typed → term mappings, each checked against the clause
it serves, so that no mapping sends a word to a clause that does not contain its target term."""

from __future__ import annotations

import re
from collections.abc import Mapping

from scripts.curated.rulebook_src import RulebookSrc

EVERYDAY_FILE = "search_everyday.yml"
SPACES = re.compile(r"\s+")


def clause_key(location: str) -> str:
    """A search section's location as search_everyday.yml's `serves` names it: 'regulations/26/#二-2' (hosted) or
    'regulations/26.html#二-2' (offline) → 'regulations/26#二-2'; 'glossary/#引牌' → 'glossary#引牌'."""
    path, _, anchor = location.partition("#")
    path = path.removesuffix("index.html").removesuffix(".html").rstrip("/")
    return f"{path}#{anchor}" if anchor else path


def everyday_problems(src: RulebookSrc, clauses: Mapping[str, str]) -> list[str]:
    """One 'rulebook_src/search_everyday.yml:LINE: …' line per entry whose `sentence` does not stand in the clause
    `serves` names (clauses: clause_key → the clause's reader text, title included) or does not hold its `term`."""
    data, lines = src.load_with_lines(EVERYDAY_FILE)
    problems = []
    for n, entry in enumerate(data["entries"]):
        term, serves, sentence = str(entry["term"]), str(entry["serves"]), str(entry["sentence"])
        text = clauses.get(serves)
        if text is None:
            problems.append(f"{lines.at('entries', n, 'serves')}: {term} → {serves}: the site has no such clause")
        elif SPACES.sub("", sentence) not in SPACES.sub("", text):
            problems.append(
                f"{lines.at('entries', n, 'sentence')}: {term} → {serves}: the clause does not have “{sentence}”"
            )
        elif term not in sentence:
            problems.append(f"{lines.at('entries', n, 'term')}: {term} → {serves}: “{sentence}” does not hold the term")
    return problems


def load_everyday_vocabulary(src: RulebookSrc) -> list[tuple[list[str], list[str], str]]:
    """search_everyday.yml as typed → term mappings; entries whose players say the term itself (typed: []) add
    nothing. Each entry's clause and sentence are checked by everyday_problems when the search index is built."""
    data = src.load(EVERYDAY_FILE) or {}
    return [
        ([str(t) for t in entry["typed"]], [str(entry["term"])], str(entry["reason"]))
        for entry in data.get("entries") or []
        if entry["typed"]
    ]

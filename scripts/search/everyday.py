"""The everyday vocabulary (rulebook_src/search_everyday.yml): typed → term mappings, each checked against the clause
it serves, so that no mapping sends a word to a clause that does not contain its target term."""

from __future__ import annotations

from scripts.curated.everyday_sentences import EVERYDAY_FILE
from scripts.curated.rulebook_src import RulebookSrc


def clause_key(location: str) -> str:
    """A search section's location as search_everyday.yml's `serves` names it: 'regulations/26/#二-2' (hosted) or
    'regulations/26.html#二-2' (offline) → 'regulations/26#二-2'; 'glossary/#引牌' → 'glossary#引牌'."""
    path, _, anchor = location.partition("#")
    path = path.removesuffix("index.html").removesuffix(".html").rstrip("/")
    return f"{path}#{anchor}" if anchor else path


def load_everyday_vocabulary(src: RulebookSrc) -> list[tuple[list[str], list[str], str]]:
    """search_everyday.yml as typed → term mappings; entries whose players say the term itself (typed: []) add
    nothing. Each entry's clause and sentence are checked by scripts/curated/everyday_sentences.py
    when the search index is built."""
    data = src.load(EVERYDAY_FILE) or {}
    return [
        ([str(t) for t in entry["typed"]], [str(entry["term"])], str(entry["reason"]))
        for entry in data.get("entries") or []
        if entry["typed"]
    ]

"""The link stage: finds and resolves cross-references in the article tree.

grammar (finding references in a paragraph's text) → resolve (where one lands) → index (the whole rulebook, keyed by
stable paragraph ids, so a copy of the tree between link and render keeps every link).
"""

from scripts.pipeline.link.grammar import Reference, Step, find_references, fold, parse_path
from scripts.pipeline.link.index import (
    Citation,
    LinkIndex,
    citing_label,
    citing_sentence,
    link_rulebook,
    target_label,
    target_text,
)
from scripts.pipeline.link.resolve import (
    Resolution,
    TitleAlias,
    TitleIndex,
    cited_anchor,
    clause_chain,
    deepest_anchor,
    load_title_aliases,
    resolve_reference,
    resolve_title,
)

__all__ = [
    "Citation",
    "LinkIndex",
    "Reference",
    "Resolution",
    "Step",
    "TitleAlias",
    "TitleIndex",
    "cited_anchor",
    "citing_label",
    "citing_sentence",
    "clause_chain",
    "deepest_anchor",
    "find_references",
    "fold",
    "link_rulebook",
    "load_title_aliases",
    "parse_path",
    "resolve_reference",
    "resolve_title",
    "target_label",
    "target_text",
]

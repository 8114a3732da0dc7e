"""The schema of every curated file under rulebook_src/ (raw/ excepted: those are checked against the manifest).

Adding a curated file is one entry in SCHEMAS: its path pattern (relative to rulebook_src/) and its schema.
A file under rulebook_src/ without an entry cannot be loaded (tests/test_curated.py checks every file has one).
"""

from __future__ import annotations

from typing import Any

from scripts.books import HAN
from scripts.curated.penalty_table_files import PENALTY_SCHEMAS
from scripts.curated.scoring_files import SCORING_SCHEMAS
from scripts.curated.line_tables import LineTable
from scripts.curated.models import any_of, boolean, choice, filled, list_of, map_of, null, record, text, whole

BOOKS = ("laws", "regulations")
SOURCE_FILE = r"[A-Za-z0-9_.-]+\.txt"  # a file name in raw/ (no folder), as the manifest lists it
# article numbers and runs of them, ascending: '11, 19, 23-24' (the manifest's `articles` of a source)
ARTICLE_NUMBERS = r"[1-9][0-9]{0,3}(?:-[1-9][0-9]{0,3})?(?:, ?[1-9][0-9]{0,3}(?:-[1-9][0-9]{0,3})?)*"
SLUG = r"[0-9]{1,3}(-[0-9])?"
ANCHOR = rf"[0-9a-z{HAN}-]+"
ONE_LINE = text(one_line=True)
PROSE = text()

MANIFEST = record(
    {
        "sources": list_of(
            record(
                {
                    "file": text(pattern=SOURCE_FILE),
                    "book": choice(BOOKS),
                    "format": choice(("pdf-text", "wiki-traditional", "escaped-json", "fullwidth-web")),
                    "script": choice(("simplified", "traditional")),
                    "sha256": text(pattern=r"[0-9a-f]{64}"),
                    "covers": ONE_LINE,
                    # the article numbers whose headings the source holds ('11, 19, 23-24'): a heading the build
                    # does not find stops it, naming the line where it was expected (scripts/pipeline/sources.py)
                    "articles": text(
                        numbers=True,
                        one_line=True,
                        pattern=ARTICLE_NUMBERS,
                        form="article numbers and ranges such as 11, 19, 23-24",
                    ),
                }
            )
        )
    }
)

ERRATA = record(
    {},
    optional={
        "mojibake": list_of(
            record(
                {
                    "file": text(pattern=SOURCE_FILE),
                    "line": whole(minimum=1),
                    "original": ONE_LINE,
                    "replacement": ONE_LINE,
                    "lost_lead_byte": text(pattern=r"([0-9a-f]{2})*"),
                    "lost_tail_bytes": text(pattern=r"([0-9a-f]{2})*"),
                    # the recovered run as the page prints it (after normalisation): marked there as a correction
                    "shown": ONE_LINE,
                    "reason": PROSE,
                }
            ),
            min_items=0,
        ),
        "errata": list_of(
            record(
                {
                    "file": text(pattern=SOURCE_FILE),
                    "kind": choice(("ocr", "typo", "heading", "restored", "truncation", "marker")),
                    "find": PROSE,
                    "replace": text(empty=True),
                    "original": PROSE,
                    "reason": PROSE,
                },
                optional={"count": whole(minimum=1), "restored": boolean()},
            ),
            min_items=0,
        ),
        "unresolved": list_of(
            record({"file": text(pattern=SOURCE_FILE), "quote": PROSE, "reason": PROSE}), min_items=0
        ),
    },
)

OVERLAPS = map_of(
    key=choice(BOOKS),
    value=list_of(
        record(
            {
                "numbers": list_of(whole(minimum=1)),
                "primary": text(pattern=SOURCE_FILE),
                "variant": text(pattern=SOURCE_FILE),
                "reason": PROSE,
            },
            optional={"note": PROSE},
        )
    ),
    min_items=0,
)

REFERENCE_TITLES = list_of(
    record(
        {
            "quote": ONE_LINE,
            "cited_in": text(pattern=rf"({'|'.join(BOOKS)})/{SLUG}"),
            "book": choice(BOOKS),
            "slug": text(pattern=SLUG),
            "anchor": any_of((text(pattern=ANCHOR), text(empty=True, pattern=""))),
            "reason": PROSE,
        }
    ),
    min_items=0,
)

# the post-map rewrites words of the text itself: plain words, never markup (the text is escaped later, but a
# replacement that is not a word could only be a mistake)
PLAIN_WORDS = r"[^<>&\"\n]*"
FROM_TO_REASON = record(
    {
        "from": text(one_line=True, pattern=PLAIN_WORDS, form="plain words (no < > & \")"),
        "to": text(empty=True, one_line=True, pattern=PLAIN_WORDS, form="plain words (no < > & \")"),
        "reason": PROSE,
    }
)
SCRIPT_POSTMAP = list_of(FROM_TO_REASON, min_items=0)

SEARCH_MAPPING = list_of(
    record({"typed": list_of(ONE_LINE), "rulebook": list_of(ONE_LINE), "reason": PROSE}), min_items=0
)
# synonyms (everyday words), regional (Taiwan / Hong Kong terms), english: typed → rulebook words, each with its reason
SEARCH_SYNONYMS = record(
    {},
    optional={
        "synonyms": SEARCH_MAPPING,
        "regional": SEARCH_MAPPING,
        "english": SEARCH_MAPPING,
        "variants": list_of(
            record(
                {
                    "from": text(pattern=r"\S", form="one character"),
                    "to": text(pattern=r"\S", form="one character"),
                    "reason": PROSE,
                }
            ),
            min_items=0,
        ),
        "stopwords": list_of(record({"words": list_of(ONE_LINE), "reason": PROSE}), min_items=0),
    },
)
# Everyday words by class (search_everyday.yml): each rulebook term with the clause and sentence it serves
SEARCH_EVERYDAY = record(
    {
        "entries": list_of(
            record(
                {
                    "term": ONE_LINE,
                    "from": choice(("glossary", "heading", "text")),
                    "serves": text(
                        pattern=rf"(glossary|({'|'.join(BOOKS)})/{SLUG})(#{ANCHOR})?",
                        form="book/slug#anchor or glossary#term",
                    ),
                    "sentence": ONE_LINE,
                    "typed": list_of(ONE_LINE, min_items=0),
                    "reason": PROSE,
                }
            )
        )
    }
)

# Everyday names of every article (everyday_names.yml): the situations it governs as players say them, with a reason
# tied to its title or text (scripts/curated/everyday_names.py checks each article exists)
ARTICLE = text(pattern=rf"({'|'.join(BOOKS)})/{SLUG}", form="book/slug")
EVERYDAY_NAME = text(pattern=r"[^\s<>&\"]{2,12}", form="a short phrase (2–12 characters, no space or < > & \")")
EVERYDAY_NAMES = record(
    {"articles": list_of(record({"article": ARTICLE, "names": list_of(EVERYDAY_NAME), "reason": ONE_LINE}))}
)

# Chinese titles our own text gives a Law the sources lack (scripts/render/missing.py checks each quote occurs)
MISSING_LAW_TITLES = record(
    {
        "titles": list_of(
            record(
                {
                    "number": whole(minimum=1),
                    "title": ONE_LINE,
                    "cited_in": text(pattern=rf"({'|'.join(BOOKS)})/{SLUG}", form="book/slug"),
                    "quote": ONE_LINE,
                    "reason": PROSE,
                }
            ),
            min_items=0,
        )
    }
)

# The Laws our sources lack: the director's articles, the 1997 divisions, per Law an editor's title and related articles
# (the words players use for each are its everyday names: everyday_names.yml).
TARGET = text(pattern=rf"({'|'.join(BOOKS)})/{SLUG}(#{ANCHOR})?", form="book/slug or book/slug#anchor")
LINKED_REASON = record({"target": TARGET, "reason": PROSE})
MISSING_LAWS = record(
    {
        "director": list_of(LINKED_REASON),
        "divisions": list_of(
            record(
                {
                    "laws": list_of(whole(minimum=1), min_items=2),
                    "english": ONE_LINE,
                    "chinese": ONE_LINE,
                    "read_at": list_of(text(pattern=r"[a-z0-9-]+")),
                },
                optional={"named_in": text(pattern=rf"({'|'.join(BOOKS)})/{SLUG}", form="book/slug")},
            )
        ),
        "laws": list_of(
            record(
                {"number": whole(minimum=1)},
                optional={"title": ONE_LINE, "reason": PROSE, "related": list_of(LINKED_REASON)},
            )
        ),
    }
)

# Players' words for the 索引 page: each with the articles it leads to and why (scripts/document/subject_index.py)
INDEX_WORDS = record(
    {
        "words": list_of(
            record(
                {
                    "word": ONE_LINE,
                    "places": list_of(text(pattern=rf"({'|'.join(BOOKS)})/{SLUG}", form="book/slug")),
                    "reason": PROSE,
                },
                optional={"means": ONE_LINE},
            )
        )
    }
)

# The penalty data: each file's own schema in penalty_table_files.py (PENALTY_SCHEMAS); a table not listed there yet
# gets
# only what every table has and that nothing in it is empty (give it its own schema when a calculator reads it).
PENALTY_TABLE = record(
    {"calculator": ONE_LINE, "article": text(pattern=rf"({'|'.join(BOOKS)})/{SLUG}"), "title": ONE_LINE},
    open=True,
    others=filled(nullable=("upper",)),
)

RESTORED_TABLE = record(
    {
        "title": ONE_LINE,
        "notice": PROSE,
        "columns": list_of(ONE_LINE),
        "rows": list_of(list_of(text(one_line=True, numbers=True))),
    }
)

TRADITIONAL_FIXES = LineTable(
    fields=(("<OpenCC output>", r"[^<>&]+"), ("<wanted text>", r"[^<>&]+"), ("<reason>", r".+")), min_fields=3
)
JIEBA_USER_DICT = LineTable(
    fields=(("<word>", r"[^<>&\s]+"), ("<frequency>", r"[0-9]+"), ("<part of speech>", r"[a-z]+")),
    min_fields=1,
    separator=None,
)

# The concordance with the 1997 WBF Laws (scripts/pipeline/concordance.py checks the entries against each other and
# the text; here, the shapes) and the paragraphs moved to their parent clause (scripts/pipeline/reparent.py).
ARTICLE_NUMBER = text(numbers=True, pattern=r"[0-9]{1,3}", form="an article number")
CLAUSE_MARKERS = map_of(
    key=choice(BOOKS),
    min_items=0,
    value=map_of(
        key=ARTICLE_NUMBER,
        min_items=0,
        value=record(
            {},
            optional={
                "reason": PROSE,
                "note": PROSE,
                "follows": ARTICLE_NUMBER,
                "untitled": list_of(ONE_LINE),
                "uncovered": list_of(ONE_LINE),
                "clauses": list_of(
                    record(
                        {"starts": ONE_LINE, "clause": ONE_LINE},
                        optional={"heading": ONE_LINE, "source_label": ONE_LINE},
                    )
                ),
            },
        ),
    ),
)
CLAUSE_PARENTS = list_of(
    record(
        {
            "book": choice(BOOKS),
            "article": whole(minimum=1),
            "starts": ONE_LINE,
            "parent": text(pattern=ANCHOR),
            "reason": PROSE,
        },
        optional={"paragraphs": whole(minimum=1)},
    ),
    min_items=0,
)
# wbf1997.yml: a Law's clauses nest four levels deep (A-Z, 1-99, a-z, 1-99: 25B2(b)(1)); concordance.py checks how the
# entries fit the text. A chapter's `laws:` may be left empty (a chapter not yet read).
CLAUSE_LABELS = (r"[A-Z]", r"[1-9][0-9]?", r"[a-z]", r"[1-9][0-9]?")


def wbf_clauses(depth: int = 0) -> Any:
    deeper = {"clauses": wbf_clauses(depth + 1)} if depth + 1 < len(CLAUSE_LABELS) else {}
    label = text(numbers=True, pattern=CLAUSE_LABELS[depth], form=f"a clause label like {'A1a1'[depth]}")
    return list_of(record({"label": label}, optional={"heading": ONE_LINE, **deeper}), min_items=0)


SOURCE_IDS = list_of(ONE_LINE)
WBF_LAW = record(
    {"title": ONE_LINE},
    optional={
        "read_at": ONE_LINE,
        "verified": boolean(),
        "clauses": wbf_clauses(),
        "note": PROSE,
        "title_read_at": SOURCE_IDS,
        "skeleton_read_at": SOURCE_IDS,
        "zh_check": PROSE,
    },
)
LAW_RANGE = any_of((list_of(whole(minimum=1), min_items=2, max_items=2), null()))
WBF_SECTION = record({"label": ONE_LINE, "title": ONE_LINE, "laws": LAW_RANGE}, optional={"note": PROSE})
WBF_PART = record(
    {"label": ONE_LINE, "title": ONE_LINE, "laws": LAW_RANGE},
    optional={"note": PROSE, "sections": list_of(WBF_SECTION)},
)
WBF_CHAPTER = record(
    {"label": ONE_LINE, "title": ONE_LINE, "laws": LAW_RANGE}, optional={"note": PROSE, "parts": list_of(WBF_PART)}
)
WBF_1997 = record(
    {"laws": map_of(key=ARTICLE_NUMBER, value=WBF_LAW, min_items=0)},
    optional={
        "source_copies": list_of(record({"id": ONE_LINE, "where": ONE_LINE, "edition": PROSE})),
        "chapters": list_of(WBF_CHAPTER, min_items=0),
    },
)
TRADITIONAL_SOURCE_SLIPS = LineTable(
    fields=(("<as the source writes it>", r".+"), ("<as the edition writes it>", r".+"), ("<reason>", r".+")),
    min_fields=3,
)

# path pattern relative to rulebook_src/ → schema (YAML files: a Schema; line-based files: a LineTable)
SCHEMAS = {
    "manifest.yml": MANIFEST,
    "errata.yml": ERRATA,
    "overlaps.yml": OVERLAPS,
    "reference_titles.yml": REFERENCE_TITLES,
    "script_postmap.yml": SCRIPT_POSTMAP,
    "search_synonyms.yml": SEARCH_SYNONYMS,
    "search_everyday.yml": SEARCH_EVERYDAY,
    "everyday_names.yml": EVERYDAY_NAMES,
    **PENALTY_SCHEMAS,  # calculators.yml (the calculators' spec), conventions.yml and each table
    "penalties/*.yml": PENALTY_TABLE,
    **SCORING_SCHEMAS,  # 规则第77条 scores and 第78条B IMPs (scoring_files.py)
    "restored/*.yml": RESTORED_TABLE,
    "traditional_fixes.tsv": TRADITIONAL_FIXES,
    "traditional_source_slips.tsv": TRADITIONAL_SOURCE_SLIPS,
    "clause_markers.yml": CLAUSE_MARKERS,
    "clause_parents.yml": CLAUSE_PARENTS,
    "wbf1997.yml": WBF_1997,
    "missing_law_titles.yml": MISSING_LAW_TITLES,
    "missing_laws.yml": MISSING_LAWS,
    "index_words.yml": INDEX_WORDS,
    "jieba_user_dict.txt": JIEBA_USER_DICT,
}
# Every file named without a wildcard must exist: the build reads each one, and a deleted file would otherwise
# pass as an empty one (read_rulebook_src stops on a missing one, naming it).
REQUIRED = tuple(pattern for pattern in SCHEMAS if not any(char in pattern for char in "*?["))
# Files under rulebook_src/ that are not data: never loaded by the build.
NOT_DATA = ("raw/*", "*README.md")

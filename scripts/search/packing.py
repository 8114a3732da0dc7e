"""The search index's compact form, which the worker (docs/assets/search/worker.js, `Engine`) reads back at load.

The index is the largest file a reader fetches for search, so what the worker can rebuild is not sent twice:

- `docs`: each section one row `[location, title, text, context, english, names, missing]`, empty fields at the end
  left off (an empty one before a filled one is `""` or `0`). A section of the page the row before stands on has
  its location as `#anchor`; a context that is the one of the row before that had one is `1` (the articles of a
  section stand in the same chapter and section); `names` are joined by `、`. When every article's page top has a
  title that starts with its label (`第26条 `, config.rulebook.article_label with its number, which the worker reads
  from the location), the titles go without it and `titles_after_label` is 1.
- `vocabulary`: `{"places": {"2": [...], "3": [...], …}, "words": "…"}`. The worker joins the sections' folded
  titles, texts and contexts, a line each, and reads each word the text holds from there: `places[length]` are the
  places (in UTF-16 code units) where the words of that length first stand, each as the step from the one before
  (from -1); `words` are the others, space-separated (written as the index's text writes them; the worker folds
  them). Words are compared folded, as the worker folds them (`fold_like_worker`). Places in the whole text cost the
  index about 0.25 KB gzip more than places among the runs of Han characters would, and spare the worker a pass
  over those runs when it loads.
- `common` (scripts/search/index.py common_words): `{factor: {"places": …, "words": "…"}}`, each factor's words
  placed as the vocabulary's are (`pack_placed`), those the folded text holds as they stand (not folded again).
- `fold` (traditional → simplified, one character each): `{"from": [...], "to": "…"}`, the characters folded in
  the order of their codes, each as the step from the code before (from 0), and what each folds to.
- `synonyms`: one string, an entry a line, `typed|typed=rulebook|rulebook`; `stopwords`: one string, space-separated.

`pack_index` writes this form from the plain one the build makes (docs as objects, the vocabulary, synonyms and
stop words as lists); `unpack_index` gives the plain form back (the vocabulary as its folded words), for the tests
and anything else in Python that reads a built index.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from scripts.errors import RulebookError

DOC_FIELDS = ("location", "title", "text", "context", "english", "names", "missing")
NAME_JOINER = "、"
SYNONYM_LINE, SYNONYM_SIDES, SYNONYM_WORDS = "\n", "=", "|"
WORD_JOINER = " "
SAME_CONTEXT = 1  # a section's context: the one of the row before that had one
# An article's page, as the worker's articleOf reads it: laws/26/, regulations/52-2/, laws/26.html offline.
DEFAULT_LABEL = "第%s条"  # the worker's, when the index names no article_label
ARTICLE_PAGE = re.compile(r"(?:^|/)(?:laws|regulations)/(?P<number>[0-9]+)(?:-[0-9]+)?(?:/|\.html)$")
TEXT_JOINER = "\n"  # between the fields of the text the vocabulary's places are counted in
UTF16 = "utf-16-le"
# Full-width ASCII (！ to ～): the worker folds it to ASCII, lower case.
FULL_WIDTH = {chr(code): chr(code - 0xFEE0).lower() for code in range(0xFF01, 0xFF5F)}


class IndexPackingError(RulebookError):
    """The index holds something its compact form cannot say (a separator inside a word); the message names the
    entry."""


def fold_table(fold: dict[str, str]) -> dict[int, str]:
    """The worker's one-character folding as a str.translate table: traditional → simplified, full-width → ASCII."""
    table = dict(fold)
    for wide, ascii in FULL_WIDTH.items():
        table[wide] = fold.get(ascii, ascii)
    return str.maketrans(table)


def fold_like_worker(text: str, table: dict[int, str]) -> str:
    """Engine.fold: lower case (unless that changes the length), then the table, one character for one."""
    lower = text.lower()
    return (lower if len(lower) == len(text) else text).translate(table)


def title_label(location: str, label: str) -> str | None:
    """What an article's page top's title starts with (`第26条 `: `label` with the number the worker reads from the
    location); None for any other section."""
    if "#" in location or not (match := ARTICLE_PAGE.search(location)):
        return None
    return label.replace("%s", str(int(match["number"]))) + " "


def titles_start_with_labels(docs: list[dict], label: str) -> bool:
    tops = [(doc["title"], prefix) for doc in docs if (prefix := title_label(doc["location"], label))]
    return bool(tops) and all(title.startswith(prefix) for title, prefix in tops)


def pack_docs(docs: list[dict], label: str | None = None) -> list[list]:
    """The sections as rows (see the module's docstring); with `label`, the articles' titles without it."""
    rows, page, last_context = [], None, None
    for doc in docs:
        location, context = doc["location"], doc.get("context", "")
        path, hashed, anchor = location.partition("#")
        if hashed and path == page:
            location = "#" + anchor
        else:
            page = path
        names = doc.get("names") or []
        if any(NAME_JOINER in name for name in names):
            raise IndexPackingError(f"search index: {path}: an everyday name holds {NAME_JOINER!r}: {names!r}")
        if context:
            context, last_context = (SAME_CONTEXT if context == last_context else context), context
        title = doc["title"]
        if label and (prefix := title_label(doc["location"], label)):
            title = title.removeprefix(prefix)
        row = [location, title, doc["text"], context, doc.get("english", "")]
        row += [NAME_JOINER.join(names), doc.get("missing", 0)]
        while len(row) > 3 and not row[-1]:
            row.pop()
        rows.append(row)
    return rows


def unpack_docs(rows: list[list], label: str | None = None) -> list[dict]:
    """The sections as objects, as the worker reads them (readDocs); fields left empty are absent. `label`: the
    articles' titles are sent without it."""
    docs, page, last_context = [], "", ""
    for row in rows:
        doc = {field: value for field, value in zip(DOC_FIELDS, row) if value}
        if doc.get("context") == SAME_CONTEXT:
            doc["context"] = last_context
        last_context = doc.get("context", last_context)
        doc.setdefault("text", "")
        location = doc.setdefault("location", "")
        if location.startswith("#"):
            doc["location"] = page + location
        else:
            page = location.split("#", 1)[0]
        doc.setdefault("title", "")
        if label and (prefix := title_label(doc["location"], label)):
            doc["title"] = prefix + doc["title"]
        if "names" in doc:
            doc["names"] = doc["names"].split(NAME_JOINER)
        docs.append({field: doc[field] for field in DOC_FIELDS if field in doc})
    return docs


def folded_text(docs: list[dict], table: dict[int, str]) -> bytes:
    """The sections' folded titles, texts and contexts, a line each, as the worker joins them (Engine.addTextWords),
    in UTF-16: a place in it is a place in the worker's string (whose characters are UTF-16 code units)."""
    fields = (
        fold_like_worker(field, table) for doc in docs for field in (doc["title"], doc["text"], doc.get("context", ""))
    )
    return TEXT_JOINER.join(fields).encode(UTF16)


def place_of(text: bytes, word: str) -> int | None:
    """The first place of a word in folded_text, in code units, or None."""
    needle = word.encode(UTF16)
    at = text.find(needle)
    while at != -1 and at % 2:  # a match that starts inside a code unit
        at = text.find(needle, at + 1)
    return None if at == -1 else at // 2


def pack_placed(words: Iterable[str], text: bytes, folded: Callable[[str], str] = str) -> dict:
    """Words as `{"places": {length: steps}, "words": "…"}`: those whose `folded` form `text` holds by its first place
    there (the worker reads the text's characters there), the others as they are."""
    places: dict[str, list[int]] = {}
    unplaced = []
    for word in words:
        if (at := place_of(text, folded(word))) is None:
            unplaced.append(word)
        else:
            places.setdefault(str(len(folded(word).encode(UTF16)) // 2), []).append(at)
    steps = {}
    for length, found in sorted(places.items(), key=lambda item: int(item[0])):
        found = sorted(set(found))
        steps[length] = [at - before for before, at in zip([-1] + found, found)]
    return {"places": steps, "words": WORD_JOINER.join(sorted(unplaced))}


def unpack_placed(packed: dict, text: bytes) -> tuple[list[str], list[str]]:
    """The words read from their places in `text`, and the words sent as they are (Engine: placedWords)."""
    placed = []
    for length, steps in packed["places"].items():
        at = -1
        for step in steps:
            at += step
            placed.append(text[2 * at : 2 * (at + int(length))].decode(UTF16))
    return placed, word_list(packed["words"])


def pack_vocabulary(words: Iterable[str], text: bytes, table: dict[int, str]) -> dict:
    """The vocabulary: each word by the place of its folded form (the worker folds the others)."""
    return pack_placed(words, text, lambda word: fold_like_worker(word, table))


def unpack_vocabulary(packed: dict, text: bytes, table: dict[int, str]) -> set[str]:
    """The vocabulary's words, folded, as the worker reads them."""
    placed, sent = unpack_placed(packed, text)
    return set(placed) | {fold_like_worker(word, table) for word in sent}


def pack_common(common: dict[str, str], text: bytes) -> dict[str, dict]:
    """The common words ({factor: "w w …"}, scripts/search/index.py common_words), each factor's words placed."""
    return {factor: pack_placed(word_list(words), text) for factor, words in common.items()}


def unpack_common(packed: dict[str, dict], text: bytes) -> dict[str, str]:
    return {factor: WORD_JOINER.join(sorted(sum(unpack_placed(words, text), []))) for factor, words in packed.items()}


def pack_synonyms(synonyms: list[tuple[list[str], list[str]]]) -> str:
    """typed → rulebook entries as one string (see the module's docstring)."""
    for typed, rulebook in synonyms:
        if any(mark in word for word in typed + rulebook for mark in (SYNONYM_LINE, SYNONYM_SIDES, SYNONYM_WORDS)):
            raise IndexPackingError(f"search index: a synonym entry holds a separator: {typed!r} → {rulebook!r}")
    return SYNONYM_LINE.join(
        SYNONYM_WORDS.join(typed) + SYNONYM_SIDES + SYNONYM_WORDS.join(rulebook) for typed, rulebook in synonyms
    )


def pack_fold(pairs: str) -> dict:
    """The folding table, given as the string of its pairs (traditional, simplified, …), as steps and targets."""
    fold = sorted(zip(pairs[0::2], pairs[1::2]), key=lambda pair: ord(pair[0]))
    if wide := [pair for pair in fold if max(map(ord, pair)) > 0xFFFF]:
        raise IndexPackingError(f"search index: folding beyond the 16-bit characters the worker reads: {wide!r}")
    codes = [ord(source) for source, _ in fold]
    return {"from": [code - before for before, code in zip([0] + codes, codes)], "to": "".join(t for _, t in fold)}


def unpack_fold(packed: dict) -> str:
    """The folding table as the string of its pairs, from its steps and targets."""
    code, pairs = 0, []
    for step, target in zip(packed["from"], packed["to"]):
        code += step
        pairs.append(chr(code) + target)
    return "".join(pairs)


def unpack_synonyms(text: str) -> list[list[list[str]]]:
    lines = text.split(SYNONYM_LINE) if text else []
    return [[side.split(SYNONYM_WORDS) for side in line.split(SYNONYM_SIDES)] for line in lines]


def word_list(text: str) -> list[str]:
    """Space-separated words as a list ([] for none), as the worker's wordList reads them."""
    return text.split(WORD_JOINER) if text else []


def pack_stopwords(stopwords: list[str]) -> str:
    if spaced := [word for word in stopwords if WORD_JOINER in word or not word]:
        raise IndexPackingError(f"search index: stop words with a space or empty: {spaced!r}")
    return WORD_JOINER.join(stopwords)


def pack_index(index: dict) -> dict:
    """The index in its compact form, from the plain one (`{"config": {"rulebook": {…}}, "docs": [{…}]}`), whose
    `rulebook` has `vocabulary`, `synonyms` ([typed, rulebook] pairs) and `stopwords` as lists and `fold` as the
    string of its pairs (traditional, simplified, …)."""
    rulebook = dict(index["config"]["rulebook"])
    table = fold_table(dict(zip(rulebook["fold"][0::2], rulebook["fold"][1::2])))
    text = folded_text(index["docs"], table)
    rulebook["vocabulary"] = pack_vocabulary(rulebook["vocabulary"], text, table)
    rulebook["common"] = pack_common(rulebook.get("common") or {}, text)
    rulebook["fold"] = pack_fold(rulebook["fold"])
    rulebook["synonyms"] = pack_synonyms(rulebook["synonyms"])
    rulebook["stopwords"] = pack_stopwords(rulebook["stopwords"])
    label = rulebook.get("article_label") or DEFAULT_LABEL
    if titles_start_with_labels(index["docs"], label):
        rulebook["titles_after_label"] = 1
    docs = pack_docs(index["docs"], label if rulebook.get("titles_after_label") else None)
    return {"config": {**index["config"], "rulebook": rulebook}, "docs": docs}


def unpack_index(index: dict) -> dict:
    """A built index in its plain form: docs as objects, `vocabulary` the set of its folded words, `synonyms` and
    `stopwords` as lists."""
    rulebook = dict(index["config"]["rulebook"])
    config = {**index["config"], "rulebook": rulebook}
    label = rulebook.get("article_label") or DEFAULT_LABEL
    docs = unpack_docs(index["docs"], label if rulebook.pop("titles_after_label", None) else None)
    rulebook["fold"] = unpack_fold(rulebook["fold"])
    table = fold_table(dict(zip(rulebook["fold"][0::2], rulebook["fold"][1::2])))
    text = folded_text(docs, table)
    rulebook["vocabulary"] = unpack_vocabulary(rulebook["vocabulary"], text, table)
    rulebook["common"] = unpack_common(rulebook.get("common") or {}, text)
    rulebook["synonyms"] = unpack_synonyms(rulebook["synonyms"])
    rulebook["stopwords"] = word_list(rulebook["stopwords"])
    return {"config": config, "docs": docs}

"""Converts simplified text, Markdown or HTML to traditional characters (OpenCC s2t plus reviewed fixes) for the zh-hant
edition."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
import opencc

from scripts.curated.rulebook_src import RulebookSrc

FIXES_FILE = "traditional_fixes.tsv"  # in rulebook_src/
OPENCC_CONFIG = "s2tw"  # closest to the traditional sources 002/003 (為, 著, 眾; see tests/test_traditional_sources.py)

# Spans that must reach the traditional edition unchanged, because they name things rather than say them:
# link destinations and attribute lists carry the anchors that other pages link to, HTML attributes carry
# ids, classes and data for scripts, code is code. Everything else is text and is converted.
PROTECTED_SPAN = re.compile(
    r"""
      (?P<raw_html><(?P<raw_tag>script|style)\b.*?</(?P=raw_tag)\s*>|<!--.*?-->)  # script, style, comment
    | (?P<fence>^(?P<fence_mark>```|~~~)[^\n]*\n.*?^(?P=fence_mark)[ \t]*$)   # fenced code block
    | (?P<code>`+[^`\n]*?`+)                                                  # inline code
    | (?P<link_target>\]\([^)\s]*)                                             # ](target of a link (its title is text)
    | (?P<reference>^[ ]{0,3}\[[^\]\n]+\]:[ \t]*\S+[^\n]*$)                   # [label]: target reference line
    | (?P<attr_list>\{[:#.][^}\n]*\}|\{\s*[\w-]+=[^}\n]*\})                   # {#id .class key=value}
    | (?P<html_tag></?[A-Za-z][\w-]*(?:\s+[^<>]*?)?/?>)                       # an HTML tag with its attributes
    """,
    re.VERBOSE | re.MULTILINE | re.DOTALL,
)
# A JavaScript string literal, with what stands before and after it: an object key ({"key": …, "key": …})
# names data and stays; every other string (and comment) is text that the page shows.
SCRIPT_STRING = re.compile(r"""(?P<lead>[{,]\s*)?(?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')(?P<colon>\s*:)?""")
# Attributes of an HTML tag that a reader sees (tooltips, alt text, labels): converted like text.
# data-note / data-original hold the notes of restored clause markers and errata, shown by CSS on tap.
# A correction's data-original: '原文：<the source's own text>｜<reason>'; the quote is never converted.
SOURCE_QUOTE, SOURCE_QUOTE_END = "原文：", "｜"
TEXT_ATTRIBUTE = re.compile(
    r"""(?P<name>\b(?:title|alt|aria-label|placeholder|data-note|data-original))"""
    r"""=(?P<quote>["'])(?P<value>.*?)(?P=quote)"""
)


@dataclass(frozen=True)
class TraditionalFix:
    wrong: str  # what OpenCC s2t writes
    right: str  # what the traditional edition should say
    reason: str


def load_fixes(src: RulebookSrc) -> tuple[TraditionalFix, ...]:
    """The reviewed post-OpenCC corrections (rulebook_src/traditional_fixes.tsv), longest first so that a longer
    phrase wins over its part."""
    fixes = [TraditionalFix(*fields) for _, fields in src.load_rows(FIXES_FILE)]
    return tuple(sorted(fixes, key=lambda fix: -len(fix.wrong)))


@functools.lru_cache(maxsize=1)
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC(OPENCC_CONFIG)


def to_traditional_text(text: str, fixes: tuple[TraditionalFix, ...]) -> str:
    """Plain text in simplified characters → traditional: '迟到罚分' → '遲到罰分'."""
    converted = _converter().convert(text)
    pattern, replacements = _fix_pattern(fixes)
    return pattern.sub(lambda match: replacements[match.group(0)], converted) if replacements else converted


@functools.lru_cache(maxsize=8)
def _fix_pattern(fixes: tuple[TraditionalFix, ...]) -> tuple[re.Pattern, dict[str, str]]:
    """One pass over the text, longest `wrong` first, so that a fix's output is never fixed again."""
    ordered = sorted(fixes, key=lambda fix: -len(fix.wrong))
    pattern = re.compile("|".join(re.escape(fix.wrong) for fix in ordered)) if ordered else re.compile(r"(?!)")
    return pattern, {fix.wrong: fix.right for fix in ordered}


USER_DICT_FILE = "jieba_user_dict.txt"  # in rulebook_src/: the search's word list, one word (frequency, tag) a line


def traditional_user_dict_rows(src: RulebookSrc, fixes: tuple[TraditionalFix, ...]) -> tuple:
    """The rows of the search's word list with its words in traditional characters, for the zh-hant search index:
    (line, fields) as src.load_rows gives them."""
    return tuple(
        (line, tuple(to_traditional_text(value, fixes) for value in fields))
        for line, fields in src.load_rows(USER_DICT_FILE)
    )


def to_traditional_markdown(text: str, fixes: tuple[TraditionalFix, ...]) -> str:
    """A Markdown page (or an HTML fragment) in simplified characters → the same in traditional characters.

    Link targets, attribute lists, HTML tags and code stay as they are, so anchors and links keep working:
    '见[第十二条](../laws/12.md#c-1)' → '見[第十二條](../laws/12.md#c-1)';
    '<a href="#一-2" title="发牌">发牌</a>' → '<a href="#一-2" title="发牌">發牌</a>'.
    """
    pieces, position = [], 0
    for match in PROTECTED_SPAN.finditer(text):
        pieces.append(to_traditional_text(text[position : match.start()], fixes))
        if match.group("html_tag"):
            pieces.append(TEXT_ATTRIBUTE.sub(lambda attr: _convert_attribute(attr, fixes), match.group(0)))
        else:
            pieces.append(match.group(0))
        position = match.end()
    pieces.append(to_traditional_text(text[position:], fixes))
    return "".join(pieces)


def _convert_attribute(attribute: re.Match, fixes: tuple[TraditionalFix, ...]) -> str:
    """A reader-visible attribute converted; a correction's quote of its source (data-original '原文：…｜reason') stays
    in the source's own characters, and only the reason is converted."""
    value = attribute.group("value")
    quote, bar, reason = value.partition(SOURCE_QUOTE_END)
    if attribute.group("name") == "data-original" and quote.startswith(SOURCE_QUOTE) and bar:
        value = (
            to_traditional_text(SOURCE_QUOTE, fixes)
            + quote[len(SOURCE_QUOTE) :]
            + bar
            + to_traditional_text(reason, fixes)
        )
    else:
        value = to_traditional_text(value, fixes)
    return f"{attribute.group('name')}={attribute.group('quote')}{value}{attribute.group('quote')}"


def to_traditional_script(source: str, fixes: tuple[TraditionalFix, ...]) -> str:
    """A page script or its data (JavaScript) → the same with its texts in traditional characters.

    Object keys stay, so lookups by key keep working: '{"laws/9#a": {"label": "规则第9条"}}' →
    '{"laws/9#a": {"label": "規則第9條"}}'; both branches of 'ok ? "查看条文" : "前往原文"' are converted.
    """

    def convert(match: re.Match) -> str:
        if match.group("lead") is not None and match.group("colon") is not None:
            return match.group(0)  # an object key
        return "".join(
            to_traditional_text(part, fixes) if name == "string" else part
            for name, part in (
                ("lead", match.group("lead") or ""),
                ("string", match.group("string")),
                ("colon", match.group("colon") or ""),
            )
        )

    return SCRIPT_STRING.sub(convert, source)

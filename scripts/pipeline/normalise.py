"""Normalises decoded lines into paragraphs of simplified text, recording every repair and every dropped line."""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

import opencc

from scripts.books import CN_DIGITS, HAN, SHORT_HEADING
from scripts.errors import SourceFormatError
from scripts.pipeline.model import Drop, Paragraph, Provenance, Repair, SourceLine
from scripts.curated.rulebook_src import RulebookSrc
from scripts.pipeline.sources import SourceEntry

TONE_VOWELS = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ"

LAYOUT_LINE = re.compile(r"^(?:downtown)?[\s\u00a0\u3000]*$")
# Invisible characters (see README, 来源文本里的不可见字符): every format character (Unicode class Cf: zero-width space
# U+200B, joiners U+200C/U+200D, word joiner U+2060, soft hyphen U+00AD, BOM U+FEFF, direction marks …) is removed,
# and a space that is not U+0020 or the ideographic space U+3000 (no-break space U+00A0, U+2000–U+200A, U+202F,
# U+205F, U+1680) becomes U+0020. Neither has a visible form or a meaning of its own in a Chinese text, and left in
# place either would hide the 第N条 of a heading from the parser.
INVISIBLE_CATEGORY = "Cf"
ODD_SPACE_CATEGORY = "Zs"
KEPT_SPACES = " \u3000"
INDENT = re.compile(r"^[\s\u00a0\u3000]+|[\s\u00a0\u3000]+$")
# 規(guī): a pinyin syllable with a tone mark right after a Han character; (a)/(b) list markers have no tone mark.
PINYIN = re.compile(rf"(?<=[{HAN}])\((?P<syllable>[a-zü]*[{TONE_VOWELS}][a-zü]*)\)")
# Adobe Symbol suit code points read as Latin-1, only inside '(x)' right after a suit name.
SUIT_GLYPH = re.compile(r"(?<=黑桃|紅心|红心|方塊|方块|梅花)\((?P<glyph>[ª©¨§])\)")
SUIT_FOR_GLYPH = {"ª": "♠", "©": "♥", "¨": "♦", "§": "♣"}
EDIT_SUFFIX = re.compile(rf"^(?P<heading>[{HAN}0-9A-Za-z]{{1,20}})編輯$")
FULLWIDTH_KEEP = set("，：；（）！？～")
# U+FF01–FF5E → U+0021–007E, except the punctuation kept full-width (a str.translate table).
FULLWIDTH_FOLD = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F) if chr(code) not in FULLWIDTH_KEEP}
MIXED_PAREN = re.compile(r"（(?P<inner>[^（）()]*)\)")
ASCII_COMMA_IN_CJK = re.compile(rf"(?<=[{HAN}]), ?(?=[{HAN}])|(?<=[0-9A-Za-z%]),(?=[{HAN}])")  # '6IMP,未打' too
# ':' and ';' after a Han character ('如果裁判认为:', '正好13张;其后') are the full-width colon and semicolon.
ASCII_COLON_IN_CJK = re.compile(rf"(?<=[{HAN}]):")
ASCII_SEMICOLON_IN_CJK = re.compile(rf"(?<=[{HAN}]);|;(?=[{HAN}])")
# Straight double quotes around Chinese words ('说出"加倍"一词') are the curly quotes “…”.
STRAIGHT_QUOTES = re.compile(rf'"(?P<inner>[^"\n]*[{HAN}][^"\n]*)"')
WHITE_CIRCLE_ZERO = re.compile(r"(?<=[一二三四五六七八九〇○])○|○(?=[一二三四五六七八九〇○])")
# A space a PDF text run left after an ASCII run, before CJK ('2 人', 'VP 的'); never after a list marker such as '1. '.
STRAY_SPACE = re.compile(rf"(?<=[0-9A-Za-z%+]) +(?=[{HAN}])")
STRAY_SPACE_PUNCT = re.compile(r"(?<=%) +(?=；)|(?<=：) +(?=[" + HAN + "])")
# '1.' is a marker, '0.5VP' is not: a number marker is never followed by a digit.
LIST_MARKER_START = re.compile(
    rf"^(?:[{CN_DIGITS}]+、|（[{CN_DIGITS}]+）|（?[0-9]{{1,2}}[.）)](?![0-9])|\([0-9a-zA-Z]{{1,2}}\)|（[0-9a-zA-Z]{{1,2}}）|"
    rf"[⑴-⒇①-⑳]|[A-Z][.、]|第[0-9{CN_DIGITS}]+[条章节]|例外|注意)"
)
# A line ending so ends its sentence; '）' only after '。' ('…可至少重打该场（节）' ⏎ '一半的…' goes on).
LINE_END_PUNCTUATION = tuple("。；：！？") + ("。）", "。)")
# A PDF line this wide reached the right margin: even after '；' or '：' the sentence goes on in the next line
# ('…做出提醒：' ⏎ '警告、扣0.5VP…'); narrower lines ending so are list items ('超时0+—2分钟：…10%；' ⏎ '超时2+—5分钟…').
FULL_PDF_LINE_WIDTH = 55
# A heading standing alone is stripped from the next paragraph's start only if it has at least two characters (one
# character repeats by chance: '的的'), and only if the paragraph goes on for more than four characters after the copy
# (one only a little longer is another short line that starts with the same words, not the heading glued to its body).
REPEATED_HEADING_MIN_CHARS = 2
BODY_AFTER_REPEATED_HEADING_MIN_CHARS = 4
# A sub-clause glued after a full stop or colon: '…一直有效。B.其他的取消叫牌'.
GLUED_SUBCLAUSE = re.compile(rf"(?<=[。：])(?=(?:[A-Z]|[0-9]{{1,2}})\.[{HAN}])")
# A chapter heading glued to an article heading: '第三章 比赛的准备与进行第6条：洗牌与发牌'.
GLUED_CHAPTER = re.compile(rf"^(?P<chapter>第[{CN_DIGITS}]+章\s*[{HAN}]+?)(?=第[0-9]+条)")
# A heading repeated at the start of its body: '来不及更改叫牌来不及更改叫牌时…'.
REPEATED_HEADING = re.compile(
    rf"^(?P<marker>(?:[A-Z]|[0-9]{{1,2}})\.)?(?P<heading>[{HAN}“”]{{3,14}}?)(?=(?:对于|如果|如)?(?P=heading))"
)

# Display widths (min, max) of a PDF line that counts as full, i.e. wrapped; short headings and formula lines stay
# apart. In the JSON blob every line is a whole paragraph except three PDF lines carried over (18–28 CJK wide),
# and there only a line ending in a Han character is a wrap ('或者，' list continuations are not).
WRAP_WIDTHS = {"pdf-text": (46, None), "escaped-json": (36, 56)}
WRAP_NEEDS_HAN_END = {"escaped-json"}


@dataclass
class NormalisedSource:
    entry: SourceEntry
    paragraphs: list[Paragraph]
    repairs: list[Repair] = field(default_factory=list)
    drops: list[Drop] = field(default_factory=list)


def display_width(text: str) -> int:
    """Columns a string takes in a monospace CJK layout (wide and full-width characters count 2)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def load_script_postmap(src: RulebookSrc) -> list[tuple[str, str, str]]:
    data = src.load("script_postmap.yml")
    return [(row["from"], row["to"], row["reason"]) for row in data]


@functools.cache
def opencc_converter(config: str) -> opencc.OpenCC:
    """One OpenCC converter per config for the process (loading its dictionaries takes ~2 ms a source)."""
    return opencc.OpenCC(config)


class LineNormaliser:
    """Per-line repairs, in order; each one records what it changed."""

    def __init__(self, entry: SourceEntry, postmap: list[tuple[str, str, str]], mojibake: list[dict]):
        self.entry = entry
        self.postmap = postmap
        self.mojibake = mojibake
        self.t2s = opencc_converter("t2s") if entry.script == "traditional" else None
        self.repairs: list[Repair] = []

    def _sub(self, kind: str, pattern: re.Pattern, repl, text: str, prov: Provenance) -> str:
        def record(match: re.Match) -> str:
            new = repl(match) if callable(repl) else match.expand(repl)
            self.repairs.append(Repair(kind, prov, match.group(0), new))
            return new

        return pattern.sub(record, text)

    def normalise_line(self, line: SourceLine) -> str:
        prov = line.prov
        text = self.remove_invisible(line.text, prov)
        if self.entry.format == "wiki-traditional":
            text = self.recover_mojibake(text, prov)
            text = self._sub("symbol-font-suit", SUIT_GLYPH, lambda m: f"({SUIT_FOR_GLYPH[m['glyph']]})", text, prov)
            text = self._sub("inline-pinyin", PINYIN, "", text, prov)
        stripped = INDENT.sub("", text)
        if stripped != text and ("\u00a0" in text or "\u3000" in text):
            self.repairs.append(Repair("indentation", prov, text[: len(text) - len(text.lstrip())], ""))
        text = self.plain_spaces(stripped, prov)
        if self.entry.format == "wiki-traditional":
            text = self._sub("edit-suffix", EDIT_SUFFIX, r"\g<heading>", text, prov)
        text = self.fold_fullwidth(text, prov)
        text = self._sub("mixed-width-paren", MIXED_PAREN, r"（\g<inner>）", text, prov)
        text = self._sub("ascii-comma", ASCII_COMMA_IN_CJK, "，", text, prov)
        text = self._sub("ascii-punctuation", ASCII_COLON_IN_CJK, "：", text, prov)
        text = self._sub("ascii-punctuation", ASCII_SEMICOLON_IN_CJK, "；", text, prov)
        text = self._sub("ascii-punctuation", STRAIGHT_QUOTES, r"“\g<inner>”", text, prov)
        if self.t2s is not None:
            converted = self.t2s.convert(text)
            if converted != text:
                self.repairs.append(Repair("script-t2s", prov, text, converted))
            text = converted
            for old, new, reason in self.postmap:
                if old in text:
                    self.repairs.append(Repair("script-postmap", prov, old, new, reason))
                    text = text.replace(old, new)
        text = self._sub("white-circle-zero", WHITE_CIRCLE_ZERO, "〇", text, prov)
        text = self._sub("stray-space", STRAY_SPACE, "", text, prov)
        text = self._sub("stray-space", STRAY_SPACE_PUNCT, "", text, prov)
        return text

    def remove_invisible(self, text: str, prov: Provenance) -> str:
        """Drops every format character (class Cf), one repair each: '\u200b第11条' → '第11条'."""
        if text.isprintable():  # the common case: no Cf character (nor any space but U+0020) in the line
            return text
        kept = []
        for ch in text:
            if unicodedata.category(ch) == INVISIBLE_CATEGORY:
                self.repairs.append(Repair("invisible-character", prov, ch, "", unicode_name(ch)))
            else:
                kept.append(ch)
        return "".join(kept)

    def plain_spaces(self, text: str, prov: Provenance) -> str:
        """A no-break or other odd space inside a line becomes U+0020, one repair each (the indentation is gone)."""
        if text.isprintable():
            return text
        out = []
        for ch in text:
            if unicodedata.category(ch) == ODD_SPACE_CATEGORY and ch not in KEPT_SPACES:
                self.repairs.append(Repair("odd-space", prov, ch, " ", unicode_name(ch)))
                ch = " "
            out.append(ch)
        return "".join(out)

    def fold_fullwidth(self, text: str, prov: Provenance) -> str:
        """Full-width ASCII forms (U+FF01–FF5E) to ASCII, keeping the CJK punctuation ，：；（）！？～."""
        folded = text.translate(FULLWIDTH_FOLD)
        if folded != text:
            self.repairs.append(Repair("full-width", prov, text, folded))
        return folded

    def recover_mojibake(self, text: str, prov: Provenance) -> str:
        """Re-decodes a GBK run that was read one byte out of phase, at the places listed in errata.yml."""
        for item in self.mojibake:
            if item["file"] != self.entry.file or item["line"] != prov.line:
                continue
            run = item["original"]
            if run not in text:
                raise SourceFormatError(f"{prov}: mojibake run {run!r} listed in errata.yml is not on this line")
            recovered = recover_shifted_gbk(
                run, bytes.fromhex(item["lost_lead_byte"]), bytes.fromhex(item["lost_tail_bytes"])
            )
            if recovered != item["replacement"]:
                raise SourceFormatError(
                    f"{prov}: mojibake run decodes to {recovered!r}, errata.yml says {item['replacement']!r}"
                )
            self.repairs.append(Repair("mojibake", prov, run, recovered, item["reason"]))
            text = text.replace(run, recovered)
        return text


def unicode_name(ch: str) -> str:
    """'U+200B ZERO WIDTH SPACE' (what a repair of an invisible character says it was)."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip()


def is_invisible_only(text: str) -> bool:
    """A line of nothing but format characters and spaces: '\ufeff', '\u200b\u00a0'."""
    return bool(text) and all(
        unicodedata.category(ch) == INVISIBLE_CATEGORY or ch.isspace() or ch == "\u3000" for ch in text
    )


def recover_shifted_gbk(run: str, lost_lead: bytes, lost_tail: bytes) -> str:
    """Recovers GBK text decoded one byte out of phase.

    `run` is the garbled text between (and including) the two '?' that stand for orphaned half-bytes.
    Its inner characters re-encoded as GB18030 are the original bytes shifted by one; the lost first byte
    and the bytes swallowed at the end are put back and the whole is decoded as GBK.
    """
    if not (run.startswith("?") and run.endswith("?")):
        raise SourceFormatError(f"mojibake run must start and end with the orphaned '?' half-bytes: {run!r}")
    middle = run[1:-1].encode("gb18030")
    return (lost_lead + middle + lost_tail).decode("gbk")


def join_wrapped_lines(
    lines: list[tuple[str, list[Provenance]]], fmt: str, repairs: list[Repair]
) -> list[tuple[str, list[Provenance]]]:
    """Joins a line to the next one when it is full, does not end a sentence and the next one starts no list item.

    ('全队参赛人数不得超过规', '定的限额；…') → '全队参赛人数不得超过规定的限额；…'; '一、团体赛' stays apart (too short).
    """
    if fmt not in WRAP_WIDTHS:
        return lines
    min_width, max_width = WRAP_WIDTHS[fmt]
    han_end = re.compile(rf"[{HAN}]$")
    out: list[tuple[str, list[Provenance]]] = []
    for text, provs in lines:
        if out:
            prev_text, prev_provs = out[-1]
            last_line_width = display_width(prev_text.rsplit("\n", 1)[-1])
            if (
                last_line_width >= min_width
                and (max_width is None or last_line_width <= max_width)
                and (
                    not prev_text.endswith(LINE_END_PUNCTUATION)
                    or (
                        fmt == "pdf-text"
                        and prev_text.endswith(("；", "："))
                        and last_line_width >= FULL_PDF_LINE_WIDTH
                    )
                )
                and (fmt not in WRAP_NEEDS_HAN_END or han_end.search(prev_text))
                and not LIST_MARKER_START.match(text)
            ):
                repairs.append(
                    Repair("line-wrap", provs[0], f"{prev_text[-8:]}⏎{text[:8]}", f"{prev_text[-8:]}{text[:8]}")
                )
                out[-1] = (prev_text + "\n" + text, prev_provs + provs)
                continue
        out.append((text, provs))
    # the marker '\n' only kept the width test per physical line; the joined paragraph has none
    return [(text.replace("\n", ""), provs) for text, provs in out]


def split_glued_headings(paragraphs: list[Paragraph], repairs: list[Repair]) -> list[Paragraph]:
    """Splits a chapter heading glued to an article heading, a sub-clause glued after '。', a heading repeated in its
    body."""
    out: list[Paragraph] = []
    for para in paragraphs:
        pieces = [para.text]
        match = GLUED_CHAPTER.match(para.text)
        if match:
            pieces = [match["chapter"], para.text[match.end() :]]
            repairs.append(Repair("glued-heading", para.provs[0], para.text[:40], " ⏎ ".join(p[:20] for p in pieces)))
        split_pieces = []
        for piece in pieces:
            parts = GLUED_SUBCLAUSE.split(piece)
            if len(parts) > 1:
                repairs.append(Repair("glued-subclause", para.provs[0], piece[:60], " ⏎ ".join(p[:20] for p in parts)))
            split_pieces += parts
        for piece in split_pieces:
            match = REPEATED_HEADING.match(piece)
            if match:
                head = (match["marker"] or "") + match["heading"]
                body = piece[match.end() :]
                repairs.append(Repair("glued-heading", para.provs[0], piece[:40], f"{head} ⏎ {body[:20]}"))
                out.append(Paragraph(head, list(para.provs)))
                out.append(Paragraph(body, list(para.provs)))
            else:
                out.append(Paragraph(piece, list(para.provs)))
    return drop_repeated_heading_prefix(out, repairs)


def drop_repeated_heading_prefix(paragraphs: list[Paragraph], repairs: list[Repair]) -> list[Paragraph]:
    """'违反不叫的判罚' ⏎ '违反不叫的判罚受罚不叫的赛员…': the heading standing alone is glued again to the body; strip the copy.

    Only a heading on a line of its own: a heading split off the same line ('让第一个叫牌成立' ⏎ '让第一个叫牌成立，（判罚）…')
    was split there because the body opens with the heading's words, which belong to the sentence.
    """
    for prev, para in zip(paragraphs, paragraphs[1:]):
        if prev.provs == para.provs:
            continue
        if (
            len(prev.text) >= REPEATED_HEADING_MIN_CHARS
            and SHORT_HEADING.match(prev.text)
            and para.text.startswith(prev.text)
            and len(para.text) > len(prev.text) + BODY_AFTER_REPEATED_HEADING_MIN_CHARS
        ):
            repairs.append(
                Repair(
                    "duplicate-heading",
                    para.provs[0],
                    para.text[: len(prev.text) * 2],
                    para.text[len(prev.text) : len(prev.text) * 2],
                )
            )
            para.text = para.text[len(prev.text) :]
    return paragraphs


def normalise_source(
    entry: SourceEntry, lines: list[SourceLine], decode_repairs: list[Repair], mojibake: list[dict], src: RulebookSrc
) -> NormalisedSource:
    """Decoded lines → simplified paragraphs with provenance; blank and layout lines are dropped by a named rule."""
    normaliser = LineNormaliser(entry, load_script_postmap(src), mojibake)
    drops: list[Drop] = []
    kept: list[tuple[str, list[Provenance]]] = []
    for line in lines:
        if LAYOUT_LINE.match(line.text):
            rule = (
                "downtown-separator"
                if line.text.strip() == "downtown"
                else ("whitespace-only-line" if line.text else "blank-line")
            )
            drops.append(Drop(rule, line.prov, line.text))
            continue
        if is_invisible_only(line.text):
            drops.append(Drop("invisible-only-line", line.prov, line.text))
            continue
        kept.append((normaliser.normalise_line(line), [line.prov]))
    repairs = list(decode_repairs) + normaliser.repairs
    joined = join_wrapped_lines(kept, entry.format, repairs)
    paragraphs = split_glued_headings([Paragraph(text, provs) for text, provs in joined], repairs)
    return NormalisedSource(entry, paragraphs, repairs, drops)

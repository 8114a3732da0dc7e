"""The homophone table of the search worker: toneless pinyin → the characters read so, built with pypinyin.

An input method that slips types a character that sounds like the intended one (名手 for 明手, 迟道 for 迟到). The
worker (docs/assets/search/worker.js, `correct`) reads a query word that the corpus never cuts as a word as the
corpus words that sound the same with one character off. It needs the readings of the characters on both sides:
the corpus's own and those a reader may type by mistake, so the table holds every character the site uses and the
6763 characters of GB 2312 (the set every Chinese input method offers first), under each of their readings.

    table = pinyin_table(corpus_chars)     # {"ming": "名明鸣…", …}, syllables sorted, characters in code order

The hosted site ships it as search/pinyin.<hash>.json, fetched only when a query needs it; the offline copy carries
it inside its inline index (under file:// the worker cannot fetch).
"""

from __future__ import annotations

import functools
import re

from scripts.books import HAN

HAN_CHAR = re.compile(rf"[{HAN}]")
TONELESS = re.compile(r"^[a-zü]+$")


@functools.cache
def gb2312_characters() -> str:
    """The 6763 Han characters of GB 2312 (rows 16–87), in code order."""
    chars = []
    for row in range(0xB0, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                ch = bytes([row, cell]).decode("gb2312")
            except UnicodeDecodeError:
                continue
            if HAN_CHAR.match(ch):
                chars.append(ch)
    return "".join(chars)


def readings(ch: str) -> list[str]:
    """The toneless readings pypinyin knows for one character ('长' → ['chang', 'zhang']); [] when none."""
    from pypinyin import Style, pinyin

    found = pinyin(ch, style=Style.NORMAL, heteronym=True, errors="ignore", v_to_u=True)
    return sorted({r for group in found for r in group if TONELESS.match(r)})


def pinyin_table(corpus_chars: set[str]) -> dict[str, str]:
    """Toneless syllable → the characters read so, for the corpus's characters and GB 2312's."""
    table: dict[str, set[str]] = {}
    for ch in set(gb2312_characters()) | {c for c in corpus_chars if HAN_CHAR.match(c)}:
        for syllable in readings(ch):
            table.setdefault(syllable, set()).add(ch)
    return {syllable: "".join(sorted(chars)) for syllable, chars in sorted(table.items())}

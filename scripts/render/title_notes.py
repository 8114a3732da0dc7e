"""The lines under an article's title: its book and chapter, and the 1997 Law's English title."""

from __future__ import annotations

import html


def title_notes(meta_markup: str, english: str = "") -> str:
    """The lines under an article's title: its book and chapter (markup), then the 1997 Law's English title. On
    phones they fold into one quiet line (docs/assets/rulebook.css), so the rule's first sentence is on the first
    screen.

    >>> title_notes("规则", "Law 1")
    '<div class="article-notes"><p class="article-meta">规则</p><p class="article-english" lang="en">Law 1</p></div>'
    """
    english_line = f'<p class="article-english" lang="en">{html.escape(english)}</p>' if english else ""
    return f'<div class="article-notes"><p class="article-meta">{meta_markup}</p>{english_line}</div>'

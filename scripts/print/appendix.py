"""The print edition's 校勘记: what the editor did to the source texts, said in a reader's words. The technical build
report (repairs by kind, raw lines by file, tool names) stays on the site's 关于本站 pages (scripts/render/report.py).
"""

from __future__ import annotations

import html
from collections import Counter

from scripts.books import BOOKS
from scripts.pipeline.coverage import coverage_sentences
from scripts.pipeline.link import LinkIndex
from scripts.pipeline.run import Rulebook, output_provenance

# how the references of the text came out, in a reader's words (the build report's 交叉引用 table says more)
REFERENCE_LINES = (
    ("clause", "指向具体款项的引用 {n} 处，印出所引款项所在的页码；"),
    ("article", "指向整条的引用 {n} 处；"),
    ("missing", "指向来源中缺失的条文的引用 {n} 处，标“来源缺”，不印页码；"),
    ("self", "“本条规则”“本条规定”等指本条自身的 {n} 处，不另注页码。"),
)


def source_names(rulebook: Rulebook) -> str:
    """'《中国桥牌竞赛规则》两份、《复式定约桥牌裁判法》三份'."""
    counts = Counter(entry.book for entry in rulebook.sources)
    numerals = "〇一两三四五六七八九"
    return "、".join(
        f"《{BOOKS[book].title}》{numerals[n] if n < 10 else n}份" for book, n in counts.items() if book in BOOKS
    )


def report_appendix(rulebook: Rulebook, links: LinkIndex, book_key: str) -> str:
    """'附录 校勘记': the sources, what was evened out, the editor's corrections, open defects, missing articles."""
    on_page = output_provenance(rulebook)
    dropped = {d.prov for d in rulebook.drops} - on_page
    evened = sum(1 for r in rulebook.repairs if not r.kind.startswith("erratum-"))
    restored = sum(1 for e in rulebook.errata if e.restored)
    counts = links.counts()
    references = "".join(line.format(n=counts[key]) for key, line in REFERENCE_LINES)
    coverage = "".join(f"<li>{html.escape(sentence)}</li>" for sentence in coverage_sentences(rulebook.books))
    return (
        f'<section class="appendix" id="{html.escape(book_key)}/report">'
        '<h2 class="chapter-title" data-running-head="附录">附录 校勘记</h2>'
        f"<p>本书据网上流传的{len(rulebook.sources)}份来源文本排印：{html.escape(source_names(rulebook))}。"
        "各份文本互有出入，也都有转录造成的错误；编者的处理如下。</p>"
        '<h3 class="appendix-heading">统一体例</h3>'
        f"<p>来源中繁简混排、全角半角混用、断行、缩进和标点的差异一律统一（共{evened}处），不改动文字的意思。"
        f"来源的每一行或进入本书（{len(on_page)}行），或作为转载网页的附带文字（标题、签名、广告等）不录"
        f"（{len(dropped)}行）。</p>"
        '<h3 class="appendix-heading">编者的校勘</h3>'
        f"<p>编者改正来源文字{len(rulebook.errata) + len(rulebook.mojibake)}处，"
        f"其中补入来源所无的内容{restored}处、恢复无法辨认的乱码{len(rulebook.mojibake)}处；"
        "每一处改动的文字下加点线，原文和理由见该页脚注。</p>"
        f"<p>来源的缺陷无法据另一份来源订正、编者也不作推测的，共{len(rulebook.unresolved) + len(rulebook.defects)}处，"
        "照录原文，下加波浪线，脚注说明。</p>"
        '<h3 class="appendix-heading">来源中缺失的条文</h3>'
        f"<ul>{coverage}</ul>"
        '<h3 class="appendix-heading">条文之间的引用</h3>'
        f"<p>{references}</p>"
        "</section>"
    )

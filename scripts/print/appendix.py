"""The print edition's appendix: the build report's summary (scripts/render/report.py) as tables."""

from __future__ import annotations

import html
from collections import Counter

from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.link import LinkIndex
from scripts.pipeline.run import Rulebook, output_provenance
from scripts.document.report_names import REPAIR_NAMES, STATUS_NAMES, compact_numbers


def table(columns: list[str], rows: list[list[object]]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="report-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def report_appendix(rulebook: Rulebook, links: LinkIndex, book_key: str) -> str:
    """'附录 构建报告摘要': where every raw line went, repairs by kind, errata, open defects, missing articles, references."""
    on_page = output_provenance(rulebook)
    dropped = {d.prov for d in rulebook.drops}
    shown = Counter(p.file for p in on_page)
    dropped_only = Counter(p.file for p in dropped - on_page)
    line_rows, unaccounted = [], 0
    for number, entry in enumerate(rulebook.sources, 1):
        lines = rulebook.line_counts[entry.file]
        rest = lines - shown[entry.file] - dropped_only[entry.file]
        unaccounted += rest
        line_rows.append(
            [f"来源{number}（{entry.file[:3]}）", lines, shown[entry.file], dropped_only[entry.file], rest]
        )
    repairs = Counter(r.kind for r in rulebook.repairs if not r.kind.startswith("erratum-"))
    repair_rows = [
        [REPAIR_NAMES.get(kind, kind), count] for kind, count in sorted(repairs.items(), key=lambda kv: -kv[1])
    ]
    counts = links.counts()
    reference_rows = [[name.strip("　"), counts[key]] for key, name in STATUS_NAMES]
    missing_items = "".join(
        f"<li>{html.escape(book.title)}：来源收录 {len(book.articles)} 篇，缺 {len(missing_numbers(book))} 条（{compact_numbers(missing_numbers(book))}）</li>"
        for book in rulebook.books.values()
    )
    restored = sum(1 for e in rulebook.errata if e.restored)
    return (
        f'<section class="appendix" id="{html.escape(book_key)}/report"><h2 class="chapter-title" data-running-head="附录">附录 构建报告摘要</h2>'
        "<p>本书由五份来源文本经同一条流水线整理而成。完整的构建报告（每一条校勘的原文与理由、每一条舍弃规则）见网站的“构建报告”页；下面是它的摘要。</p>"
        "<h3 class=\"appendix-heading\">原始行的去向</h3>"
        + table(["来源", "行数", "进入页面", "按规则舍弃", "未交代"], line_rows)
        + f"<p>未交代的原始行：{unaccounted}（构建在此数不为零时失败）。</p>"
        "<h3 class=\"appendix-heading\">机械修复</h3>"
        + table(["类别", "次数"], repair_rows)
        + "<h3 class=\"appendix-heading\">人工校勘与未解决的缺陷</h3>"
        f"<p>人工校勘 {len(rulebook.errata) + len(rulebook.mojibake)} 条（其中补入不见于来源的内容 {restored} 条，乱码恢复 {len(rulebook.mojibake)} 条）；"
        f"仍未解决的来源缺陷 {len(rulebook.unresolved) + len(rulebook.defects)} 处。</p>"
        "<h3 class=\"appendix-heading\">来源中缺失的条文</h3>"
        f"<ul>{missing_items}</ul>"
        "<h3 class=\"appendix-heading\">交叉引用</h3>" + table(["类别", "数量"], reference_rows) + "</section>"
    )

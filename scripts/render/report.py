"""Writes the build report page: repairs by kind, every erratum, unresolved defects, drops, missing articles."""

from __future__ import annotations

import re
from collections import Counter

from scripts.pipeline.assemble import missing_numbers
from scripts.pipeline.run import Rulebook, output_provenance
from scripts.document.report_names import REPAIR_NAMES, compact_numbers
from scripts.render.markup import GENERATED, escape_markdown


DROP_NAMES = {
    "blank-line": "空行",
    "whitespace-only-line": "只有空白字符的行",
    "invisible-only-line": "只有不可见字符（零宽空格、BOM 等）的行",
    "downtown-separator": "网页的“downtown”分隔行",
    "duplicate-paragraph": "与前一段重复的段落",
    "duplicate-clause": "重复的同一款",
    "overlap-same-as-primary": "重叠条文中与正文相同的段落（异文来源）",
}
ERRATUM_KINDS = {
    "ocr": "识读错字",
    "typo": "笔误",
    "heading": "标题（拆分、补入、移位）",
    "restored": "补入的内容",
    "truncation": "截断补全",
    "marker": "款项编号",
    "mojibake": "乱码恢复",
}


REPORT_HEAD = [
    "---",
    "title: 构建报告",
    "search:",
    "  exclude: true",
    "---",
    GENERATED,
    "",
    "# 构建报告",
    "",
    "本页列出构建时对来源文本所做的每一类修复、每一条人工校勘、仍未解决的缺陷，以及每一行原始文本的去向。",
    "",
]


def line_accounts(rulebook: Rulebook) -> list[str]:
    """## 原始行的去向: per source file, its lines on a page, dropped by a rule, and unaccounted for."""
    out = ["## 原始行的去向", "", "| 文件 | 行数 | 进入页面 | 按规则舍弃 | 未交代 |", "|---|---:|---:|---:|---:|"]
    on_page = output_provenance(rulebook)
    dropped = {d.prov for d in rulebook.drops}
    total_unaccounted = 0
    shown_by_file = Counter(p.file for p in on_page)  # counted once, not once per source (quadratic at scale)
    dropped_only_by_file = Counter(p.file for p in dropped - on_page)
    for entry in rulebook.sources:
        lines = rulebook.line_counts[entry.file]
        shown = shown_by_file[entry.file]
        dropped_only = dropped_only_by_file[entry.file]
        unaccounted = lines - shown - dropped_only
        total_unaccounted += unaccounted
        out.append(f"| `{entry.file}` | {lines} | {shown} | {dropped_only} | {unaccounted} |")
    return out + ["", f"**未交代的原始行：{total_unaccounted}**（构建在此数不为零时失败）。", ""]


def drops_and_repairs(rulebook: Rulebook) -> list[str]:
    """## 舍弃规则 (with every dropped duplicate) and ## 机械修复 (counts by kind)."""
    out = ["## 舍弃规则", "", "| 规则 | 行数 |", "|---|---:|"]
    for rule, count in sorted(Counter(d.rule.split(" (")[0] for d in rulebook.drops).items()):
        out.append(f"| {DROP_NAMES.get(rule, rule)}（`{rule}`） | {count} |")
    dup = [d for d in rulebook.drops if d.rule.startswith(("duplicate", "overlap"))]
    if dup:
        out += ["", "重复与重叠内容的舍弃明细：", ""]
        for d in dup:
            out.append(f"- `{d.prov}` {escape_markdown(d.rule)}：{escape_markdown(d.text[:40])}")
    out += ["", "## 机械修复（按类别）", "", "| 类别 | 次数 |", "|---|---:|"]
    counts = Counter(r.kind for r in rulebook.repairs if not r.kind.startswith("erratum-"))
    for kind, count in sorted(counts.items()):
        out.append(f"| {REPAIR_NAMES.get(kind, kind)} (`{kind}`) | {count} |")
    return out


def reviewed_corrections(rulebook: Rulebook) -> list[str]:
    """## 人工校勘: the counts by kind, then every correction (mojibake recoveries first)."""
    by_kind = errata_by_kind(rulebook)
    out = [
        "",
        f"## 人工校勘（{sum(by_kind.values())} 条，见 `rulebook_src/errata.yml`）",
        "",
        "| 类别 | 条数 |",
        "|---|---:|",
    ]
    out += [f"| {ERRATUM_KINDS.get(kind, kind)}（`{kind}`） | {count} |" for kind, count in by_kind.items()]
    out += ["", "| 文件 | 类别 | 原文 | 改为 | 理由 |", "|---|---|---|---|---|"]
    for item in rulebook.mojibake:
        out.append(
            f"| `{item['file']}` | {ERRATUM_KINDS['mojibake']} | （第{item['line']}行乱码）{cell(item['original'])} | "
            f"{cell(item['replacement'])} | {cell(item['reason'])} |"
        )
    for e in rulebook.errata:
        mark = "（补入，不见于来源）" if e.restored else ""
        replacement = RESTORED_PLACEHOLDER.sub("（补入的表格）", e.replace).replace(chr(10), " ⏎ ")
        out.append(
            f"| `{e.file}` | {ERRATUM_KINDS.get(e.kind, e.kind)} | {cell(e.original)} | {cell(replacement)}{mark} | "
            f"{cell(e.reason)} |"
        )
    return out


def defects_and_gaps(rulebook: Rulebook) -> list[str]:
    """## 未解决的缺陷 (flagged on the pages, and structural) and ## 来源中缺失的条文 (per book)."""
    out = [
        "",
        f"## 未解决的缺陷（{len(rulebook.unresolved)} 处在页面上标出，另有 {len(rulebook.defects)} 处结构问题）",
        "",
    ]
    for item in rulebook.unresolved:
        out.append(f"- `{item['file']}`：“{escape_markdown(item['quote'])}”——{escape_markdown(item['reason'])}")
    for defect in rulebook.defects:
        out.append(f"- {escape_markdown(defect)}")
    out += ["", "## 来源中缺失的条文", ""]
    for book in rulebook.books.values():
        missing = missing_numbers(book)
        out.append(
            f"- {book.title}：共 {len(book.articles)} 篇在来源中，缺 {len(missing)} 条：{compact_numbers(missing)}"
        )
    return out


def report_page(rulebook: Rulebook, extra_sections: list[str] | None = None) -> str:
    """The build report as Markdown."""
    out = REPORT_HEAD + line_accounts(rulebook) + drops_and_repairs(rulebook)
    out += reviewed_corrections(rulebook) + defects_and_gaps(rulebook)
    for section in extra_sections or []:
        out += ["", section]
    out.append("")
    return "\n".join(out)


RESTORED_PLACEHOLDER = re.compile(r"\{\{restored:[a-z0-9-]+\}\}")


def errata_by_kind(rulebook: Rulebook) -> dict[str, int]:
    """How many reviewed corrections of each kind errata.yml holds (the mojibake recoveries under their own kind)."""
    counts = Counter(e.kind for e in rulebook.errata)
    if rulebook.mojibake:
        counts["mojibake"] += len(rulebook.mojibake)
    return dict(sorted(counts.items()))


def cell(text: str) -> str:
    return escape_markdown(text).replace("\n", " ")

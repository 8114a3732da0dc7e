"""The names a builder prints for the build's counts (repairs by kind, references by outcome), and number runs."""

from __future__ import annotations

# A reference whose resolution has one of these statuses is a link (to a clause, an article, a book, a missing page).
LINKED = ("clause", "article", "book", "missing")

REPAIR_NAMES = {
    "line-wrap": "PDF 硬换行接合",
    "stray-space": "多余空格",
    "inline-pinyin": "行内拼音",
    "mojibake": "乱码恢复",
    "symbol-font-suit": "Symbol 字体花色符号",
    "full-width": "全角字母数字",
    "indentation": "缩进（全角空格/NBSP）",
    "invisible-character": "不可见的格式字符（零宽空格、连接符、软连字符、BOM 等，已删去）",
    "odd-space": "行内的不换行空格等（改为普通空格）",
    "edit-suffix": "“编辑”后缀",
    "json-double-escaping": "JSON 双重转义",
    "script-t2s": "繁→简（OpenCC t2s）",
    "script-postmap": "繁→简后的审定映射",
    "white-circle-zero": "○→〇",
    "mixed-width-paren": "全半角括号混用",
    "ascii-comma": "中文中的半角逗号",
    "ascii-punctuation": "中文中的半角冒号、分号、直引号",
    "glued-heading": "标题与正文粘连",
    "glued-subclause": "款项粘连在句中",
    "duplicate-heading": "重复的小标题",
    "broken-formula": "公式排版损坏（已重建）",
    "clause-parent": "段落归属的款项（clause_parents.yml）",
}

# How each reference came out, in the order the build report lists them (its 交叉引用 table and the print appendix).
STATUS_NAMES = [
    ("found", "正文写出的引用（合计）"),
    ("clause", "链接到具体款项"),
    ("article", "链接到条（其中所引款项在来源的条文结构中找不到的，见下）"),
    ("clause-not-found", "　其中：所引款项找不到、改链到整条"),
    ("book", "链接到全书目录（《中国桥牌竞赛规则》等）"),
    ("missing", "指向来源中缺失的条文（不加失效链接，见“缺失条文的引用”页）"),
    ("self", "“本条规则”“本条规定”等指本条自身（不加链接）"),
    ("outside", "条号超出本书范围（第0条、大于全书最后一条的条号：不加链接，见下）"),
    ("unparsed", "未能解析"),
]


def compact_numbers(numbers: list[int]) -> str:
    """[1, 2, 3, 5] → '1–3、5'."""
    parts: list[str] = []
    start = prev = None
    for n in numbers + [None]:
        if start is None:
            start = prev = n
        elif n is not None and n == prev + 1:
            prev = n
        else:
            parts.append(f"{start}" if start == prev else f"{start}–{prev}")
            start = prev = n
    return "、".join(parts) if numbers else "无"

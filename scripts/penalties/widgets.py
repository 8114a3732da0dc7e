"""Where the calculator widgets go (article pages) and the labelled form each widget shows."""
from __future__ import annotations

import html

from scripts.penalties.tables import load_tables

# (book, article slug) → the calculators shown at the end of that article page, with the procedural article number
WIDGETS: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {
    ("regulations", "26"): (("lateness", ""),),
    ("regulations", "27"): (("slow-play", ""),),
    ("regulations", "28"): (("forfeit", ""), ("withdrawal", "")),
    ("regulations", "34"): (("procedural", "34"),),
    ("regulations", "35"): (("rounding", ""),),
    ("regulations", "37"): (("procedural", "37"),),
    ("regulations", "38"): (("procedural", "38"),),
    ("regulations", "44"): (("fouled", ""),),
    ("regulations", "45"): (("tie-ratio", ""),),
    ("regulations", "52"): (("carry-over", ""),),
    ("laws", "2"): (("board", ""),),
    ("laws", "12"): (("adjusted", ""),),
}

EVENT_CHOICES = [["teams-vp", "团体赛：循环赛等计VP"], ["teams-ko", "团体赛：淘汰赛等不计VP"],
                 ["pairs-mp", "双人赛/个人赛：比赛分制（MP）"], ["pairs-imp", "双人赛/个人赛：IMP制"]]
MINUTES_HELP = "如 12、5.5 或 5:30（分:秒）"

# calculator → its title and fields, in the order shown; `name` is the engine's keyword (the CLI option with _ for -)
FORMS: dict[str, dict] = {
    "lateness": {"title": "迟到的判罚（第26条）", "fields": [
        {"name": "event", "label": "比赛类型", "type": "select", "choices": EVENT_CHOICES},
        {"name": "minutes", "label": "迟到时间（分钟）", "type": "text", "default": "", "placeholder": "12", "help": MINUTES_HELP},
        {"name": "repeat", "label": "第二次再犯", "type": "checkbox"},
        {"name": "remove_boards", "label": "裁判酌情扣打的副数（可空）", "type": "text", "inputmode": "numeric", "default": ""},
    ]},
    "slow-play": {"title": "打牌迟缓、超时的判罚（第27条）", "fields": [
        {"name": "event", "label": "比赛类型", "type": "select", "choices": EVENT_CHOICES},
        {"name": "minutes", "label": "超时（分钟）", "type": "text", "default": "", "placeholder": "7", "help": MINUTES_HELP},
        {"name": "repeat", "label": "再犯", "type": "checkbox"},
        {"name": "share", "label": "本方负责比例", "type": "text", "default": "1", "help": "1、0.5、1/2 或 50%"},
        {"name": "decimals", "label": "保留小数位（第35条）", "type": "select", "choices": [["2", "2位"], ["1", "1位"], ["0", "整数"]]},
    ]},
    "procedural": {"title": "程序性、纪律性判罚（第34、37、38条）", "fields": [
        {"name": "item", "label": "违规项目", "type": "select", "choices": []},
        {"name": "variant", "label": "情形", "type": "select", "choices": []},
        {"name": "offence", "label": "第几次", "type": "select", "choices": [["1", "初犯"], ["2", "再犯（第2次）"], ["3", "屡犯（第3次）"], ["4", "第4次"]]},
        {"name": "scoring", "label": "计分方式", "type": "select", "choices": [["vp", "VP"], ["imp", "IMP"], ["mp", "MP（一副牌顶分的%）"]]},
        {"name": "direct_damage", "label": "直接导致对方损失（调整分）", "type": "checkbox"},
    ]},
    "board": {"title": "牌号 → 发牌人与局况（规则第2条）", "fields": [
        {"name": "number", "label": "牌号", "type": "text", "inputmode": "numeric", "default": "1"},
    ]},
    "tie-ratio": {"title": "IMP率／TP率（第45条）", "fields": [
        {"name": "kind", "label": "比率", "type": "select", "choices": [["imp", "IMP率"], ["tp", "TP率"]]},
        {"name": "won", "label": "总胜分", "type": "text", "default": ""},
        {"name": "lost", "label": "总负分", "type": "text", "default": ""},
    ]},
    "forfeit": {"title": "弃权的计分（第28条一）", "fields": [
        {"name": "event", "label": "比赛类型", "type": "select", "choices": [
            ["round-robin", "团体赛：循环赛计VP"], ["board-a-match", "团体赛：一副一比"], ["match-points", "团体赛：场分制"],
            ["swiss", "团体赛：瑞士移位赛"], ["pairs-mp", "双人赛：比赛分制"], ["pairs-imp", "双人赛：IMP制"], ["pairs-match-points", "双人赛：场分制"]]},
        {"name": "own_average", "label": "非弃权方本阶段平均VP（循环赛，可空）", "type": "text", "default": ""},
        {"name": "opponent_average", "label": "弃权队本阶段平均VP（循环赛，可空）", "type": "text", "default": ""},
        {"name": "vp_scale", "label": "VP制", "type": "select", "choices": [["25", "25:0制"], ["20", "20:0制"], ["other", "其他"]]},
        {"name": "tie_vp", "label": "平局VP（25:0制可空＝15）", "type": "text", "default": ""},
        {"name": "boards", "label": "副数（可空）", "type": "text", "inputmode": "numeric", "default": ""},
        {"name": "half_scale", "label": "一副一比按1、0.5、0计分", "type": "checkbox"},
        {"name": "tie_match_points", "label": "双人场分制：平局场分", "type": "text", "default": ""},
    ]},
    "withdrawal": {"title": "中途退出（第28条二）", "fields": [
        {"name": "event", "label": "比赛类型", "type": "select", "choices": [
            ["round-robin", "团体赛：循环赛"], ["swiss", "团体赛：瑞士制"], ["board-a-match", "团体赛：一副一比"],
            ["knock-out", "团体赛：淘汰赛"], ["pairs-mp", "双人赛：比赛分制"], ["pairs-imp", "双人赛：IMP制"]]},
        {"name": "boards", "label": "未打或不能构成复式的副数", "type": "text", "inputmode": "numeric", "default": "1"},
    ]},
    "fouled": {"title": "不能构成复式的牌（第44条）", "fields": [
        {"name": "event", "label": "比赛类型", "type": "select", "choices": [["teams", "团体赛"], ["pairs-mp", "双人赛：比赛分制"], ["pairs-imp", "双人赛：IMP制"]]},
        {"name": "boards", "label": "副数", "type": "text", "inputmode": "numeric", "default": "1"},
        {"name": "whole_match", "label": "团体赛：整场成绩无效且不能重赛", "type": "checkbox"},
        {"name": "tie_vp", "label": "平局VP（可空＝15）", "type": "text", "default": ""},
    ]},
    "adjusted": {"title": "人为调整分（规则第12条C1）", "fields": [
        {"name": "responsibility", "label": "对违规的责任", "type": "select", "choices": [["direct", "负直接责任"], ["partial", "负部分责任"], ["none", "毋须负责任"]]},
        {"name": "scoring", "label": "计分方式", "type": "select", "choices": [["mp", "比赛分（MP）"], ["imp", "IMP"]]},
    ]},
    "rounding": {"title": "罚分的四舍五入（第35条）", "fields": [
        {"name": "value", "label": "罚分", "type": "text", "default": "0.75"},
        {"name": "decimals", "label": "保留小数位", "type": "select", "choices": [["2", "2位"], ["1", "1位"], ["0", "整数"]]},
    ]},
    "carry-over": {"title": "双人赛带分（第52条）：公式无法核实", "fields": [
        {"name": variable["name"], "label": f"{variable['name']}：{variable['text']}", "type": "text", "default": ""}
        for variable in load_tables()["carry_over"]["variables"]
    ]},
}


def widget_markup_for(book: str, slug: str) -> str:
    """The HTML placeholders to put at the end of an article page ('' when the article has no calculator)."""
    blocks = []
    for calculator, article in WIDGETS.get((book, slug), ()):
        prefix = calculator + (f"-{article}" if article else "")
        article_attr = f' data-article="{html.escape(article)}"' if article else ""
        blocks.append(f'<div class="penalty-calculator" id="calc-{prefix}" data-calculator="{calculator}"{article_attr}>'
                      f'<p class="penalty-noscript">本条的计算器需要 JavaScript。</p></div>')
    return "\n\n".join(blocks)

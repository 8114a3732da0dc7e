"""Each class of wrong ruling found in review (issue 12), tested against the sentence it rests on; every item and band
of 裁判法第26–28、34–38、44、45条 checked for the consequences its sentence names; the spec and the table cache."""
from __future__ import annotations

import shutil

import pytest

from scripts.errors import RulebookError
from scripts.penalties import PenaltyInputError, PenaltySpecError, calculate
from scripts.penalties import spec as spec_module
from scripts.penalties import tables
from scripts.penalties.export import widget_data_text
from scripts.penalties.tables import SANCTION_TABLES, load_tables
from scripts.penalties.widgets import calculator_notice_for, widget_markup_for


def sanction_steps():
    """(article, item, variant, offence, step) for every step of every item of 第34、37、38条."""
    for article, name in SANCTION_TABLES.items():
        for entry in load_tables()[name]["items"]:
            for variant in entry["variants"]:
                for offence, step in enumerate(variant["steps"], start=1):
                    yield article, entry, variant["name"], offence, step


STEPS = list(sanction_steps())


# --- a consequence in the text that the result dropped ------------------------------------------------------------

def test_38_three_repeated_offences_disqualify():
    """第38条三 “多次或严重违反的，比赛主办机构将对其给予取消比赛资格的处罚。” — was “不处罚”."""
    result = calculate("procedural", article="38", item="三")
    assert result["headline"] != "不处罚" and "取消其比赛资格" in result["headline"]
    repeat = calculate("procedural", article="38", item="一", variant="not-answered", offence="2")
    assert "取消其比赛资格" in repeat["headline"]


@pytest.mark.parametrize("item, variant, words", [
    (9, "serious", "可取消部分或全部比赛资格"),   # “严重时可取消部分或全部比赛资格”
    (10, "serious", "可取消部分或全部比赛资格"),
    (1, "extreme", "上报仲裁委员会或纪律委员会处理"),  # “极其严重者上报仲裁委员会或纪律委员会处理”
    (7, "default", "取消违规者本场比赛成绩"),         # “取消违规者本场比赛成绩，上报仲裁委员会及纪律委员会处理”
])
def test_37_serious_cases_name_their_consequence(item, variant, words):
    result = calculate("procedural", article="37", item=str(item), variant=variant)
    assert words in result["headline"] and result["headline"] != "不处罚"


@pytest.mark.parametrize("article, entry, variant, offence, step", STEPS,
                         ids=[f"{a}-{e['item']}-{v}-{o}" for a, e, v, o, _ in STEPS])
def test_every_sanction_step_states_what_its_sentence_names(article, entry, variant, offence, step):
    """Each step's words in the text → the consequence in the result: 资格 → disqualification, 委员会 → committee,
    本场比赛成绩 → voided result, 警告 → a warning (or the alternative), 扣 → an amount (or the alternative)."""
    result = calculate("procedural", article=article, item=str(entry["item"]), variant=variant, offence=str(offence))
    penalty, options = result["penalty"], result["options"]
    stated = " ".join([result["headline"]] + [o["text"] for o in options])
    text = step["text"]
    assert result["headline"] != "不处罚", text
    if "资格" in text:
        assert penalty["disqualification"] or any(o.get("disqualification") for o in options), text
    if "委员会" in text:
        assert penalty["committee"] and penalty["committee"].replace("上报", "") in text.replace("上报", ""), text
    if "本场比赛成绩" in text:
        assert penalty["void_result"], text
    if "警告" in text:
        assert penalty["warning"] and penalty["warning"] in text, text
    if "扣" in text:
        assert any(penalty[k] is not None for k in ("vp", "imp", "top_percent", "range")) or "扣" in stated, text


@pytest.mark.parametrize("name", ["lateness", "slow_play"])
def test_every_band_states_what_its_sentence_names(name):
    """第26、27条: 正式提出警告 → “正式警告”, 警告 → “警告”; 仲裁委员会 → committee; 弃权 → forfeit; 停止 → stop."""
    for event, spec in load_tables()[name]["events"].items():
        for band in spec["bands"]:
            quote = band["quote"].split("(")[0]
            if "警告" in quote:
                assert band["warning"] == ("正式警告" if "正式提出警告" in quote else "警告"), quote
            assert bool(band.get("committee")) == ("由比赛仲裁委员会处理" in quote), quote
            assert bool(band.get("forfeit")) == ("该节弃权" in quote), quote
            assert bool(band.get("stop_play")) == ("停止" in quote), quote


# --- wording stronger or different from the text --------------------------------------------------------------------

def test_plain_warning_is_not_a_formal_warning():
    """第26条二2 “迟到0+—5分钟：警告；第二次再犯扣3IMP；” against 一 “迟到0+—5分钟：正式提出警告；…”;
    第34条1 “…：警告、扣0.5VP(10%MP)、扣1VP(20%MP)。”"""
    assert calculate("lateness", event="pairs-imp", minutes="3")["headline"] == "警告"
    assert calculate("lateness", event="teams-vp", minutes="3")["headline"] == "正式警告"
    assert calculate("procedural", article="34", item="1")["headline"] == "警告"


def test_committee_is_named_as_in_the_text():
    """第37条1 “极其严重者上报仲裁委员会或纪律委员会处理” is not “由比赛仲裁委员会处理”."""
    result = calculate("procedural", article="37", item="1", variant="extreme")
    assert "纪律委员会" in result["headline"] and "由比赛仲裁委员会处理" not in result["headline"]


# --- missing rows ---------------------------------------------------------------------------------------------------

def test_knockout_forfeit_loses_the_match():
    """第28条六 “团体赛的淘汰赛中允许某队某场（节）比赛弃权，弃权队该场比赛判为负。但弃权队有正常参加下一场或下一阶段比赛的权利。”"""
    result = calculate("forfeit", event="knock-out")
    assert result["headline"].startswith("弃权队该场比赛判为负") and result["anchor"] == "六"
    assert any("下一阶段" in c for c in result["consequences"])
    assert not any("取消其比赛资格" in c for c in result["consequences"])


# --- arithmetic presentation ------------------------------------------------------------------------------------------

def test_tie_ratios_are_not_rounded_together():
    """第45条 “比较2队在全部比赛中的IMP胜负率，高者名次列前”: no rounding in the text, so 1000/999 ≠ 1001/1000."""
    first = calculate("tie-ratio", won="1000", lost="999")
    second = calculate("tie-ratio", won="1001", lost="1000")
    assert first["ratio"] > second["ratio"] and first["headline"] != second["headline"]
    assert "1000/999" in first["headline"] and second["headline"].endswith("= 1.001")


def test_no_share_of_the_blame_is_no_deduction():
    """第27条 “裁判或仲裁委员可通过观察决定双方应按照多大比例对超时负责，之后按规定进行处罚”: 0% → nothing, not “扣0VP”."""
    result = calculate("slow-play", event="teams-vp", minutes="7", share="0")
    assert result["penalty"]["vp"] is None and "扣0" not in result["ruling"] and "不扣分" in result["headline"]


# --- labels -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, inputs", [("withdrawal", {"event": "pairs-imp", "boards": "3"}),
                                          ("lateness", {"event": "pairs-imp", "minutes": "12"}),
                                          ("forfeit", {"event": "round-robin"})])
def test_rulings_use_chinese_labels(name, inputs):
    """第28条二 “弃权方在IMP双人赛中，按每副牌得-3IMP计算”: the ruling names “IMP制双人赛”, never `pairs-imp`."""
    ruling = calculate(name, **inputs)["ruling"]
    assert inputs["event"] not in ruling


def test_input_errors_are_chinese_and_name_the_field():
    with pytest.raises(PenaltyInputError) as error:
        calculate("lateness", event="teams-vp", minutes="ten")
    assert str(error.value).startswith("--minutes（迟到时间（分钟））：应为分钟数")


# --- inputs -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, inputs, key, value", [
    ("lateness", {"event": "teams-vp", "minutes": "１２"}, "minutes", 12),       # full-width digits
    ("lateness", {"event": "teams-vp", "minutes": "５：３０"}, "minutes", 5.5),
    ("lateness", {"event": "teams-vp", "minutes": "3", "repeat": "false"}, "repeat", False),  # not a repeat
    ("tie-ratio", {"won": "123456.7891", "lost": "100000"}, "won", 123456.7891),  # TP ≥ 100,000, four decimals
    ("slow-play", {"event": "teams-vp", "minutes": "7", "share": "33.3333%"}, "share", 0.333333),
])
def test_valid_values_are_read(name, inputs, key, value):
    assert calculate(name, **inputs)["inputs"][key] == value


@pytest.mark.parametrize("name, inputs, parameter", [
    ("forfeit", {"event": "swiss", "tie_vp": "99999"}, "tie-vp"),       # no VP scale gives a tie of 99999
    ("forfeit", {"event": "swiss", "tie_vp": "0"}, "tie-vp"),
    ("lateness", {"event": "teams-vp", "minutes": "3", "repeat": "maybe"}, "repeat"),
    ("lateness", {"event": "pairs-mp", "minutes": "12", "remove_boards": "4"}, "remove-boards"),
])
def test_nonsense_is_refused(name, inputs, parameter):
    with pytest.raises(PenaltyInputError) as error:
        calculate(name, **inputs)
    assert error.value.parameter == parameter


# --- the copied ruling keeps the other reading ------------------------------------------------------------------------

def test_ruling_carries_the_other_reading_where_the_number_depends_on_it():
    """第26条一2 “扣1IMP，再加上超过下限的每1分钟扣1IMP”: reading A gives 8IMP at 12 minutes, reading B 7IMP."""
    ruling = calculate("lateness", event="teams-ko", minutes="12")["ruling"]
    assert "扣8IMP" in ruling and "另一种读法：" in ruling and "按此读法为7IMP" in ruling


# --- the article page says it has a calculator ------------------------------------------------------------------------

def test_article_top_links_to_its_calculators():
    notice = calculator_notice_for("regulations", "28")
    assert notice.startswith('<p class="penalty-notice-top"') and 'href="#calc-forfeit"' in notice and 'href="#calc-withdrawal"' in notice
    assert 'id="calc-procedural-37"' in widget_markup_for("regulations", "37")


# --- the spec: checked, errors name file:line ----------------------------------------------------------------------------

@pytest.fixture
def penalty_copy(tmp_path, monkeypatch):
    folder = tmp_path / "penalties"
    shutil.copytree(tables.PENALTY_DIR, folder)
    monkeypatch.setattr(tables, "PENALTY_DIR", folder)
    return folder


def test_spec_errors_name_file_and_line(penalty_copy):
    path = penalty_copy / "calculators.yml"
    text = path.read_text(encoding="utf-8")
    line = next(n for n, l in enumerate(text.splitlines(), 1) if "name: remove-boards" in l)
    path.write_text(text.replace("name: remove-boards, label: 裁判酌情扣打的副数, kind: integer",
                                 "name: remove-boards, label: 裁判酌情扣打的副数, kind: whole"), encoding="utf-8")
    with pytest.raises(PenaltySpecError) as error:
        spec_module.load_spec()
    assert isinstance(error.value, RulebookError)
    assert str(error.value).startswith(f"{path}:{line}: calculators[0].parameters[3].kind: 'whole' is not one of choice, flag,")
    path.write_text(text.replace("calculators:\n", "calculators: [\n", 1), encoding="utf-8")
    with pytest.raises(PenaltySpecError, match=r"calculators.yml:\d+: not valid YAML"):
        spec_module.load_spec()


# --- an edit to a table reaches the data file and the page in a long-lived process (mkdocs serve) ---------------------

def test_edit_to_a_table_reaches_the_data_file_and_the_page(penalty_copy):
    assert calculate("lateness", event="teams-vp", minutes="7")["penalty"]["vp"] == 1
    before = widget_data_text()
    table = penalty_copy / "lateness.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("        vp: 1\n        quote: 迟到5+—10分钟：扣1VP；",
                                                                 "        vp: 7\n        quote: 迟到5+—10分钟：扣1VP；"), encoding="utf-8")
    spec_file = penalty_copy / "calculators.yml"
    spec_file.write_text(spec_file.read_text(encoding="utf-8").replace("title: 迟到的判罚（第26条）", "title: 迟到的判罚（第26条，已改）"),
                         encoding="utf-8")
    assert calculate("lateness", event="teams-vp", minutes="7")["penalty"]["vp"] == 7  # no restart needed
    after = widget_data_text()
    assert after != before and '"vp":7' in after
    assert "已改" in calculator_notice_for("regulations", "26")


def test_make_serve_picks_up_a_penalty_table_edit(tmp_path, monkeypatch):
    """`make serve` (mkdocs serve + scripts/site/serve_hooks.py): an edit to rulebook_src/penalties/*.yml rewrites the
    data file and the article page in the same serve process, with no restart."""
    from types import SimpleNamespace

    from scripts.paths import SRC
    from scripts.site import serve_hooks

    shutil.copytree(SRC, tmp_path / "rulebook_src")
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(serve_hooks, "STATE", serve_hooks.ServeState())
    monkeypatch.setattr(tables, "PENALTY_DIR", tmp_path / "rulebook_src" / "penalties")
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"), docs_dir=str(tmp_path / "docs"))
    serve_hooks.on_startup(command="serve", dirty=False)
    serve_hooks.on_pre_build(config=config)
    data = tmp_path / "docs" / "assets" / "generated" / "penalty-data.js"
    assert '"quote":"迟到5+—10分钟：扣1VP；","upper":10,"vp":1}' in data.read_text(encoding="utf-8")
    table = tmp_path / "rulebook_src" / "penalties" / "lateness.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("        vp: 1\n        quote: 迟到5+—10分钟：扣1VP；",
                                                                 "        vp: 7\n        quote: 迟到5+—10分钟：扣1VP；"), encoding="utf-8")
    spec_file = tmp_path / "rulebook_src" / "penalties" / "calculators.yml"
    spec_file.write_text(spec_file.read_text(encoding="utf-8").replace("title: 迟到的判罚（第26条）", "title: 迟到的判罚（第26条，已改）"),
                         encoding="utf-8")
    serve_hooks.on_pre_build(config=config)
    written = serve_hooks.STATE.builds[-1]["written"]
    assert "assets/generated/penalty-data.js" in written and "regulations/26.md" in written
    assert '"quote":"迟到5+—10分钟：扣1VP；","upper":10,"vp":7}' in data.read_text(encoding="utf-8")
    assert "迟到的判罚（第26条，已改）" in (tmp_path / "docs" / "regulations" / "26.md").read_text(encoding="utf-8")

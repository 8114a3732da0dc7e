"""Each calculator's form arrives in its page as HTML (scripts/penalties/widgets.py widget_form): calculators.js only
enables it, puts in the address's values and rules. Fast tier: the markup against the spec, read with the standard
library's HTML parser (the browser tests use the same form in chromium)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from penalty_data import PENALTIES, PENALTY_TEXTS, penalties_with
from scripts.errors import PenaltySpecError
from scripts.penalties.widgets import LOAD_FAILED, LOADING, form_items, placements, widget_markup_for

WIDGETS = [
    (book, slug, name, fixed, widget_id)
    for (book, slug), found in placements(PENALTIES).items()
    for name, fixed, widget_id in found
]


class Form(HTMLParser):
    """The controls of one widget: id → its tag, attributes, options [(value, text, selected)] and field row."""

    def __init__(self, widget_id: str):
        super().__init__(convert_charrefs=True)
        self.widget_id, self.inside, self.depth = widget_id, False, 0
        self.controls: dict[str, dict] = {}
        self.row: dict = {}
        self.option: list | None = None
        self.buttons: list[dict] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id") == self.widget_id:
            self.inside = True
        if not self.inside:
            return
        if tag == "div":
            self.depth += 1
            if "penalty-field" in (attributes.get("class") or "").split():
                self.row = attributes
        elif tag in ("select", "input"):
            self.controls[attributes["id"]] = {"tag": tag, "attributes": attributes, "options": [], "row": self.row}
            self.last = attributes["id"]
        elif tag == "option":
            self.option = [attributes["value"], "", "selected" in attributes]
            self.controls[self.last]["options"].append(self.option)
        elif tag == "button":
            self.buttons.append(attributes)

    def handle_endtag(self, tag):
        if tag in ("option", "select"):
            self.option = None
        if self.inside and tag == "div":
            self.depth -= 1
            self.inside = self.depth > 0

    def handle_data(self, data):
        if self.inside:
            self.texts.append(data)
            if self.option is not None:
                self.option[1] += data


def parsed(book: str, slug: str, widget_id: str) -> Form:
    form = Form(widget_id)
    form.feed(widget_markup_for(PENALTIES, book, slug))
    return form


@pytest.mark.parametrize(("book", "slug", "name", "fixed", "widget_id"), WIDGETS, ids=[w[4] for w in WIDGETS])
def test_every_parameter_but_the_page_fixed_ones_has_its_control_disabled_until_the_script(
    book, slug, name, fixed, widget_id
):
    form = parsed(book, slug, widget_id)
    parameters = [p for p in PENALTIES.calculators[name]["parameters"] if p["name"] not in fixed]
    wanted = {f"{widget_id}-{p['name'].replace('-', '_')}": p for p in parameters}
    assert set(form.controls) == set(wanted)
    entries = form_items(PENALTIES).get(fixed.get("article", ""))
    for control_id, parameter in wanted.items():
        control = form.controls[control_id]
        attributes = control["attributes"]
        assert attributes["name"] == parameter["name"].replace("-", "_") and "disabled" in attributes
        if parameter["kind"] == "flag":
            assert attributes["type"] == "checkbox"
        elif "choices" in parameter:
            values = [v for v, _, _ in control["options"]]
            assert [v for v in values if v] == [str(value) for value, _ in parameter["choices"]]
            assert [label for _, label, _ in control["options"] if label != "—"] == [
                label for _, label in parameter["choices"]
            ]
            selected = [v for v, _, is_selected in control["options"] if is_selected]
            if "default" in parameter:
                assert selected == [str(parameter["default"])]
            elif parameter.get("required"):
                assert selected == values[:1]
            else:  # nothing chosen: the blank choice comes first
                assert selected == [] and values[0] == ""
        elif parameter.get("choices_from") == "items":
            assert [v for v, _, _ in control["options"]] == [e["item"] for e in entries]
        elif parameter.get("choices_from") == "variants":
            assert [v for v, _, _ in control["options"]] == [v["name"] for v in entries[0]["variants"]]
            assert ("hidden" in control["row"]) == (len(entries[0]["variants"]) < 2)
        else:
            assert attributes["type"] == "text"
            assert attributes.get("value", "") == str(parameter.get("default", ""))
            assert attributes["inputmode"] == ("numeric" if parameter["kind"] == "integer" else "decimal")
        if parameter.get("only_with"):
            assert ("hidden" in control["row"]) == (not entries[0][parameter["only_with"]])
        elif parameter.get("choices_from") != "variants":
            assert "hidden" not in control["row"]
    assert [b["class"] for b in form.buttons if "penalty-colon" not in b["class"]] == [
        "md-button penalty-copy",
        "md-button penalty-share",
    ]
    assert all("disabled" in b for b in form.buttons)
    minutes = [p for p in parameters if p["kind"] == "minutes"]
    assert len([b for b in form.buttons if b["class"] == "penalty-colon"]) == len(minutes)
    assert f"计算器：{PENALTIES.calculators[name]['title']}" in form.texts
    assert {LOADING.format(what="计算器"), LOAD_FAILED.format(what="计算器")} <= set(
        form.texts
    )  # the second hidden until loader.js shows it


def test_an_item_with_two_cases_and_one_that_can_cause_damage_are_first_in_some_form():
    """The hidden rows above are not all one way: the first item of 第38条 has two cases (未接听／已接听), so its
    case field shows, and the field for direct damage is hidden there; 第34条's first item has one case."""
    first = {article: entries[0] for article, entries in form_items(PENALTIES).items()}
    assert len(first["38"]["variants"]) == 2 and len(first["34"]["variants"]) == 1
    assert not first["38"]["damage"]
    assert any(e["damage"] for e in form_items(PENALTIES)["34"])


SPEC = "penalties/calculators.yml"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("choices_from: items}", "choices_from: articles}", "choices_from must be one of items, variants"),
        ("only_with: damage}", "only_with: harm}", "only_with must be one of damage"),
        (
            '{page: regulations/37, fixed: {article: "37"}}',
            "{page: regulations/37}",
            "needs the page to fix `article` to one of 34, 37, 38",
        ),
    ],
)
def test_a_form_list_the_widget_cannot_draw_stops_with_its_line(old, new, message):
    """What the form takes from the article's table (widgets.py form_items) is checked with the spec: a list or a
    flag the items do not have, or a page that fixes no article, is one line naming calculators.yml, not a traceback
    in the render."""
    text = PENALTY_TEXTS[SPEC]
    assert text.count(old) == 1
    changed = text.replace(old, new)
    with pytest.raises(PenaltySpecError) as caught:
        penalties_with({SPEC: changed})
    line = next(n for n, row in enumerate(changed.splitlines(), 1) if new in row)
    assert str(caught.value).startswith(f"rulebook_src/{SPEC}:{line}: ") and str(caught.value).endswith(message)

"""A missing Law's first lines at 360×780, light and dark: the Chinese title, its 本站译名 and 来源缺 marks and the
English title line under them each keep their own box (the English line once sat on the marks when the title wrapped);
each page is measured in the scheme it opens in and again after a tap on the header's light/dark button; screenshots
of 规则第64条 in both land in tests/artifacts/."""

from __future__ import annotations

from conftest import ROOT, phone_context
from reader_steps import open_ready

# Every page of a Law our sources lack (its page carries the 来源缺 badge), in number order.
MISSING_LAWS = sorted(
    int(path.stem)
    for path in (ROOT / "docs" / "laws").glob("[0-9]*.md")
    if 'class="missing-badge"' in path.read_text(encoding="utf-8")
)
# The boxes of the title's text lines, of each mark and of the English line's text lines, in CSS px.
BOXES = """() => {
  const lines = el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()].filter(r => r.width && r.height)
      .map(r => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right }));
  };
  const h1 = document.querySelector('article h1');
  const english = document.querySelector('article .article-english');
  const marks = [...h1.querySelectorAll('.editor-title, .missing-badge')];
  return {
    title: lines(h1),
    marks: marks.map(m => ({ name: m.textContent, box: m.getBoundingClientRect().toJSON() })),
    english: english ? lines(english) : [],
  };
}"""


def overlap(a: dict, b: dict) -> bool:
    """Two boxes share area (touching edges do not count; half a pixel of rounding allowed)."""
    return min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5 and (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
    )


# Material's scheme on <body> → its name in the screenshots
SCHEMES = {"default": "light", "slate": "dark"}
SCHEME = "() => document.body.getAttribute('data-md-color-scheme')"
TOGGLE = 'form[data-md-component="palette"] label:not([hidden])'  # the header's light/dark button


def test_every_missing_law_is_measured():
    assert len(MISSING_LAWS) == 56 and MISSING_LAWS[:3] == [14, 15, 16] and MISSING_LAWS[-1] == 93


def box_problems(number: int, scheme: str, boxes: dict) -> list[str]:
    """What is wrong with one page's first lines in one scheme (BOXES): the English line above the title's last line
    or on its text or marks, or two marks on each other."""
    where = f"规则第{number}条 ({scheme})"
    if not boxes["english"] or not boxes["marks"]:
        return [f"{where}: no English line or no mark in the title ({boxes})"]
    problems = []
    title_bottom = max(box["bottom"] for box in boxes["title"] + [m["box"] for m in boxes["marks"]])
    english_top = min(box["top"] for box in boxes["english"])
    if english_top < title_bottom - 0.5:
        problems.append(f"{where}: the English line starts at {english_top:.1f} px, above {title_bottom:.1f}")
    for line in boxes["english"]:
        for mark in boxes["marks"]:
            if overlap(line, mark["box"]):
                problems.append(f"{where}: the English line overlaps the {mark['name']} mark")
        if any(overlap(line, box) for box in boxes["title"]):
            problems.append(f"{where}: the English line overlaps the title's text")
    # the marks themselves stand clear of each other
    marks = boxes["marks"]
    if any(overlap(a["box"], b["box"]) for i, a in enumerate(marks) for b in marks[i + 1 :]):
        problems.append(f"{where}: the title's marks overlap each other")
    return problems


def test_the_english_line_never_sits_on_the_title_or_its_marks_at_360px_light_and_dark(
    browser, site_url, artifacts_dir
):
    """Each page opened once and measured in both schemes: in the one it opens in, then in the other after a tap on
    the header's light/dark button (Material keeps the choice, so the next page opens in that one)."""
    context = phone_context(browser, 360, 780, service_workers="block", color_scheme="light")
    page = context.new_page()
    problems, measured = [], {scheme: 0 for scheme in SCHEMES.values()}
    try:
        for number in MISSING_LAWS:
            open_ready(page, f"{site_url}laws/{number}/")
            for tap in (False, True):
                if tap:
                    before = page.evaluate(SCHEME)
                    page.locator(TOGGLE).click()
                    page.wait_for_function(f"() => ({SCHEME})() !== {before!r}")
                scheme = SCHEMES[page.evaluate(SCHEME)]
                boxes = page.evaluate(BOXES)
                if number == 64:
                    page.screenshot(path=str(artifacts_dir / f"missing-law-64-360-{scheme}.png"), full_page=False)
                problems += box_problems(number, scheme, boxes)
                measured[scheme] += 1
    finally:
        context.close()
    assert measured == {scheme: len(MISSING_LAWS) for scheme in SCHEMES.values()}, measured
    assert not problems, "\n".join(problems)

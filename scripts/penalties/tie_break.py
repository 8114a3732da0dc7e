"""第45条 同分名次表: walks the article's sequence of steps (rulebook_src/penalties/tie_break.yml `sheet`) over two or
more teams' figures, to the first step that separates them, quoting each clause it applies.

The rule lives here once. The widget on the 第45条 page (docs/assets/penalties/tie_break.js) runs the same walk over
the same data (`sheet_data`, exported into penalty-data.js) because it works on the figures a director types; it
keeps only the comparison and the wording, and tests/test_tie_break_engines_agree.py holds it equal to this module
over a grid. Ratios are compared as exact fractions: 312/287 and 313/288 differ even where 4 decimals agree.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

from scripts.penalties.data import PenaltyData
from scripts.penalties.result import clause_text, format_number
from scripts.penalties.scoring import fixed_places
from scripts.penalties.spec import PenaltyInputError, ascii_text, fill

NAME_LIMIT = 20  # characters of a team's name
FIGURE_MAX = 999999999
FIGURE_PLACES = 4
FIGURE = re.compile(rf"([0-9]{{1,12}})(?:\.([0-9]{{1,{FIGURE_PLACES}}}))?")  # after ascii_text (stripped)
INFINITE = None  # the value of a ratio whose divisor is 0 under a step with `zero: highest`


def sheet_of(penalties: PenaltyData) -> dict:
    return penalties.tables["tie_break"]["sheet"]


def event_figures(sheet: dict, event: str) -> list[str]:
    """The figures the steps of `event` compare, in the order they are first used."""
    names: list[str] = []
    for step in sheet["events"][event]["steps"]:
        for key in ("figure", "won", "lost"):
            if key in step and step[key] not in names:
                names.append(step[key])
    return names


def sheet_data(penalties: PenaltyData) -> dict:
    """What the widget needs: the sheet as reviewed, each event's figures, each step's printed clause."""
    sheet = sheet_of(penalties)
    article = penalties.tables["tie_break"]["article"]
    events = {}
    for name, event in sheet["events"].items():
        steps = [dict(step, clause=clause_text(penalties, article, step["anchor"])) for step in event["steps"]]
        events[name] = dict(event, steps=steps, figures=event_figures(sheet, name))
    limits = [NAME_LIMIT, FIGURE_MAX, FIGURE_PLACES]
    return dict(sheet, events=events, event_order=list(events), article=article, limits=limits)


def refuse(sheet: dict, message: str, **facts) -> PenaltyInputError:
    return PenaltyInputError("teams", sheet["words"]["teams_label"], fill(sheet["words"][message], **facts))


def parse_figure(sheet: dict, team: str, figure: str, raw: Any) -> Fraction | None:
    """A figure as typed (312, 12.5, full-width digits) or as JSON; blank is None (not needed until a step asks)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    text = ascii_text(raw) if not isinstance(raw, bool) else "?"
    match = FIGURE.fullmatch(text)
    value = Fraction(int(match[1] + (match[2] or "")), 10 ** len(match[2] or "")) if match else None
    if value is None or value > FIGURE_MAX:
        label = sheet["figures"][figure]["label"]
        shown = json.dumps(raw) if isinstance(raw, bool) else raw  # true, as JSON writes it
        raise refuse(sheet, "bad_figure", team=team, figure=label, max=FIGURE_MAX, places=FIGURE_PLACES, value=shown)
    return value


def parse_teams(sheet: dict, event: str, teams: Any) -> list[tuple[str, dict]]:
    """[(name, {figure: Fraction or None})] of the teams as given: names unique, every figure one of the event's."""
    words, figures = sheet["words"], event_figures(sheet, event)
    if isinstance(teams, str):
        try:
            teams = json.loads(teams)
        except ValueError:
            raise refuse(sheet, "not_list") from None
    if not isinstance(teams, list) or not all(isinstance(team, dict) for team in teams):
        raise refuse(sheet, "not_list")
    if len(teams) < 2:
        raise refuse(sheet, "too_few")
    spec = sheet["events"][event]
    if len(teams) > spec["max_teams"]:
        raise PenaltyInputError("teams", words["teams_label"], spec["beyond"])
    parsed: list[tuple[str, dict]] = []
    for number, team in enumerate(teams, 1):
        name = team.get("name")
        name = name.strip() if isinstance(name, str) else ""
        if not name:
            raise refuse(sheet, "no_name", number=number)
        if len(name) > NAME_LIMIT:
            raise refuse(sheet, "long_name", number=number, limit=NAME_LIMIT)
        if name in (known for known, _ in parsed):
            raise refuse(sheet, "same_name", name=name)
        values = {}
        for key, raw in team.items():
            if key == "name":
                continue
            if key not in sheet["figures"]:
                raise refuse(sheet, "unknown_figure", team=name, key=key)
            if key not in figures:
                if parse_figure(sheet, name, key, raw) is None:
                    continue  # a blank field of another event's form
                label = sheet["figures"][key]["label"]
                raise refuse(sheet, "other_event", team=name, figure=label, event_label=spec["label"])
            values[key] = parse_figure(sheet, name, key, raw)
        parsed.append((name, {figure: values.get(figure) for figure in figures}))
    return parsed


def step_value(sheet: dict, step: dict, team: str, values: dict) -> tuple[Fraction | None, str]:
    """(the value compared, None for a ratio over 0 that ranks first; its text) of one team at one step."""
    words = sheet["words"]
    if step["compare"] == "more":
        return values[step["figure"]], format_number(values[step["figure"]])
    won, lost = values[step["won"]], values[step["lost"]]
    if lost == 0:
        if step.get("zero") != "highest" or won == 0:
            figure = sheet["figures"][step["lost"]]["label"]
            raise refuse(sheet, "zero_ratio", team=team, label=step["label"], figure=figure)
        return INFINITE, fill(words["ratio_infinite"], won=format_number(won))
    ratio = won / lost
    if (ratio * 10**FIGURE_PLACES).denominator == 1:
        text = fill(words["ratio_value"], won=format_number(won), lost=format_number(lost), ratio=format_number(ratio))
    else:
        text = fill(
            words["ratio_repeating"],
            won=format_number(won),
            lost=format_number(lost),
            fraction=f"{ratio.numerator}/{ratio.denominator}",
            approx=fixed_places(ratio, FIGURE_PLACES),
        )
    return ratio, text


def ranked(group: list[str], keys: dict) -> list[list[str]]:
    """`group` split by `keys` (None above every number), the highest first; equal keys stay together in order."""

    def rank(team: str) -> tuple[int, Fraction]:
        return (1, Fraction(0)) if keys[team] is INFINITE else (0, keys[team])

    levels = sorted({rank(team) for team in group}, reverse=True)
    return [[team for team in group if rank(team) == level] for level in levels]


def order_text(sheet: dict, groups: list[list[str]]) -> str:
    words = sheet["words"]
    return words["order_joiner"].join(words["tie_joiner"].join(group) for group in groups)


def tie_break(penalties: PenaltyData, event: str, teams: Any) -> dict:
    """The walk for `event` (round-robin, knock-out, swiss) over `teams`: a JSON list (or its text) of objects with
    a `name` and the event's figures; a figure left out is asked for only when a step compares it."""
    sheet = sheet_of(penalties)
    words, article = sheet["words"], penalties.tables["tie_break"]["article"]
    if event not in sheet["events"]:
        raise PenaltyInputError(
            "event", "比赛", fill(words["unknown_event"], value=event, choices="、".join(sheet["events"]))
        )
    spec = sheet["events"][event]
    parsed = parse_teams(sheet, event, teams)
    figures = dict(parsed)
    groups = [[name for name, _ in parsed]]
    walked: list[dict] = []
    missing: list[dict] = []
    separating: list[str] = []
    for step in spec["steps"]:
        if all(len(group) == 1 for group in groups):
            break
        clause = clause_text(penalties, article, step["anchor"])
        record = {"anchor": step["anchor"], "clause": clause, "label": step["label"], "quote": step["quote"]}
        if step["compare"] == "playoff":
            tied = [group for group in groups if len(group) > 1]
            first = not any(done["outcome"] == "playoff" for done in walked)
            text = fill(words["playoff" if first else "playoff_then"], quote=step["quote"])
            walked.append(dict(record, outcome="playoff", teams=tied, text=text))
            continue
        needed = [step["figure"]] if step["compare"] == "more" else [step["won"], step["lost"]]
        blanks = [
            {"team": team, "figure": figure, "label": sheet["figures"][figure]["label"]}
            for group in groups
            if len(group) > 1
            for team in group
            for figure in needed
            if figures[team][figure] is None
        ]
        if blanks:
            missing = blanks
            needs = words["list_joiner"].join(fill(words["need"], team=b["team"], figure=b["label"]) for b in blanks)
            walked.append(
                dict(
                    record,
                    outcome="missing",
                    teams=[],
                    text=fill(words["missing"], clause=clause, label=step["label"], needs=needs),
                )
            )
            break
        next_groups: list[list[str]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            keys, texts = {}, []
            for team in group:
                keys[team], text = step_value(sheet, step, team, figures[team])
                texts.append(fill(words["team_value"], team=team, value=text))
            split = ranked(group, keys)
            values = words["value_joiner"].join(texts)
            if len(split) == 1:
                line = fill(words["equal"], label=step["label"], values=values)
            else:
                line = fill(words["separates"], label=step["label"], values=values, order=order_text(sheet, split))
                if clause not in separating:
                    separating.append(clause)
            outcome = "equal" if len(split) == 1 else "separates"
            walked.append(dict(record, outcome=outcome, teams=[group], order=split, text=line))
            next_groups.extend(split)
        groups = next_groups
    return sheet_result(penalties, event, parsed, groups, walked, missing, separating)


def sheet_result(penalties, event, parsed, groups, walked, missing, separating) -> dict:
    """The JSON object of a walk: its steps, the order reached, the headline and the text a director pastes."""
    sheet = sheet_of(penalties)
    words, spec = sheet["words"], sheet["events"][event]
    names = [name for name, _ in parsed]
    order = order_text(sheet, groups)
    if missing:
        headline = walked[-1]["text"]
    elif all(len(group) == 1 for group in groups):
        headline = fill(words["decided"], order=order, clauses=words["list_joiner"].join(separating))
    else:
        playoffs = [step for step in walked if step["outcome"] == "playoff"]
        first = playoffs[0]
        tied = words["list_joiner"].join(words["tie_joiner"].join(group) for group in groups if len(group) > 1)
        headline = fill(words["undecided"], teams=tied, clause=first["clause"], label=first["label"])
        if len(groups) > 1:
            headline = order + "；" + headline
    subject = fill(words["subject"], event_label=spec["label"], teams=words["list_joiner"].join(names))
    lines = [subject, headline] + [
        f"第45条{step['clause']}“{step['quote']}” {step['text']}" for step in walked if step["outcome"] != "missing"
    ]
    return {
        "calculator": "tie-break",
        "article": penalties.tables["tie_break"]["article"],
        "event": event,
        "teams": [
            {"name": name, **{key: None if value is None else format_number(value) for key, value in values.items()}}
            for name, values in parsed
        ],
        "steps": walked,
        "order": groups,
        "decided": not missing and all(len(group) == 1 for group in groups),
        "missing": missing,
        "subject": subject,
        "headline": headline,
        "reading": sheet["reading"],
        "other_reading": sheet["other_reading"],
        "ruling": "\n".join(lines),
    }

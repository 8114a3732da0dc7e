"""第45条 同分名次表: walks the article's sequence of steps (rulebook_src/penalties/tie_break.yml `sheet`) over two or
more teams' figures, to the first step that separates them, quoting each clause it applies. For 3 or more teams tied in
a round robin (一2、一3) the steps also count the teams' matches against each other, and the teams a step leaves tied
start again at the sequence for their number (the event's `restart`).

The rule lives here once. The widget on the 第45条 page (docs/assets/penalties/tie_break.js) runs the same walk over
the same data (`sheet_data`, exported into penalty-data.js) because it works on the figures a director types; it
keeps only the comparison and the wording, and tests/test_tie_break_engines_agree.py holds it equal to this module
over a grid. Ratios are compared as exact fractions: 312/287 and 313/288 differ even where 4 decimals agree.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scripts.limits import clip
from scripts.penalties.data import PenaltyData
from scripts.penalties.result import clause_text, format_number
from scripts.penalties.scoring import fixed_places
from scripts.penalties.spec import PenaltyInputError, fill
from scripts.penalties.tie_break_teams import (  # noqa: F401 (event_figures, sheet_of: public here)
    FIGURE_MAX,
    FIGURE_PLACES,
    MATCHES,
    NAME_LIMIT,
    event_figures,
    parse_teams,
    refuse,
    restart_event,
    sheet_of,
)

INFINITE = None  # the value of a ratio whose divisor is 0 under a step with `zero: highest`
RECORD_FIGURE = "vp"  # a match is won by the side that got more VP (第45条一2⑵“获得更多的VP”)


def sheet_data(penalties: PenaltyData) -> dict:
    """What the widget needs: the sheet as reviewed, each event's figures, each step's printed clause."""
    sheet = sheet_of(penalties)
    article = penalties.tables["tie_break"]["article"]
    events = {}
    for name, event in sheet["events"].items():
        steps = [dict(step, clause=clause_text(penalties, article, step["anchor"])) for step in event["steps"]]
        events[name] = dict(event, steps=steps, figures=event_figures(sheet, name))
    limits = [NAME_LIMIT, FIGURE_MAX, FIGURE_PLACES]
    match_order = list(sheet["match_figures"])  # the data's order (VP first): the export sorts keys
    return dict(sheet, events=events, event_order=list(events), match_order=match_order, article=article, limits=limits)


def view(sheet: dict, figures: dict, team: str, group: list[str]) -> dict:
    """A team's figures as a step of `group` reads them: in a two-team group of a larger tie, the mutual-match
    figures (match_figures' `figure`) are what the team got in its match against the other."""
    values = figures[team]
    if MATCHES not in values or len(group) != 2:
        return values
    other = next(name for name in group if name != team)
    got = values[MATCHES][other]
    return {**values, **{mutual["figure"]: got[key] for key, mutual in sheet["match_figures"].items()}}


def step_blanks(sheet: dict, step: dict, group: list[str], figures: dict) -> list[dict]:
    """The figures `step` needs of `group` that were left blank: {team, figure, label[, other]} each."""
    vp = sheet["match_figures"][RECORD_FIGURE]
    if step["compare"] == "record":
        return [
            {"team": team, "figure": vp["figure"], "label": vp["label"], "other": other}
            for team in group
            for other in group
            if other != team and figures[team][MATCHES][other][RECORD_FIGURE] is None
        ]
    mutual = {m["figure"]: m["label"] for m in sheet["match_figures"].values()}
    blanks = []
    for team in group:
        values = view(sheet, figures, team, group)
        for figure in [step["figure"]] if step["compare"] == "more" else [step["won"], step["lost"]]:
            if values[figure] is not None:
                continue
            if MATCHES in figures[team] and figure in mutual:
                other = next(name for name in group if name != team)
                blanks.append({"team": team, "figure": figure, "label": mutual[figure], "other": other})
            else:
                blanks.append({"team": team, "figure": figure, "label": sheet["figures"][figure]["label"]})
    return blanks


def step_value(sheet: dict, step: dict, team: str, values: dict) -> tuple[Fraction | None, str]:
    """(the value compared, None for a ratio over 0 that ranks first; its text) of one team at one step."""
    words = sheet["words"]
    if step["compare"] == "more":
        return values[step["figure"]], format_number(values[step["figure"]])
    won, lost = values[step["won"]], values[step["lost"]]
    if step["compare"] == "net":
        net = won - lost
        return net, fill(words["net_value"], won=format_number(won), lost=format_number(lost), net=format_number(net))
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


def match_record(figures: dict, team: str, group: list[str]) -> tuple[int, int, int]:
    """(wins, draws, losses) of `team` in its matches against the rest of `group`, by the VP each side got."""
    wins = draws = losses = 0
    for other in group:
        if other != team:
            got, gave = figures[team][MATCHES][other][RECORD_FIGURE], figures[other][MATCHES][team][RECORD_FIGURE]
            wins, draws, losses = wins + (got > gave), draws + (got == gave), losses + (got < gave)
    return wins, draws, losses


def fits(step: dict, records: dict, team: str) -> bool:
    """Whether `team` fits one of a record step's conditions (`all`: every other team of the group; `only`: no other
    team fits that condition)."""

    def holds(condition: dict, name: str) -> bool:
        counts = dict(zip(("wins", "draws", "losses"), records[name]))
        return all(
            counts[key] == (len(records) - 1 if condition[key] == "all" else condition[key])
            for key in counts
            if key in condition
        )

    return any(
        holds(condition, team) and (not condition.get("only") or [n for n in records if holds(condition, n)] == [team])
        for condition in step["fits"]
    )


def compare_group(sheet: dict, step: dict, group: list[str], figures: dict) -> tuple[list[list[str]], list[str]]:
    """`group` split by `step` (the first place first), and each team's value as text."""
    words = sheet["words"]
    if step["compare"] == "record":
        records = {team: match_record(figures, team, group) for team in group}
        texts = [fill(words["record_value"], team=t, wins=w, draws=d, losses=lo) for t, (w, d, lo) in records.items()]
        fitting = [team for team in group if fits(step, records, team)]
        if len(fitting) != 1:
            return [group], texts
        rest = [team for team in group if team != fitting[0]]
        return ([fitting, rest] if step["place"] == "first" else [rest, fitting]), texts
    keys, texts = {}, []
    for team in group:
        keys[team], text = step_value(sheet, step, team, view(sheet, figures, team, group))
        texts.append(fill(words["team_value"], team=team, value=text))
    return ranked(group, keys), texts


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
    """The walk for `event` (round-robin, round-robin-3, round-robin-more, knock-out, swiss) over `teams`: a JSON list
    (or its text) of objects with a `name` and the event's figures (and, for 3 or more teams in a round robin, the
    `matches` against each other); a figure left out is asked for only when a step compares it."""
    sheet = sheet_of(penalties)
    words = sheet["words"]
    if event not in sheet["events"]:
        raise PenaltyInputError(
            "event", "比赛", fill(words["unknown_event"], value=clip(event), choices="、".join(sheet["events"]))
        )
    parsed = parse_teams(sheet, event, teams)
    walk = {"steps": [], "missing": [], "separating": []}
    groups = walk_groups(penalties, event, [[name for name, _ in parsed]], dict(parsed), walk)
    return sheet_result(penalties, event, parsed, groups, walk)


def walk_groups(penalties: PenaltyData, event: str, groups: list[list[str]], figures: dict, walk: dict) -> list:
    """The steps of `event` over `groups` (recorded in `walk`), to the first that leaves every group one team, a
    playoff, or a figure left blank; the groups as they then stand, the first place first. With `restart`, the teams
    still tied after a step that sets some apart start again at the event for their number."""
    sheet = sheet_of(penalties)
    words, article, spec = sheet["words"], penalties.tables["tie_break"]["article"], sheet["events"][event]
    for step in spec["steps"]:
        if walk["missing"] or all(len(group) == 1 for group in groups):
            break
        clause = clause_text(penalties, article, step["anchor"])
        record = {"anchor": step["anchor"], "clause": clause, "label": step["label"], "quote": step["quote"]}
        if step["compare"] == "playoff":
            tied = [group for group in groups if len(group) > 1]
            first = not any(done["outcome"] == "playoff" for done in walk["steps"])
            text = fill(words["playoff" if first else "playoff_then"], quote=step["quote"])
            walk["steps"].append(dict(record, outcome="playoff", teams=tied, text=text))
            continue
        blanks = [blank for group in groups if len(group) > 1 for blank in step_blanks(sheet, step, group, figures)]
        if blanks:
            walk["missing"] = blanks
            needs = words["list_joiner"].join(
                fill(
                    words["need_match" if "other" in b else "need"],
                    team=b["team"],
                    figure=b["label"],
                    other=b.get("other"),
                )
                for b in blanks
            )
            text = fill(words["missing"], clause=clause, label=step["label"], needs=needs)
            walk["steps"].append(dict(record, outcome="missing", teams=[], text=text))
            break
        next_groups: list[list[str]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            split, texts = compare_group(sheet, step, group, figures)
            values = words["value_joiner"].join(texts)
            if len(split) == 1:
                line = fill(
                    words["none_fits" if step["compare"] == "record" else "equal"], label=step["label"], values=values
                )
            else:
                line = fill(words["separates"], label=step["label"], values=values, order=order_text(sheet, split))
                if clause not in walk["separating"]:
                    walk["separating"].append(clause)
            outcome = "equal" if len(split) == 1 else "separates"
            walk["steps"].append(dict(record, outcome=outcome, teams=[group], order=split, text=line))
            if "restart" in spec and len(split) > 1:  # a restart event walks one group: its teams, at its start
                for part in split:
                    if len(part) == 1 or walk["missing"]:
                        next_groups.append(part)
                    else:
                        restart = restart_event(sheet, spec, len(part))
                        next_groups.extend(walk_groups(penalties, restart, [part], figures, walk))
                return next_groups
            next_groups.extend(split)
        groups = next_groups
    return groups


def figures_text(values: dict) -> dict:
    """A team's figures as the result shows them: exact decimals, None for a blank (and so its matches)."""
    return {
        key: figures_text(value) if isinstance(value, dict) else None if value is None else format_number(value)
        for key, value in values.items()
    }


def sheet_result(penalties: PenaltyData, event: str, parsed: list, groups: list, walk: dict) -> dict:
    """The JSON object of a walk: its steps, the order reached, the headline and the text a director pastes."""
    sheet = sheet_of(penalties)
    words, spec = sheet["words"], sheet["events"][event]
    walked, missing, separating = walk["steps"], walk["missing"], walk["separating"]
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
        "teams": [{"name": name, **figures_text(values)} for name, values in parsed],
        "steps": walked,
        "order": groups,
        "decided": not missing and all(len(group) == 1 for group in groups),
        "missing": missing,
        "subject": subject,
        "headline": headline,
        "reading": " ".join(filter(None, [sheet["reading"], spec.get("reading")])),
        "other_reading": " ".join(filter(None, [sheet["other_reading"], spec.get("other_reading")])),
        "ruling": "\n".join(lines),
    }

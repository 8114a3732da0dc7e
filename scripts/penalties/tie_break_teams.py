"""第45条 同分名次表: the sheet's data as the walk reads it (`sheet_of`, `event_figures`, `restart_event`) and the
teams as a director gives them, checked (`parse_teams`): names, figures and, for 3 or more teams in a round robin,
what each got against each other (`matches`). Every refusal is one Chinese sentence naming the team and the figure.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

from scripts.limits import clip
from scripts.penalties.data import PenaltyData
from scripts.penalties.spec import PenaltyInputError, ascii_text, fill

NAME_LIMIT = 20  # characters of a team's name
FIGURE_MAX = 999999999
FIGURE_PLACES = 4
FIGURE = re.compile(rf"([0-9]{{1,12}})(?:\.([0-9]{{1,{FIGURE_PLACES}}}))?")  # after ascii_text (stripped)
MATCHES = "matches"  # a team's key for what it got against each other team (round robins of 3 or more teams)


def sheet_of(penalties: PenaltyData) -> dict:
    return penalties.tables["tie_break"]["sheet"]


def event_figures(sheet: dict, event: str) -> list[str]:
    """The figures a team of `event` gives, in the order its steps first use them: with mutual matches (`restart`),
    those of the events its teams may start again at too, less the ones read from the matches (match_figures)."""
    spec = sheet["events"][event]
    from_matches = {mutual["figure"] for mutual in sheet["match_figures"].values()} if "restart" in spec else set()
    names: list[str] = []
    for name in [event, *spec.get("restart", [])]:
        for step in sheet["events"][name]["steps"]:
            for key in ("figure", "won", "lost"):
                if key in step and step[key] not in names and step[key] not in from_matches:
                    names.append(step[key])
    return names


def restart_event(sheet: dict, spec: dict, count: int) -> str:
    """The event of `spec`'s restart list whose number of teams `count` is."""
    return next(
        name
        for name in spec["restart"]
        if sheet["events"][name].get("min_teams", 2) <= count <= sheet["events"][name]["max_teams"]
    )


def refuse(sheet: dict, message: str, **facts) -> PenaltyInputError:
    facts = {key: clip(value) if isinstance(value, str) else value for key, value in facts.items()}  # typed, cut
    return PenaltyInputError("teams", sheet["words"]["teams_label"], fill(sheet["words"][message], **facts))


def parse_figure(sheet: dict, team: str, figure: str, raw: Any, label: str | None = None) -> Fraction | None:
    """A figure as typed (312, 12.5, full-width digits) or as JSON; blank is None (not needed until a step asks)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    text = ascii_text(raw) if not isinstance(raw, bool) else "?"
    match = FIGURE.fullmatch(text)
    value = Fraction(int(match[1] + (match[2] or "")), 10 ** len(match[2] or "")) if match else None
    if value is None or value > FIGURE_MAX:
        label = label or sheet["figures"][figure]["label"]
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
    if len(teams) < spec.get("min_teams", 2):
        raise PenaltyInputError("teams", words["teams_label"], spec["fewer"])
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
            if key == MATCHES:
                if "restart" not in spec:
                    raise refuse(sheet, "no_matches", team=name)
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
    if "restart" in spec:
        names = [name for name, _ in parsed]
        for (name, values), team in zip(parsed, teams):
            values[MATCHES] = parse_matches(sheet, name, names, team.get(MATCHES))
    return parsed


def parse_matches(sheet: dict, team: str, names: list[str], raw: Any) -> dict:
    """{other team: {vp|imp|tp: Fraction or None}} of what `team` got against each other team."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict) or not all(isinstance(value, dict) for value in raw.values()):
        raise refuse(sheet, "bad_matches", team=team)
    for other, figures in raw.items():
        if other not in names or other == team:
            raise refuse(sheet, "unknown_opponent", team=team, other=other)
        for key in figures:
            if key not in sheet["match_figures"]:
                raise refuse(sheet, "unknown_match_figure", team=team, other=other, key=key)
    matches = {}
    for other in names:
        if other != team:
            given = raw.get(other, {})
            matches[other] = {
                key: parse_match_figure(sheet, team, other, key, given.get(key)) for key in sheet["match_figures"]
            }
    return matches


def parse_match_figure(sheet: dict, team: str, other: str, key: str, raw: Any) -> Fraction | None:
    mutual = sheet["match_figures"][key]
    return parse_figure(sheet, f"{team}对{other}", mutual["figure"], raw, label=mutual["label"])

"""CSS text tools for the site's stylesheets (tinycss2): drop what no page or script of the site uses (rules needing
a class nothing holds, custom properties nothing reads), written back compactly. Minifying is rcssmin's
(scripts/site/stylesheets.py)."""

from __future__ import annotations

import re

import tinycss2

GROUPING_AT_RULES = ("media", "supports", "layer", "container")
CUSTOM_PROPERTY_USE = re.compile(r"var\(\s*(--[\w-]+)")


# ---------------------------------------------------------------------------------------------- serialising


def tokens_text(tokens) -> str:
    """Tokens as compact CSS: comments dropped, each run of whitespace one space, none at either end."""
    out = []
    for token in tokens:
        if token.type == "comment":
            continue
        if token.type == "whitespace":
            if out and out[-1] not in (" ", ","):
                out.append(" ")
            continue
        text = tinycss2.serialize([token])
        if text == "," and out and out[-1] == " ":
            out.pop()
        out.append(text)
    return "".join(out).strip()


def declarations_text(content) -> str:
    parts = []
    for item in tinycss2.parse_blocks_contents(content, skip_comments=True, skip_whitespace=True):
        if item.type == "declaration":
            parts.append(f"{item.name}:{tokens_text(item.value)}{'!important' if item.important else ''}")
        elif item.type in ("qualified-rule", "at-rule"):  # nested rules (not used by these sheets, kept as they are)
            parts.append(rule_text(item))
    return ";".join(parts)


def rule_text(rule) -> str:
    if rule.type == "qualified-rule":
        return f"{tokens_text(rule.prelude)}{{{declarations_text(rule.content)}}}"
    prelude = tokens_text(rule.prelude)
    head = f"@{rule.at_keyword}{' ' + prelude if prelude else ''}"
    if rule.content is None:
        return head + ";"
    if rule.lower_at_keyword in GROUPING_AT_RULES or rule.lower_at_keyword.endswith("keyframes"):
        inner = "".join(rule_text(r) for r in parse_rules(rule.content))
    else:
        inner = declarations_text(rule.content)
    return f"{head}{{{inner}}}"


def parse_rules(tokens_or_text):
    parse = tinycss2.parse_stylesheet if isinstance(tokens_or_text, str) else tinycss2.parse_rule_list
    return [r for r in parse(tokens_or_text, skip_comments=True, skip_whitespace=True) if r.type != "error"]


# ---------------------------------------------------------------------------------------------- unused rules

CLASS_OUTSIDE_PARENTHESES = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
CLASS_ATTRIBUTE = re.compile(r'\bclass="([^"]*)"')
NAME_IN_SCRIPT = re.compile(r"[-\w]+")


def classes_in_use(pages: list[str], scripts: list[str]) -> set[str]:
    """Every class a page's HTML holds, and every word of the site's scripts (the classes they add are words there)."""
    used = {name for html in pages for value in CLASS_ATTRIBUTE.findall(html) for name in value.split()}
    return used | {word for script in scripts for word in NAME_IN_SCRIPT.findall(script)}


def _required_classes(selector: str) -> set[str]:
    """The classes an element must have for `selector` to match: those outside any parentheses (:not(.a), :is(.a, .b)
    require nothing) and outside attribute selectors."""
    depth, plain = 0, []
    for char in re.sub(r"\[[^\]]*\]", "", selector):
        depth += char == "("
        plain.append(char if depth == 0 else " ")
        depth -= char == ")"
    return set(CLASS_OUTSIDE_PARENTHESES.findall("".join(plain)))


def split_selectors(prelude: str) -> list[str]:
    parts, depth, current = [], 0, []
    for char in prelude:
        depth += (char in "([") - (char in ")]")
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    return parts + ["".join(current)]


def without_unused_rules(stylesheet: str, used: set[str]) -> str:
    """`stylesheet` (minified) without the selectors that need a class nothing on the site uses (`used`,
    classes_in_use), and without rules and media blocks left empty. Rules without such a class stay.

    >>> without_unused_rules(".a,.b .zz{x:1}.zz{x:2}@media print{.zz:not(.q){x:3}}p:not(.zz){x:4}", {"a", "b"})
    '.a{x:1}p:not(.zz){x:4}'
    """
    out = []
    for rule in parse_rules(stylesheet):
        if rule.type == "qualified-rule":
            selectors = [s for s in split_selectors(tokens_text(rule.prelude)) if _required_classes(s) <= used]
            if selectors:
                out.append(f"{','.join(selectors)}{{{declarations_text(rule.content)}}}")
        elif rule.type == "at-rule" and rule.content is not None and rule.lower_at_keyword in GROUPING_AT_RULES:
            inner = without_unused_rules("".join(rule_text(r) for r in parse_rules(rule.content)), used)
            if inner:
                out.append(f"@{rule.at_keyword} {tokens_text(rule.prelude)}{{{inner}}}")
        else:
            out.append(rule_text(rule))
    return "".join(out)


def selectors_without_use(stylesheet: str, used: set[str]) -> list[tuple[str, set[str]]]:
    """The selectors of `stylesheet` (minified) that without_unused_rules drops, each with the classes it needs
    that nothing on the site uses.

    >>> selectors_without_use(".a,.b .zz{x:1}@media print{.q.zz{x:3}}", {"a", "b", "q"})
    [('.b .zz', {'zz'}), ('.q.zz', {'zz'})]
    """
    dropped = []
    for rule in parse_rules(stylesheet):
        if rule.type == "qualified-rule":
            for selector in split_selectors(tokens_text(rule.prelude)):
                missing = _required_classes(selector) - used
                if missing:
                    dropped.append((selector, missing))
        elif rule.type == "at-rule" and rule.content is not None and rule.lower_at_keyword in GROUPING_AT_RULES:
            dropped += selectors_without_use("".join(rule_text(r) for r in parse_rules(rule.content)), used)
    return dropped


def declarations_in(rules):
    """Every (name, value) declared in `rules`, inside media blocks too."""
    for rule in rules:
        if rule.type == "qualified-rule" or (
            rule.type == "at-rule"
            and rule.content is not None
            and rule.lower_at_keyword not in GROUPING_AT_RULES
            and not rule.lower_at_keyword.endswith("keyframes")
        ):
            for item in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True):
                if item.type == "declaration":
                    yield item.name, tokens_text(item.value)
        elif rule.type == "at-rule" and rule.content is not None:
            yield from declarations_in(parse_rules(rule.content))


def used_custom_properties(declarations, named_elsewhere: set[str]) -> set[str]:
    """The custom properties that a declaration's var() reaches, directly or through other custom properties,
    plus those in `named_elsewhere` (the scripts set and read some by name)."""
    declarations = list(declarations)
    defined: dict[str, list[str]] = {}
    for name, value in declarations:
        if name.startswith("--"):
            defined.setdefault(name, []).append(value)
    used = {n for n in named_elsewhere if n.startswith("--")}
    used |= {
        ref for name, value in declarations if not name.startswith("--") for ref in CUSTOM_PROPERTY_USE.findall(value)
    }
    frontier = set(used)
    while frontier:
        frontier = {
            ref for n in frontier for value in defined.get(n, []) for ref in CUSTOM_PROPERTY_USE.findall(value)
        } - used
        used |= frontier
    return used


def without_unused_properties(stylesheet: str, named_elsewhere: set[str]) -> str:
    """`stylesheet` (minified) without the custom properties nothing uses (used_custom_properties).

    >>> without_unused_properties(":root{--a:1;--b:var(--c);--c:2;--d:3}p{x:var(--b)}", set())
    ':root{--b:var(--c);--c:2}p{x:var(--b)}'
    """
    rules = parse_rules(stylesheet)
    used = used_custom_properties(declarations_in(rules), named_elsewhere)

    def rewrite(rules) -> str:
        out = []
        for rule in rules:
            if rule.type == "qualified-rule":
                kept = [
                    f"{d.name}:{tokens_text(d.value)}{'!important' if d.important else ''}"
                    for d in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
                    if d.type == "declaration" and (not d.name.startswith("--") or d.name in used)
                ]
                if kept:
                    out.append(f"{tokens_text(rule.prelude)}{{{';'.join(kept)}}}")
            elif rule.type == "at-rule" and rule.content is not None and rule.lower_at_keyword in GROUPING_AT_RULES:
                inner = rewrite(parse_rules(rule.content))
                if inner:
                    out.append(f"@{rule.at_keyword} {tokens_text(rule.prelude)}{{{inner}}}")
            else:
                out.append(rule_text(rule))
        return "".join(out)

    return rewrite(rules)

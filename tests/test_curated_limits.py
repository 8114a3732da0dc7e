"""The reading layer's limits and types (issue 25), on small hand-made YAML: every attack is one line naming the file
and its line, raised quickly; the merge keys the curated files use keep working. The whole project under the same
attacks, through the entry points, is tests/test_bounded_inputs.py (slow tier)."""

from __future__ import annotations

import re
import time

import pytest

from scripts.curated.reader import compose, construct
from scripts.errors import CuratedFileError
from scripts.limits import MAX_ECHO_CHARS, MAX_YAML_DEPTH, MAX_YAML_NODES, clip

WHERE = "rulebook_src/errata.yml"


def load(text: str):
    node = compose(text, WHERE)
    return construct(node, WHERE)


def alias_bomb(width: int, levels: int) -> str:
    lines = ["a0: &a0 [x, x]"]
    for level in range(1, levels + 1):
        lines.append(f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def merge_bomb(levels: int) -> str:
    lines = ["m0: &m0 {k0: v}"]
    for level in range(1, levels + 1):
        keys = ", ".join(f"<<: *m{level - 1}" if i == 0 else f"k{level}_{i}: *m{level - 1}" for i in range(8))
        lines.append(f"m{level}: &m{level} {{{keys}}}")
    return "\n".join(lines) + "\n"


ATTACKS = {
    "alias bomb, 300 a level": (alias_bomb(300, 6), "exceeds the limit"),
    "alias bomb, 30 a level": (alias_bomb(30, 4), "exceeds the limit"),
    "merge-key bomb": (merge_bomb(12), "exceeds the limit"),
    "deep list": ("[" * 20_000 + "]" * 20_000, "nested more than"),
    "deep mapping": ("".join(f"{'  ' * i}k:\n" for i in range(200)) + "  " * 200 + "v\n", "nested more than"),
    "set": ("errata: !!set {a, b}\n", "!!set is not used"),
    "python object": ("x: !!python/object:os.system [ls]\n", "!!python/object:os.system is not used"),
    "binary": ("x: !!binary aGVsbG8=\n", "!!binary is not used"),
    "unknown local tag": ("x: !mine 3\n", "!mine is not used"),
    "date": ("x: 2026-12-02\n", "reads as a date"),
    "octal line": ("line: 017\n", "not a plain decimal whole number"),
    "sexagesimal line": ("line: 1:30\n", "not a plain decimal whole number"),
    "tagged text as int": ("line: !!int abc\n", "not a plain decimal whole number"),
    "5,000 digits": ("line: " + "9" * 5000 + "\n", "not a plain decimal whole number"),
    "hex": ("line: 0x1f\n", "not a plain decimal whole number"),
    "infinity": ("share: .inf\n", "not a plain decimal number"),
    "two documents": ("a: 1\n---\nb: 2\n", "a second YAML document"),
    "undefined alias": ("a: *nowhere\n", "names no anchor"),
    "mapping as key": ("? [a, b]\n: c\n", "a key must be text"),
}


@pytest.mark.parametrize("name", ATTACKS)
def test_an_attack_is_one_short_line_naming_file_and_line(name):
    text, problem = ATTACKS[name]
    started = time.monotonic()
    with pytest.raises(CuratedFileError) as caught:
        load(text)
    message = str(caught.value)
    assert time.monotonic() - started < 5, f"{name}: took {time.monotonic() - started:.1f} s"
    assert re.match(rf"{re.escape(WHERE)}:[0-9]+: ", message), message
    assert problem in message and "\n" not in message and len(message) < 300, message


def test_merge_keys_as_the_curated_files_use_them_keep_working():
    data, lines = load(
        "base: &base {kind: minutes, label: 迟到}\n"
        "first: {<<: *base, label: 超时}\n"
        "both: {<<: [*base, {kind: other, extra: 1}]}\n"
    )
    assert data["first"] == {"kind": "minutes", "label": "超时"}
    assert data["both"] == {"kind": "minutes", "label": "迟到", "extra": 1}  # of two merges the first wins
    assert lines.of("first", "label") == 2 and lines.of("first", "kind") == 1


def test_plain_values_and_number_keys():
    data, lines = load("laws:\n  9:\n    line: 12\n    share: 0.5\n    flag: true\n    none: null\n    text: '017'\n")
    assert data == {"laws": {9: {"line": 12, "share": 0.5, "flag": True, "none": None, "text": "017"}}}
    assert lines.of("laws", 9, "share") == lines.of("laws", "9", "share") == 4


def test_limits_leave_room_for_the_real_files():
    from scripts import curated
    from scripts.curated.line_tables import LineTable
    from scripts.paths import SRC

    for path in curated.data_files(SRC):
        if not isinstance(curated.schema_for(path), LineTable):
            data = curated.load(path)

            def depth(value) -> int:
                children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
                return 1 + max((depth(child) for child in children), default=0)

            def count(value) -> int:
                children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
                return 1 + sum(count(child) for child in children)

            assert depth(data) <= MAX_YAML_DEPTH // 2 and count(data) <= MAX_YAML_NODES // 4, path


def test_an_echoed_value_is_cut():
    assert clip("x" * 1_000_000) == "x" * (MAX_ECHO_CHARS - 1) + "…"
    with pytest.raises(CuratedFileError) as caught:
        from scripts.curated.models import check, choice
        from scripts.curated.reader import construct

        check(choice(("a", "b")), *construct(compose("v" * 100_000 + "\n", WHERE), WHERE))
    assert len(str(caught.value)) < 200

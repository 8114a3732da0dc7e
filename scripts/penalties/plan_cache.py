"""The calculators' plans remembered by what each one read: scripts/penalties/plan.py takes up to a quarter of a second
a plan, and a render whose penalty data changed elsewhere (an article edited under `make serve`, another calculator's
table, each of the fuzz runner's children, forked after the parent worked the plans out) takes them as they were.

A plan is a function of what its calculator reads: the tables `plan_reads` names (conventions.yml, the tables that name
the calculator, ALSO_READS), its own declaration, and those values of the words and of conventions.yml that working it
out read, recorded by `ReadKeys` as paths down to the leaves (a key looked for and not there is recorded too; a mapping
walked whole counts whole). A plan is taken as remembered when all of that is the same again: the same reads, in the
same order, then give the same plan. tests/test_penalty_plans.py works every plan out from only the tables
`plan_reads` names and the paths recorded, and gets the same plan.

Home-made: a memo keyed by the reads a computation recorded (a build system's dependency tracking, at the level of
these mappings); functools.lru_cache keys on the arguments, and the PenaltyData as a whole changes with every edit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from scripts.penalties.data import PenaltyData

# tables a calculator reads besides those that name it (`calculator:`) and conventions.yml
ALSO_READS = {"fouled": ("forfeit",), "withdrawal": ("forfeit",)}
EVERY_KEY = "\0every key"  # recorded when a mapping is walked or measured: all of it counts
ABSENT = "\0absent"  # the value of a key looked for and not there
MAPPING_THERE = "\0mapping"  # recorded under a key whose value, a mapping, was read: that it is still one is read


class ReadKeys(Mapping):
    """A read-only view of a mapping that records the keys read of it into `reads`, as paths from the top
    ("errors", "above"); a mapping read of it is a view of the same kind, so the reads are recorded to the leaves."""

    def __init__(self, data: Mapping, reads: set[tuple[str, ...]], path: tuple[str, ...] = ()):
        self._data, self._reads, self._path = data, reads, path

    def __getitem__(self, key: str) -> Any:
        if key not in self._data:  # looked for and not there: its absence is read (Mapping.get comes here too)
            self._reads.add((*self._path, key))
        value = self._data[key]
        if isinstance(value, Mapping):  # that it is there is read; what of it is read, the view records
            self._reads.add((*self._path, key, MAPPING_THERE))
            return ReadKeys(value, self._reads, (*self._path, key))
        self._reads.add((*self._path, key))
        return value

    def __contains__(self, key: object) -> bool:
        self._reads.add((*self._path, str(key)))
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        self._reads.add((*self._path, EVERY_KEY))
        return iter(self._data)

    def __len__(self) -> int:
        self._reads.add((*self._path, EVERY_KEY))
        return len(self._data)


@dataclass(frozen=True)
class RememberedPlan:
    fingerprint: str
    words: frozenset[tuple[str, ...]]  # the paths of the words that working the plan out read
    conventions: frozenset[tuple[str, ...]]  # and of conventions.yml
    script: str


_REMEMBERED: dict[str, RememberedPlan] = {}  # plan's path → the plan as last worked out


def plan_reads(penalties: PenaltyData, name: str) -> PenaltyData:
    """The penalty data with only the tables calculator `name`'s plan reads: conventions.yml, the tables that name it
    and those ALSO_READS lists (of the calculators' declarations the plan reads its own, and the words)."""
    tables = {
        table: content
        for table, content in penalties.tables.items()
        if table == "conventions" or content.get("calculator") == name or table in ALSO_READS.get(name, ())
    }
    return replace(penalties, tables=MappingProxyType(tables))


def digest_of(value: Any) -> str:
    text = json.dumps(
        value, ensure_ascii=False, sort_keys=True, default=lambda o: dict(o) if isinstance(o, Mapping) else repr(o)
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def value_at(mapping: Any, path: tuple[str, ...]) -> Any:
    """The value at `path` of nested mappings (ABSENT where a key is not there; the mapping itself for EVERY_KEY)."""
    for key in path:
        if key == EVERY_KEY:
            return mapping
        if key == MAPPING_THERE:
            return isinstance(mapping, Mapping)
        if not isinstance(mapping, Mapping) or key not in mapping:
            return ABSENT
        mapping = mapping[key]
    return mapping


def plan_fingerprint(reads: PenaltyData, name: str, words: frozenset, conventions: frozenset, digests: dict) -> str:
    """A digest of what calculator `name`'s plan was made from: the tables of `reads` (plan_reads) but conventions.yml,
    its declaration, and the paths `words` and `conventions` of those two mappings; `digests` keeps the parts' digests
    for the other plans of one render."""

    def part(key: str, value: Any) -> str:
        if key not in digests:
            digests[key] = digest_of(value)
        return digests[key]

    def keys_of(label: str, mapping: Mapping, paths: frozenset) -> list[str]:
        found = []
        for path in sorted(paths):
            text = "/".join(path)
            found.append(f"{text}={part(f'{label} {text}', value_at(mapping, path))}")
        return found

    parts = [part(f"table {t}", content) for t, content in sorted(reads.tables.items()) if t != "conventions"]
    parts += [part(f"calculator {name}", reads.calculators[name])]
    parts += keys_of("words", reads.words, words) + keys_of("conventions", reads.conventions, conventions)
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def recorded_reads(penalties: PenaltyData) -> tuple[PenaltyData, set[tuple[str, ...]], set[tuple[str, ...]]]:
    """`penalties` whose words and conventions.yml record the keys read of them, and the two sets they record into."""
    words: set[tuple[str, ...]] = set()
    conventions: set[tuple[str, ...]] = set()
    tables = MappingProxyType({**penalties.tables, "conventions": ReadKeys(penalties.conventions, conventions)})
    return replace(penalties, words=ReadKeys(penalties.words, words), tables=tables), words, conventions


def remembered_plan(
    penalties: PenaltyData, name: str, fixed: dict, path: str, work_out: Callable[..., str], digests: dict
) -> str:
    """The script of plan `path` (calculator `name` with the page's `fixed` values): as remembered when what it read
    is the same, else `work_out(penalties, name, fixed)` with the reads recorded, then remembered."""
    reads = plan_reads(penalties, name)
    last = _REMEMBERED.get(path)
    if last and plan_fingerprint(reads, name, last.words, last.conventions, digests) == last.fingerprint:
        return last.script
    tracked, words, conventions = recorded_reads(reads)
    script = work_out(tracked, name, fixed)
    words_read, conventions_read = frozenset(words), frozenset(conventions)
    fingerprint = plan_fingerprint(reads, name, words_read, conventions_read, digests)
    _REMEMBERED[path] = RememberedPlan(fingerprint, words_read, conventions_read, script)
    return script

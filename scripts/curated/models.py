"""The curated files' schemas as typed models (pydantic v2), and the one line `file:line: key path: problem` for
the first fault pydantic finds in a file's data (the line from the reader's Lines, scripts/curated/reader.py).

    record(required, optional)   a closed mapping: these keys and no other (a pydantic model)
    text, whole, number, boolean, null, choice, list_of, map_of, any_of, filled   the values in it
    check(schema, data, lines)         validate, or raise CuratedFileError for the first fault in the file

The schemas themselves are in scripts/curated/files.py and penalty_files.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    create_model,
)
from pydantic import model_validator
from pydantic_core import PydanticCustomError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from scripts.curated.reader import MERGE, Lines
from scripts.errors import CuratedFileError
from scripts.limits import clip


def describe(value: object) -> str:
    """What a YAML value is, in the words of the messages."""
    if isinstance(value, Mapping):
        return "a mapping (key: value)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    return "nothing (null)" if value is None else "text"


def _fault(kind: str, message: str, **context: Any) -> PydanticCustomError:
    """A fault of `kind` with its message written out (pydantic's templates take no format specs)."""
    return PydanticCustomError(kind, "{message}", {**context, "message": message})


# ---------------------------------------------------------------------------------------------- mappings


class Record(BaseModel):
    """A mapping with known keys (YAML key = field alias): the required ones present, no other key unless `_others`
    (a schema that then checks every other key's value)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    _nonempty: ClassVar[bool] = False  # at least one of the (optional) keys
    _others: ClassVar[Any] = None

    @model_validator(mode="before")
    @classmethod
    def _keys(cls, data: Any, info: ValidationInfo) -> Any:
        if not isinstance(data, Mapping):
            raise _fault("mapping", f"expected a mapping (key: value), got {describe(data)}")
        fields = {info.alias or name: info for name, info in cls.model_fields.items()}
        if cls._nonempty and not data:
            raise _fault("empty", f"is empty (give one of {', '.join(fields)})")
        missing = [key for key, info in fields.items() if info.is_required() and key not in data]
        if missing:
            more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
            raise _fault("missing_key", f"missing key {missing[0]!r}{more}")
        if isinstance(info.context, dict):  # for the message about an unknown key (pydantic's extra_forbidden)
            info.context.setdefault("known", {})[id(data)] = ", ".join(fields)
        for key, value in data.items():
            if key in fields or cls._others is None:
                continue
            try:
                _adapter(cls._others).validate_python(value, strict=True, context=info.context)
            except ValidationError as exc:
                path, _, message = _first_fault(exc, value, None, (info.context or {}).get("known", {}))
                raise _fault("nested", message, path=(key, *path)) from None
        return data


_MODEL_NUMBERS = iter(range(1, 1_000_000))


def record(
    required: Mapping[str, Any],
    optional: Mapping[str, Any] | None = None,
    *,
    open: bool = False,
    others: Any = None,
    nonempty: bool = False,
) -> type[Record]:
    """A Record model with these YAML keys (`required`, `optional`); an `open` one takes any other key, checked
    by `others` when given; a `nonempty` one needs at least one of its optional keys."""
    fields: dict[str, Any] = {}
    for index, (key, schema) in enumerate({**required, **(optional or {})}.items()):
        fields[f"f{index}"] = (schema, Field(... if key in required else None, alias=key))
    extra: Literal["allow", "forbid"] = "allow" if open else "forbid"
    namespace = {
        "_nonempty": nonempty,
        "_others": others,
        "model_config": ConfigDict(extra=extra, strict=True, frozen=True),
    }
    number = next(_MODEL_NUMBERS)
    base = type(f"RecordBase{number}", (Record,), namespace)
    return create_model(f"Record{number}", __base__=base, **fields)


def map_of(value: Any, key: Any = None, min_items: int = 1) -> Any:
    """A mapping with free keys (each checked by `key`, one line of text by default) and values of one schema."""
    keys = key if key is not None else text(one_line=True)
    return Annotated[dict[keys, value], Field(min_length=min_items)]  # type: ignore[valid-type]


# ---------------------------------------------------------------------------------------------- values


def text(
    *, empty: bool = False, one_line: bool = False, pattern: str | None = None, form: str = "", numbers: bool = False
) -> Any:
    """A string; `empty` allows '', `one_line` forbids line breaks, `pattern` must match the whole text (`form`
    says in words what it asks for); `numbers` accepts an unquoted number as its text (a table cell `12`)."""
    compiled = re.compile(pattern) if pattern is not None else None

    def check(value: str | int | float) -> str | int | float:
        written = str(value)
        if not empty and not written.strip():
            raise _fault("empty", "is empty")
        if one_line and "\n" in written.strip("\n"):
            raise _fault("one_line", "must be one line")
        if compiled is not None and not compiled.fullmatch(written):
            wanted = f"must be {form}" if form else f"does not have the form {pattern}"
            raise _fault("pattern", f"{clip(written)!r} {wanted}")
        return value

    return Annotated[str | int | float if numbers else str, AfterValidator(check)]


def whole(minimum: int | None = None) -> Any:
    return Annotated[int, Field(ge=minimum)] if minimum is not None else int


def number(minimum: float | None = None) -> Any:
    """A whole or decimal number (`12`, `0.5`, `-3`; strict pydantic takes a whole number for a float)."""
    return Annotated[float, Field(ge=minimum)] if minimum is not None else float


def choice(values: tuple[str, ...]) -> Any:
    return Literal[values]


def list_of(item: Any, min_items: int = 1, max_items: int | None = None) -> Any:
    return Annotated[list[item], Field(min_length=min_items, max_length=max_items)]


def any_of(alternatives: tuple[Any, ...]) -> Any:
    """The first alternative that fits; if none does, the complaint of the first one."""
    union = alternatives[0]
    for alternative in alternatives[1:]:
        union = union | alternative
    if len([a for a in alternatives if a is not None]) == 1:
        return union  # `X | None`: one type that may be null
    return Annotated[union, Field(union_mode="left_to_right")]


def null() -> Any:
    """Nothing (`null`, or a key with no value): e.g. the open upper end of a band."""
    return None


def boolean() -> Any:
    return bool


def filled(nullable: tuple[str, ...] = ()) -> Any:
    """Any YAML value with nothing empty in it: no null, no empty list or mapping, at any depth (an emptied table
    must stop the build, not reach a calculator); keys named in `nullable` may be null."""

    def check(value: Any, path: tuple[Any, ...] = ()) -> Any:
        if isinstance(value, Mapping):
            if not value:
                raise _fault("filled", "is an empty mapping", path=path)
            for key, inner in value.items():
                if not (key in nullable and inner is None):
                    check(inner, (*path, key))
        elif isinstance(value, list):
            if not value:
                raise _fault("filled", "is an empty list", path=path)
            for index, inner in enumerate(value):
                check(inner, (*path, index))
        elif value is None:
            raise _fault("filled", "has no value", path=path)
        return value

    return Annotated[Any, AfterValidator(check)]


# ---------------------------------------------------------------------------------------------- messages

_ADAPTERS: dict[int, tuple[Any, TypeAdapter[Any]]] = {}


def _adapter(schema: Any) -> TypeAdapter[Any]:
    """One TypeAdapter per schema (building one is the slow part)."""
    if id(schema) not in _ADAPTERS:
        _ADAPTERS[id(schema)] = (schema, TypeAdapter(schema))
    return _ADAPTERS[id(schema)][1]


WRONG_TYPE = {
    "string_type": "text",
    "int_type": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping (key: value)",
    "none_required": "nothing (null)",
}


def _message(error: Mapping[str, Any], parent: Any, known: Mapping[int, str]) -> str:
    """The words of one pydantic error; `parent` is the mapping an unknown key stands in, `known` its keys."""
    kind, got, context = error["type"], error.get("input"), error.get("ctx") or {}
    if kind in WRONG_TYPE:
        hint = (
            " (put it in quotes)"
            if kind == "string_type" and got is not None and not isinstance(got, (Mapping, list))
            else ""
        )
        return f"expected {WRONG_TYPE[kind]}, got {describe(got)}{hint}"
    if kind == "literal_error":
        values = re.findall(r"'((?:[^'\\]|\\.)*)'", str(context.get("expected", "")))
        shown = str(got) if not isinstance(got, (Mapping, list)) and got is not None else describe(got)
        return f"{clip(shown)!r} is not one of {', '.join(values)}"
    if kind == "too_short":
        unit = "item(s)" if isinstance(got, list) else "entry(ies)"
        return f"needs at least {context['min_length']} {unit}, has {context['actual_length']}"
    if kind == "too_long":
        return f"has {context['actual_length']} items, at most {context['max_length']} allowed"
    if kind == "greater_than_equal":
        return f"must be at least {context['ge']}, got {got}"
    if kind == "extra_forbidden":
        key = error["loc"][-1]
        return f"unknown key {clip(str(key))!r} (known: {known.get(id(parent), '')})"
    return str(context.get("message", error["msg"]))


def _data_path(error: Mapping[str, Any], data: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The error's place as keys and indexes of the data, and the place whose line the message names (an unknown
    key's own): pydantic's loc without the union members' tags and `[key]` (a number key is in loc as text)."""
    path: list[Any] = []
    value = data
    for step in error["loc"]:
        if isinstance(value, Mapping):
            key = step if step in value else next((k for k in value if str(k) == str(step)), _MISSING)
            if key is not _MISSING:
                path.append(key)
                value = value[key]
        elif isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
            path.append(step)
            value = value[step]
    context = error.get("ctx") or {}
    if error["type"] in ("nested", "filled"):
        path += list(context.get("path", ()))
    if error["type"] == "extra_forbidden":  # named at the key's own line, under the mapping's path
        return tuple(path[:-1]), tuple(path)
    return tuple(path), tuple(path)


def _value_at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


_MISSING = object()


def _first_fault(
    exc: ValidationError, data: Any, lines: Lines | None, known: Mapping[int, str]
) -> tuple[tuple[Any, ...], tuple[Any, ...], str]:
    """(place in the data, place of its line, message) of the fault nearest the top of the file; of equals, the
    first reported (for any_of: the first alternative's)."""
    faults = []
    for error in exc.errors():
        path, line_path = _data_path(error, data)
        faults.append((path, line_path, _message(error, _value_at(data, path), known)))
    if lines is None:
        return faults[0]
    return min(faults, key=lambda fault: lines.of(*fault[1]))


def key_path(path: tuple[Any, ...], data: Any) -> str:
    """`errata[3].reason`, `[0].slug`, `laws.1.title`: list items as [n], mapping keys after a dot."""
    shown, value = "", data
    for step in path:
        if isinstance(value, list):
            shown += f"[{step}]"
        else:
            shown += f".{clip(str(step))}" if shown else clip(str(step))
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            value = None
    return shown


def check(schema: Any, data: Any, lines: Lines) -> None:
    """Raise CuratedFileError, `file:line: key path: problem`, for the first fault of `data` against `schema`."""
    context: dict[str, Any] = {"known": {}}
    try:
        _adapter(schema).validate_python(data, strict=True, context=context)
    except ValidationError as exc:
        path, line_path, message = _first_fault(exc, data, lines, context["known"])
        where = key_path(path, data)
        raise CuratedFileError(
            f"{lines.file}:{lines.of(*line_path)}: {where + ': ' if where else ''}{message}"
        ) from None


def check_unique_keys(node: Node, file: str, path: str = "") -> None:
    """A key given twice in one mapping is a fault (the loaded data would keep only the last): YAML's node tree
    still has both, the data pydantic sees does not."""
    if isinstance(node, SequenceNode):
        for index, child in enumerate(node.value):
            check_unique_keys(child, file, f"{path}[{index}]")
    elif isinstance(node, MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            if key_node.tag == MERGE or not isinstance(key_node, ScalarNode):
                continue
            if key_node.value in seen:
                where = f"{path}: " if path else ""
                raise CuratedFileError(
                    f"{file}:{key_node.start_mark.line + 1}: {where}key {clip(key_node.value)!r} appears twice"
                )
            seen.add(key_node.value)
            check_unique_keys(value_node, file, f"{path}.{clip(key_node.value)}" if path else clip(key_node.value))

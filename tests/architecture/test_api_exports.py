"""``terts_referee.api`` names its own types: every type in the signature of anything it exports
(a parameter, a return value, a field, a property), and every type in those types' signatures in
turn, is importable from ``terts_referee.api`` itself, so that a typed client never imports an
internal module. And the faces (cli/, table/, web/) take nothing from the game API's modules
(game/, domain/, referee/, errors) that ``terts_referee.api`` does not export: the API is what
the program itself uses, so it cannot drift unseen."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import typing
from functools import cache

import pytest

import terts_referee.api as api
from tests.architecture.sources import ROOT, _modules

_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*")

#: The subsystems behind the game API: what a face takes from them is the API's to export.
API_LAYERS = ("game", "domain", "referee", "errors")

#: What a face may take from those modules without the API exporting it, and why.
FACE_ONLY = {
    # the table's fold of a typed word (ё as е, case): how the table compares words, not a
    # value of the game
    ("terts_referee.domain.cards", "FOLD"),
    # the page's club stamps the time a table was opened with the game file's own clock
    ("terts_referee.game.model", "now"),
}


@cache
def _package_types() -> dict[str, object]:
    """Every class and type alias the package defines, by name (imports every module)."""
    found: dict[str, object] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if attr.startswith("_"):
                continue
            if inspect.isclass(value) and value.__module__.startswith(ROOT):
                found.setdefault(attr, value)
            elif attr == "Event" and name.endswith("domain.events"):  # a Union, not a class
                found[attr] = value
    return found


def _annotations_of(obj: object) -> list[str]:
    """The annotations, as text, of a function's or a class's public signature."""
    texts: list[str] = []

    def of(function: object) -> None:
        try:
            signature = inspect.signature(function)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return
        for parameter in signature.parameters.values():
            if not parameter.name.startswith("_"):
                texts.append(str(parameter.annotation))
        texts.append(str(signature.return_annotation))

    if not inspect.isclass(obj):
        of(obj)
        return texts
    for klass in obj.__mro__:
        if not klass.__module__.startswith(ROOT):
            continue
        for name, hint in vars(klass).get("__annotations__", {}).items():
            if not name.startswith("_"):
                texts.append(str(hint))
        for name, value in vars(klass).items():
            if name.startswith("_") and name != "__init__":
                continue
            if isinstance(value, property):
                of(value.fget)
            elif isinstance(value, classmethod | staticmethod):
                of(value.__func__)
            elif inspect.isfunction(value):
                of(value)
    return texts


def _types_used() -> dict[str, set[str]]:
    """Each package type named in the API's signatures, with where it is named."""
    known = _package_types()
    used: dict[str, set[str]] = {}
    todo = [(name, getattr(api, name)) for name in api.__all__]
    seen: set[int] = set()
    while todo:
        where, obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        for text in _annotations_of(obj):
            for dotted in _NAME.findall(text):
                name = dotted.rsplit(".", 1)[-1]
                if name in known:
                    used.setdefault(name, set()).add(where)
                    todo.append((name, known[name]))
                    for member in typing.get_args(known[name]):  # a Union's members (Event)
                        used.setdefault(member.__name__, set()).add(name)
                        todo.append((member.__name__, member))
    return used


def test_every_type_in_the_apis_signatures_is_importable_from_it():
    used = _types_used()
    assert {"Card", "Suit", "Ruleset", "Verdict", "Declare"} <= set(
        used
    )  # the walk reaches the values
    missing = sorted(
        f"{name} (in {', '.join(sorted(where)[:3])})"
        for name, where in used.items()
        if name not in api.__all__
    )
    assert missing == []


def test_the_apis_exports_are_importable_and_listed_once():
    assert len(api.__all__) == len(set(api.__all__))
    for name in api.__all__:
        assert hasattr(api, name), name


def _face_imports() -> dict[tuple[str, str], set[str]]:
    """(module, name) of every ``from terts_referee.<api layer>… import name`` in a face."""
    found: dict[tuple[str, str], set[str]] = {}
    for name, path in _modules().items():
        parts = name.split(".")
        if parts[1:2] not in (["cli"], ["table"], ["web"]):
            continue
        here = parts if path.name == "__init__.py" else parts[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                stem = ".".join([*base, *(node.module.split(".") if node.module else [])])
            else:
                stem = node.module or ""
            layer = stem.split(".")[1:2]
            if stem.split(".")[0] != ROOT or not layer or layer[0] not in API_LAYERS:
                continue
            for alias in node.names:
                found.setdefault((stem, alias.name), set()).add(name)
    return found


def test_the_faces_take_from_the_game_only_what_the_api_exports():
    imports = _face_imports()
    assert imports  # the faces are there to be checked
    wrong = []
    for (module, name), users in sorted(imports.items()):
        if (module, name) in FACE_ONLY:
            continue
        value = getattr(importlib.import_module(module), name)
        if inspect.ismodule(value):
            wrong.append(f"{module}.{name}: a whole module, imported by {sorted(users)}")
        elif name not in api.__all__ or getattr(api, name) is not value:
            wrong.append(f"{module}.{name} (used by {', '.join(sorted(users))})")
    assert wrong == []


def test_the_face_only_exceptions_are_still_used():
    imports = _face_imports()
    assert sorted(FACE_ONLY - set(imports)) == []


def _values() -> list[object]:
    """A value of each of the API's value types."""
    queen = api.Card.parse("Q♥")
    seven = api.Card(api.Rank.SEVEN, api.Suit.HEARTS)
    terts = api.parse_combo("терц:Дч", api.Suit.HEARTS)
    return [
        queen,
        api.Suit.HEARTS,
        api.Rank.TEN,
        api.Kind.FOUR,
        api.PenaltyKind.MISCOUNT,
        api.Phase.FINAL,
        api.Status.SCORED,
        api.Unreachable.PLAYED,
        api.Action.INSERT,
        terts,
        api.DealEvent("Аня", api.Suit.HEARTS, seven, True),
        api.Declare("Аня", (terts,)),
        api.Trick(queen, seven),
        api.SetTrump(api.Suit.SPADES, None),
        api.Penalty("Боря", api.PenaltyKind.MISCOUNT, 10, None),
        api.Score("Боря", 54, "Аня"),
        api.Verdict("err.fix.both", {"n": 1}),
        api.Remedy("deal", {"quick": True, "replace": 3}),
        api.Field("trump", api.TEXT),
        api.TrumpRequest("7ч"),
        api.AskRequest("Аня"),
        api.DealRequest(trump="7ч", quick=False),
        api.ScoreRequest(54, "Боря", "Аня"),
        api.DeclareRequest("Аня", ["терц:Дч"]),
    ]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_a_value_s_repr_is_the_call_that_makes_it(value):
    assert eval(repr(value), vars(api)) == value

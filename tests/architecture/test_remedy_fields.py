"""Every remedy the program gives names an action a script or the page can send, with that
action's own field names: a remedy sent as it is must never get "unknown field". Read from the
source (every ``Remedy(ACTION, FIELDS)`` written in ``terts_referee``), so a remedy that is
given only on a rare path is checked as well."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import terts_referee
from terts_referee.game.requests import REQUESTS
from terts_referee.web.fields import ACTIONS

ROOT = Path(terts_referee.__file__).parent
#: Commands only the terminal has (a remedy may name them: ``terts log``), with no fields.
TERMINAL_ONLY = {"log": ()}


def _allowed(action: str) -> set[str] | None:
    if action in REQUESTS:
        return {f.name for f in REQUESTS[action].FIELDS} | {"replace", "before"}
    if action in ACTIONS:
        return {f.name for f in ACTIONS[action]}
    if action in TERMINAL_ONLY:
        return set(TERMINAL_ONLY[action])
    return None


def _strings(nodes: list[ast.expr | None]) -> set[str]:
    """The string literals among ``nodes`` (a dict display's keys: None stands for ``**``)."""
    return {n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _keys_of(name: str, scope: ast.AST) -> set[str]:
    """The keys a dict held in variable ``name`` gets in ``scope``: a literal assigned to it,
    ``name["k"] = …`` and ``name.update(k=…)``."""
    keys: set[str] = set()
    for node in ast.walk(scope):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id == name:
                    if isinstance(node.value, ast.Dict):
                        keys |= _strings(node.value.keys)
                if (
                    isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == name
                    and isinstance(target.slice, ast.Constant)
                    and isinstance(target.slice.value, str)
                ):
                    keys.add(target.slice.value)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "update"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == name
        ):
            keys |= {k.arg for k in node.keywords if k.arg}
    return keys


def _remedies() -> list[tuple[str, str, set[str]]]:
    found: list[tuple[str, str, set[str]]] = []

    def visit(node: ast.AST, scope: ast.AST, path: Path) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else scope
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Name)
                and child.func.id == "Remedy"
                and child.args
                and isinstance(child.args[0], ast.Constant)
                and isinstance(child.args[0].value, str)
            ):
                keys: set[str] = set()
                if len(child.args) > 1:
                    given = child.args[1]
                    if isinstance(given, ast.Dict):
                        keys = _strings(given.keys)
                    elif isinstance(given, ast.Name):
                        keys = _keys_of(given.id, scope)
                where = f"{path.relative_to(ROOT)}:{child.lineno}"
                found.append((where, child.args[0].value, keys))
            visit(child, inner, path)

    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        visit(tree, tree, path)
    return found


REMEDIES = [(w, a, frozenset(k)) for w, a, k in _remedies()]


def test_remedies_are_found():
    actions = {a for _, a, _ in REMEDIES}
    assert {"trump", "drop", "penalty", "deal"} <= actions, actions


@pytest.mark.parametrize(("where", "action", "keys"), REMEDIES, ids=[r[0] for r in REMEDIES])
def test_remedy_names_a_request_and_its_fields(where, action, keys):
    allowed = _allowed(action)
    assert allowed is not None, f"{where}: no request or page action {action!r}"
    assert keys <= allowed, f"{where}: {action} has no field {sorted(keys - allowed)}"

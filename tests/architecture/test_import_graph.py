"""No import cycle among the package's modules. The graph is read from the sources
with ``ast``: every import, at module level or inside a function, relative or absolute, is an
edge; ``from . import x`` is an edge to the submodule ``x`` when there is one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "terts_referee"
ROOT = "terts_referee"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = [ROOT, *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its source."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                stem = ".".join([*base, *(node.module.split(".") if node.module else [])])
            else:
                stem = node.module or ""
            for alias in node.names:
                sub = f"{stem}.{alias.name}"
                targets.add(sub if sub in modules else stem)
    return {t for t in targets if t in modules and t != name}


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_graph_sees_every_kind_of_import():
    graph = import_graph()
    assert "terts_referee.cli.dispatch" in graph["terts_referee.cli"]  # relative, module level
    assert "terts_referee.table" in graph["terts_referee.cli.commands.table"]  # in a function
    assert (
        "terts_referee.output.console" in graph["terts_referee.cli.commands.rules"]
    )  # from .. import


@pytest.mark.parametrize(
    ("graph", "cycle"),
    [
        pytest.param({"a": {"b"}, "b": {"a"}}, ["a", "b", "a"], id="two"),
        pytest.param({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"], id="three"),
        pytest.param({"a": {"b"}, "b": set()}, None, id="none"),
    ],
)
def test_find_cycle(graph, cycle):
    assert find_cycle(graph) == cycle


def test_no_import_cycle_in_the_package():
    assert find_cycle(import_graph()) is None

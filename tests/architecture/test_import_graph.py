"""No import cycle among the package's modules, in the graph ``tests.architecture.sources``
reads from the sources (every import, at module level or inside a function).
"""

from __future__ import annotations

import pytest

from tests.architecture.sources import import_graph


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
    rules = graph["terts_referee.cli.commands.rules"]
    assert "terts_referee.output.console" in rules  # from ...output import console
    assert "terts_referee.i18n" in graph["terts_referee.cli.root"]  # from .. import i18n


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

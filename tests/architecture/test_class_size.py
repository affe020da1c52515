"""No class in the package over 400 lines: a class that grows past that holds more than one
responsibility, and a newcomer reads it whole before changing any of it (``Game`` keeps the game
and answers for it; its file document, the walk of its log and its corrections are beside it)."""

from __future__ import annotations

import ast

from tests.architecture.sources import PACKAGE

MOST_LINES = 400


def class_lengths() -> dict[str, int]:
    """Every class of the package (``module.py:Outer.Inner``) and its length in lines, from its
    ``class`` line (its decorators included) to its last."""
    found: dict[str, int] = {}

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                name = f"{where}.{child.name}" if where else child.name
                assert child.end_lineno is not None  # ast.parse always sets it
                found[f"{path.relative_to(PACKAGE)}:{name}"] = child.end_lineno - first + 1
                visit(child, name)
            else:
                visit(child, where)

    for path in sorted(PACKAGE.rglob("*.py")):
        visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def test_the_measure_sees_classes_and_their_length():
    lengths = class_lengths()
    assert "game/model.py:Game" in lengths
    assert "domain/verdicts.py:Verdict" in lengths
    assert all(n > 0 for n in lengths.values())


def test_no_class_is_over_400_lines():
    long = {name: n for name, n in class_lengths().items() if n > MOST_LINES}
    assert not long, f"classes over {MOST_LINES} lines: {long}"

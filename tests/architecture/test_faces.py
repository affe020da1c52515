"""The faces call the game API, never one another: table mode and the page's server record
through ``game.game_file.GameFile`` and word its typed values, so no module of ``table/`` or
``web/`` runs the CLI (its dispatcher, its options) or captures what a command prints; and
nothing but the entry point imports the CLI at all. Read from the sources (``ast``), lazy
imports inside functions included."""

from __future__ import annotations

import ast

import pytest

from tests.architecture.sources import PACKAGE, ROOT, import_graph

CAPTURES = {"redirect_stdout", "redirect_stderr"}


def _module_files(subsystem: str) -> list[str]:
    return sorted(name for name in import_graph() if name.split(".")[1:2] == [subsystem])


def _captures(name: str) -> list[str]:
    """The stream captures a module names: ``from contextlib import redirect_stdout``,
    ``contextlib.redirect_stderr(...)``, ``sys.stdout = ...``."""
    parts = name.split(".")[1:]
    path = PACKAGE.joinpath(*parts)
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "contextlib":
            found += [a.name for a in node.names if a.name in CAPTURES]
        elif isinstance(node, ast.Attribute) and node.attr in CAPTURES:
            found.append(node.attr)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr in ("stdout", "stderr")
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "sys"
                ):
                    found.append(f"sys.{target.attr} =")
    return found


@pytest.mark.parametrize("face", ["table", "web"])
def test_table_and_web_never_run_the_cli(face):
    modules = _module_files(face)
    assert modules  # the face is there to be checked
    graph = import_graph()
    wrong = sorted(
        f"{m} imports {target}"
        for m in modules
        for target in graph[m]
        if target == f"{ROOT}.cli" or target.startswith(f"{ROOT}.cli.")
    )
    assert wrong == []


@pytest.mark.parametrize("face", ["table", "web"])
def test_table_and_web_never_capture_what_is_printed(face):
    wrong = {m: found for m in _module_files(face) if (found := _captures(m))}
    assert wrong == {}


def test_the_cli_is_imported_by_the_entry_point_alone():
    outside = sorted(
        f"{m} imports {target}"
        for m, targets in import_graph().items()
        if not (m == f"{ROOT}.cli" or m.startswith(f"{ROOT}.cli.")) and m != f"{ROOT}.__main__"
        for target in targets
        if target == f"{ROOT}.cli" or target.startswith(f"{ROOT}.cli.")
    )
    assert outside == []


def test_the_check_finds_what_it_looks_for(tmp_path, monkeypatch):
    """The scan itself works: the CLI's dispatcher is imported by the CLI's entry point (a
    relative import, module level), and a capture written either way is seen."""
    graph = import_graph()
    assert f"{ROOT}.cli.dispatch" in graph[f"{ROOT}.cli"]
    source = "import contextlib, sys\nfrom contextlib import redirect_stderr\n"
    source += "with contextlib.redirect_stdout(None): pass\nsys.stdout = None\n"
    fake = tmp_path / "terts_referee" / "web"
    fake.mkdir(parents=True)
    (fake / "probe.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr("tests.architecture.test_faces.PACKAGE", tmp_path / "terts_referee")
    found = sorted(_captures(f"{ROOT}.web.probe"))
    assert found == ["redirect_stderr", "redirect_stdout", "sys.stdout ="]

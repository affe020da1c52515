"""Nothing in the repository points at what a clone does not have.

The rule book, the contract and the design notes live in the repository (docs/, README); a
reference to a file outside it, or to a tracker's number, leads a newcomer nowhere. Comments
give reasons instead.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

#: The text files of the repository: sources, docs, catalogues, configuration, the page.
SUFFIXES = {".py", ".md", ".toml", ".po", ".pot", ".js", ".css", ".html", ".cfg", ".txt", ".json"}
#: Folders that are not the project's own text (environments, caches, installed packages).
SKIP = {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache", "build"}
SKIP |= {"dist"}

# The names are put together from parts so that this file, read by its own test, names none:
# the folder the specification came from beside the project, its three documents and the
# source texts; and a tracker's "issue N".
POINTERS = ("../" + "shared", "RULES" + ".md", "CLI" + ".md", "STYLE" + ".md", "seeds" + "/")
TRACKER = re.compile(r"\b[Ii]ssues? #?\d+")


def _texts() -> list[Path]:
    found = []
    for path in REPO.rglob("*"):
        parts = set(path.relative_to(REPO).parts)
        if parts & SKIP or not path.is_file():
            continue
        if path.suffix in SUFFIXES or path.relative_to(REPO).as_posix() == ".ci/run":
            found.append(path)
    return sorted(found)


def _offences(text: str) -> list[str]:
    said = [pointer for pointer in POINTERS if pointer in text]
    return said + TRACKER.findall(text)


TEXTS = _texts()


def test_the_walk_finds_the_project_s_texts():
    names = {p.relative_to(REPO).as_posix() for p in TEXTS}
    assert {"README.md", "docs/rules.md", "pyproject.toml", ".ci/run"} <= names
    assert any(name.endswith("terts.po") for name in names)


@pytest.mark.parametrize(
    "text", [f"see {POINTERS[0]}/{POINTERS[1]}", f"as {POINTERS[2]} says", "fixed in issue" + " 13"]
)
def test_the_check_sees_a_pointer(text):
    assert _offences(text)


def test_nothing_points_outside_the_repository_or_at_a_tracker():
    found = {
        p.relative_to(REPO).as_posix(): offences
        for p in TEXTS
        if (offences := _offences(p.read_text(encoding="utf-8", errors="replace")))
    }
    assert found == {}


#: A merge's conflict markers at the start of a line (built from parts, as above).
MARKERS = re.compile("^(" + "<" * 7 + " |" + "=" * 7 + "$|" + ">" * 7 + " )", re.MULTILINE)


def test_no_merge_left_its_conflict_markers():
    found = [
        p.relative_to(REPO).as_posix()
        for p in TEXTS
        if MARKERS.search(p.read_text(encoding="utf-8", errors="replace"))
    ]
    assert found == []


def test_the_markers_check_sees_a_marker():
    assert MARKERS.search("text\n" + "<" * 7 + " HEAD\nmine\n" + "=" * 7 + "\n")

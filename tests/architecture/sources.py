"""The package's import graph, read from the sources with ``ast``: every import, at module level or
inside a function, relative or absolute, is an edge; ``from . import x`` is an edge to the
submodule ``x`` when there is one. Nothing is imported, so a lazy import counts as much as one at
the top of a module.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "terts_referee"
ROOT = "terts_referee"


@cache  # the sources do not change during a run; parsing them per test cost seconds
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


@cache
def import_graph() -> dict[str, set[str]]:
    """Each module's imports (parsed once per run; callers must not change what it returns)."""
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}

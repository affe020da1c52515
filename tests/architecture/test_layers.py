"""Subsystems and the directions in which they may import each other.

The package is grouped by subsystem (``terts_referee/<subsystem>/``); each may import only those
below it, so the domain never learns of a file, a terminal or a page, and the faces (the
terminal commands, table mode, the web server) stay thin. The domain, the referee and the game
say no word either: they return verdicts (``domain.verdicts``), and ``i18n`` and the faces word
them. The graph is read from the sources (``tests.architecture.sources``: module-level and
function-level imports alike, those under ``TYPE_CHECKING`` too); a known wrong edge would be
listed in ``ALLOWED_FOR_NOW`` with its reason, so that any new one fails here and the list can
only shrink (it is empty).

Beside it, the modules below the faces are imported in a fresh interpreter each, so that nothing
imported by another test can hide a stray import of typer or rich.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.architecture.sources import PACKAGE, ROOT, import_graph

REPO_ROOT = Path(__file__).resolve().parents[2]

#: The faces: each may import anything.
FACES = {"cli", "table", "web", "__main__"}
#: Modules that are a layer of their own, below the one of their package: the verdicts are data
#: that every layer returns or carries (the error base and the file readers too), and they
#: import nothing of the package.
LEAVES = {"terts_referee.domain.verdicts": "verdicts"}
BELOW_THE_FACES = {
    "package",  # terts_referee/__init__.py: the version
    "compat",  # every touch of a dependency's private API: below every other
    "startup",  # the start-up tricks: a layer of its own, below every other but compat
    "verdicts",
    "errors",
    "files",
    "i18n",
    "domain",
    "referee",
    "game",
    "library",
    "output",
}
#: What each subsystem may import (besides itself).
MAY_IMPORT: dict[str, set[str]] = {
    "package": set(),
    "compat": set(),
    "startup": {"compat"},
    "verdicts": set(),
    "errors": {"verdicts"},  # the one error base, used by every layer; it carries a verdict
    # a user-named file read safely (rules, storage use it); what it says is data too
    "files": {"verdicts", "errors"},
    # the domain, the referee and the game return verdicts and say no word: no i18n, no face
    "domain": {"verdicts", "errors", "files"},
    "referee": {"verdicts", "domain", "errors"},
    "game": {"verdicts", "domain", "referee", "errors", "files", "startup"},
    # the words of the domain's verdicts; its catalogues read by a start-up trick
    "i18n": {"verdicts", "errors", "domain", "startup"},
    "library": {"verdicts", "game", "domain", "referee", "i18n", "errors", "files", "compat"},
    "output": BELOW_THE_FACES - {"output"},
    # the public API (``api.py``): re-exports of the game, its requests and views, the errors
    "api": {"verdicts", "game", "domain", "referee", "i18n", "errors", "files", "library"},
    **{face: (BELOW_THE_FACES | FACES | {"api"}) - {face} for face in FACES},
}

#: Edges that break the directions above and exist today; delete an entry when its import goes.
#: None is left: an edge against the directions fails at once.
ALLOWED_FOR_NOW: set[tuple[str, str]] = set()

#: Subsystems whose package ``__init__`` must stay empty of imports: a command that needs one
#: module of them must not load the others (start-up time).
EMPTY_PACKAGES = ("domain", "game", "library", "output", "output.report")


def subsystem(module: str) -> str:
    """``terts_referee.game.storage`` -> ``game``; the package itself -> ``package``; a leaf
    (``LEAVES``) -> its own name."""
    if module in LEAVES:
        return LEAVES[module]
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "package"


def wrong_edges() -> set[tuple[str, str]]:
    return {
        (module, target)
        for module, targets in import_graph().items()
        for target in targets
        if subsystem(target) != subsystem(module)
        and subsystem(target) not in MAY_IMPORT[subsystem(module)]
    }


def test_every_module_belongs_to_a_known_subsystem():
    assert sorted({subsystem(m) for m in import_graph()} - set(MAY_IMPORT)) == []


def test_no_subsystem_imports_against_the_directions():
    new = sorted(f"{a} imports {b}" for a, b in wrong_edges() - ALLOWED_FOR_NOW)
    assert new == []


def test_every_allowed_wrong_edge_still_exists():
    """An entry whose import is gone is deleted, so that it cannot come back unnoticed."""
    gone = sorted(f"{a} -> {b}" for a, b in ALLOWED_FOR_NOW - wrong_edges())
    assert gone == [], "delete these entries from ALLOWED_FOR_NOW"


@pytest.mark.parametrize("name", EMPTY_PACKAGES)
def test_a_subsystem_package_imports_nothing_itself(name):
    assert import_graph()[f"{ROOT}.{name}"] == set()
    text = PACKAGE.joinpath(*name.split("."), "__init__.py").read_text(encoding="utf-8")
    assert "import " not in text.split('"""')[-1], f"{name}/__init__.py imports"


# --- no typer, no rich below the faces --------------------------------------------------------

DOMAIN = [
    "compat",
    "startup",
    "domain.cards",
    "domain.declarations",
    "domain.play",
    "domain.rules",
    "domain.events",
    "domain.numbers",
    "referee",
    "game.model",
    "game.corrections",  # the trail and the effective events
    "game.storage",
    "game.game_file",  # the API every face calls, its requests and views
    "game.requests",
    "game.views",
    "api",
    "errors",
    "i18n.messages",
    "library.summary",  # the library's domain and storage
    "library.stats",
    "library.location",
    "library.index",
    "library.scan",
    "library.archive",
    "output.season",
]
UI_PACKAGES = ("typer", "rich", "click")

PROBE = """
import importlib, json, sys
module = importlib.import_module(sys.argv[1])
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules})))
"""


def imported_by(module: str) -> set[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, module],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    return set(json.loads(proc.stdout))


@pytest.mark.parametrize("name", DOMAIN)
def test_domain_module_imports_neither_typer_nor_rich(name):
    loaded = imported_by(f"terts_referee.{name}")
    assert "terts_referee" in loaded
    assert not loaded & set(UI_PACKAGES), (
        f"terts_referee.{name} pulls in {loaded & set(UI_PACKAGES)}"
    )


def test_all_domain_modules_together():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    code = (
        "import sys, json\n"
        + "".join(f"import terts_referee.{name}\n" for name in DOMAIN)
        + "print(json.dumps(sorted(m for m in sys.modules if m.startswith('terts_referee'))))\n"
        + f"assert not any(m.split('.')[0] in {UI_PACKAGES!r} for m in sys.modules)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    loaded = set(json.loads(proc.stdout))
    assert "terts_referee.cli" not in loaded and "terts_referee.output.console" not in loaded


def test_the_probe_would_see_typer():
    """The check itself works: the CLI's dispatcher does pull in typer (the ``cli`` package
    itself imports it only when a command runs: ``run`` sets the collector up first)."""
    assert "typer" in imported_by("terts_referee.cli.dispatch")

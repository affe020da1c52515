"""Packaging: every bundled ruleset loads after a non-editable install, run from elsewhere.

The wheel is built from the repository root with pip (hatchling comes from PyPI through pip's
build isolation), unpacked into a temp directory as an installer would, and imported from there
by a fresh interpreter whose working directory is another temp directory, so neither the
editable install nor the repository's own ``rulesets/`` folder can stand in for the package.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
BUNDLED = {"book", "classic", "exact", "follow", "multi", "short", "strict"}

PROBE = """
import json
import terts_referee.domain.rules as rules
from terts_referee.domain.rules import bundled_names, load_ruleset
names = bundled_names()
loaded = {name: load_ruleset(name).name for name in names}
print(json.dumps({
    "module": rules.__file__,
    "rulesets_dir": str(rules.bundled_dir()),
    "names": names,
    "loaded": loaded,
}))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--disable-pip-version-check",
            "-q",
            "-w",
            str(out),
            str(REPO_ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    wheels = list(out.glob("terts_referee-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.mark.slow
def test_wheel_contains_every_bundled_ruleset(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    inside = {
        Path(n).stem
        for n in names
        if n.startswith("terts_referee/rulesets/") and n.endswith(".toml")
    }
    assert inside == BUNDLED
    assert "terts_referee/domain/rules.py" in names
    for module in (
        "cli/__init__.py",
        "cli/commands/new.py",
        "output/report/sheet.py",
        "table/parser.py",
    ):
        assert f"terts_referee/{module}" in names, module  # the sub-packages are shipped
    assert not any(n.startswith("rulesets/") for n in names), "rulesets belong in the package"


def run_installed(wheel: Path, tmp_path: Path, code: str, *args: str):
    """``code`` run by a fresh interpreter that imports the package from the unpacked wheel
    (``tmp_path/site``), in another directory, with no game file from the environment; returns
    (the site folder, the finished process)."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TERTS_GAME")}
    env["PYTHONPATH"] = str(site)
    proc = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=elsewhere,
        env=env,
        timeout=60,
    )
    return site, proc


@pytest.mark.slow
def test_bundled_rulesets_load_from_a_non_editable_install(wheel, tmp_path):
    site, proc = run_installed(wheel, tmp_path, PROBE)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert Path(data["module"]).resolve().is_relative_to(site.resolve()), data["module"]
    assert Path(data["rulesets_dir"]).resolve() == (site / "terts_referee" / "rulesets").resolve()
    assert set(data["names"]) == BUNDLED
    assert data["loaded"] == {name: name for name in BUNDLED}


@pytest.mark.slow
def test_wheel_is_marked_typed(wheel):
    """PEP 561: the ``py.typed`` marker tells a type checker to read the installed package's
    own annotations (what mypy checks in CI), beside the modules it describes."""
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "terts_referee/py.typed" in names
    assert "terts_referee/output/report/shapes.py" in names  # the JSON shapes the pages read


@pytest.mark.slow
def test_wheel_contains_the_serve_page(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for asset in ("index.html", "app.js", "app.css", "icon.svg", "icon-192.png", "icon-512.png"):
        assert f"terts_referee/web/static/{asset}" in names
    assert "terts_referee/web/server.py" in names
    # the accessibility checker is the tests' own (npm, .ci/node): never in the wheel
    assert not any("axe" in n or "node_modules" in n for n in names)


@pytest.mark.slow
def test_wheel_contains_the_rule_books(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for book in ("rules.md", "rules.ru.md", "rules.uk.md"):
        assert f"terts_referee/docs/{book}" in names, book
    assert "terts_referee/output/rulebook.py" in names
    assert not any(n.startswith("docs/") for n in names), "the books belong in the package"


@pytest.mark.slow
def test_wheel_contains_the_compiled_catalogues(wheel, tmp_path):
    """The .mo of each language is in the wheel beside its .po, and an installed package
    speaks each language from it."""
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in ("ru", "uk"):
        assert f"terts_referee/i18n/locale/{lang}/LC_MESSAGES/terts.mo" in names, lang
    probe = (
        "from terts_referee import i18n; import terts_referee.i18n.messages; "
        "print(i18n.languages(), i18n.t('err.undo.empty', 'uk'))"
    )
    _, proc = run_installed(wheel, tmp_path, probe)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("('en', 'ru', 'uk') скасовувати нічого"), proc.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        (["rules", "explain", "4.3"], "§4.3 When a declaration may be made"),
        (["--lang", "ru", "rules", "explain", "declarations.when"], "§4.3 Когда можно объявлять"),
        (["--lang", "uk", "rules", "explain", "when"], "§4.3 Коли можна оголошувати"),
    ],
)
def test_rules_explain_from_a_non_editable_install(wheel, tmp_path, args, first_line):
    probe = (
        "import sys, terts_referee.output.rulebook as rb; print(rb.book_dir(), file=sys.stderr); "
        "from terts_referee.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    site, proc = run_installed(wheel, tmp_path, probe, *args)
    assert proc.returncode == 0, proc.stderr
    assert Path(proc.stderr.strip()).resolve() == (site / "terts_referee" / "docs").resolve()
    assert proc.stdout.splitlines()[0] == first_line
    assert '  declarations.when = "lead"  (lead | own-turn)' in proc.stdout

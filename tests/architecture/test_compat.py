"""The dependencies' private names the program touches (all in ``terts_referee/compat.py``) are
there in the versions installed, those versions are the ones tested (``compat.TESTED``), and
pyproject.toml caps each dependency at them: a release that moves a private name fails here,
not at a player's table."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee import compat

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


@pytest.mark.parametrize("name", sorted(compat.TESTED))
def test_the_installed_version_is_one_tested(name):
    installed = version(name)
    assert any(
        installed == tested or installed.startswith(f"{tested}.") for tested in compat.TESTED[name]
    ), f"{name} {installed} is not among those tested: {compat.TESTED[name]}"


@pytest.mark.parametrize("name", sorted(compat.TESTED))
def test_pyproject_caps_the_dependency_past_the_versions_tested(name):
    dependencies = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    spec = next(d for d in dependencies if re.split(r"[<>=!~ ]", d, maxsplit=1)[0] == name)
    cap = re.search(r"<\s*([0-9.]+)", spec)
    assert cap, f"{spec}: no upper bound"
    newest = max(compat.TESTED[name], key=lambda v: tuple(map(int, v.split("."))))
    bound = tuple(map(int, cap.group(1).split(".")))
    assert tuple(map(int, newest.split("."))) < bound


def test_the_private_names_are_there():
    import atexit
    import gettext

    from rich.table import Column, Table

    assert hasattr(atexit, "_run_exitfuncs")
    assert hasattr(gettext, "c2py")
    table = Table()
    table.add_column("a")
    table.add_row("x")
    column: Column = table.columns[0]
    assert compat.cells(column) is not None
    assert compat.click.Command is not None
    assert compat.shell_name() is None or isinstance(compat.shell_name(), str)
    from typer import _completion_shared

    assert callable(_completion_shared._get_shell_name)
    from openskill.models import PlackettLuce

    assert callable(PlackettLuce()._compute)
    assert type(PlackettLuce().tau) is float and PlackettLuce().limit_sigma is False


#: A rating as a library's games make them: mu around 25, sigma from the start (25/3) down.
MU = st.floats(min_value=-20.0, max_value=70.0, allow_nan=False)
SIGMA = st.floats(min_value=0.05, max_value=25.0 / 3.0, allow_nan=False)


@settings(max_examples=400, deadline=None, database=None)
@given(MU, SIGMA, MU, SIGMA)
def test_the_pair_rater_gives_rates_floats_bit_for_bit(mu_w, sigma_w, mu_l, sigma_l):
    """The same four floats as openskill's public ``rate``, however the winner is listed: the
    ratings of a library rated game by game through it are the model's own."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rater = compat.pair_rater(model)
    public = compat._public_pair_rater(model)
    got = rater(mu_w, sigma_w, mu_l, sigma_l)
    assert [x.hex() for x in got] == [x.hex() for x in public(mu_w, sigma_w, mu_l, sigma_l)]
    (lost,), (won,) = model.rate(
        [[model.rating(mu_l, sigma_l)], [model.rating(mu_w, sigma_w)]], ranks=[1, 0]
    )
    assert [x.hex() for x in got] == [x.hex() for x in (won.mu, won.sigma, lost.mu, lost.sigma)]
    assert rater(mu_w, sigma_w, mu_l, sigma_l) == got  # its own two ratings, written again


def test_a_model_that_caps_sigma_is_rated_by_its_rate():
    from openskill.models import PlackettLuce

    model = PlackettLuce(limit_sigma=True)
    (won,), (lost,) = model.rate([[model.rating()], [model.rating(30.0, 2.0)]], ranks=[0, 1])
    got = compat.pair_rater(model)(25.0, 25.0 / 3.0, 30.0, 2.0)
    assert got == (won.mu, won.sigma, lost.mu, lost.sigma)


def test_the_plural_rule_without_c2py_is_gettexts():
    ru = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
    rule, fallback = compat.plural_rule(ru), compat._plural_of_gnu(ru)
    assert [rule(n) for n in range(250)] == [fallback(n) for n in range(250)]


def test_nothing_else_touches_a_private_name_of_a_dependency():
    """Only compat names typer._click, typer._completion_shared, Column._cells,
    atexit._run_exitfuncs, gettext.c2py, openskill's _compute (web/transport.py's h11
    subclass is the one other)."""
    package = Path(compat.__file__).parent
    pattern = re.compile(
        r"typer\._click|_completion_shared|\._cells\b|_run_exitfuncs|\bc2py\b|\b_compute\b"
    )
    found = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if path.name != "compat.py"
        for line in path.read_text(encoding="utf-8").splitlines()
        if pattern.search(line) and not line.lstrip().startswith("#")
    )
    assert found == []


def test_blake2b_is_hashlibs():
    """``compat.blake2b`` is hashlib's own (Python's ``_blake2``): the same digests, by the
    same code, without hashlib's import."""
    import _blake2
    import hashlib

    assert hashlib.blake2b is _blake2.blake2b
    for data, size in ((b"", 16), (b"terts", 8), (bytes(range(256)) * 9, 64)):
        assert compat.blake2b(data, digest_size=size).digest() == (
            hashlib.blake2b(data, digest_size=size).digest()
        )

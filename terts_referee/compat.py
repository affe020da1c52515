"""Every touch of a dependency's private API, in one place, each with the versions it was
tested on and a check that takes the public way (or refuses plainly) when a release changes it.

- ``click``: Typer 0.28 bundles its own click as ``typer._click`` (no ``click`` package is
  installed); the CLI's parameter types, help formatter and usage errors are click's. A Typer
  without it (a later one depends on click again) gives the package ``click``.
- ``shell_name()``: the shell Typer would write a completion script for
  (``typer._completion_shared._get_shell_name``), so that ``--show-completion`` in a shell it
  does not know is refused in the player's words instead of Typer's exit 1.
- ``run_exit_handlers()``: ``atexit._run_exitfuncs``, the exit handlers run before a one-shot
  command ends with ``os._exit`` (``startup.end_now``); False when it is gone (the command then
  ends through Python's own shutdown).
- ``cells(column)`` / ``set_cells(column, cells)``: rich's ``Column._cells``, a column's cells,
  which the fitted sheet (``startup.fit_columns``) and the sheet's arrows
  (``output.report.sheet``) give rich already drawn; None where a release keeps them otherwise
  (rich then measures and draws them itself).
- ``captured(console)``: rich's ``Console._buffer_index``, whether the console's output goes to
  a capture or a held buffer now (``startup.quick_rows`` writes a table's text straight to
  the console's file only when it does not); True where a release keeps it otherwise.
- ``plural_rule(expression)``: ``gettext.c2py``, the catalogue's Plural-Forms as a function
  (``startup.IndexedCatalogue``); a gettext without it is asked for a ``GNUTranslations``'s
  own rule.

- ``blake2b(data, digest_size=...)``: Python's own ``_blake2`` module, which ``hashlib.blake2b``
  is (hashlib's import also loads OpenSSL's ``_hashlib``, 2-3 ms of a warm library answer
  that needs no other hash); hashlib's when a build has no ``_blake2``.

- ``h11_protocol()``: Uvicorn's h11 protocol class (``uvicorn.protocols.http.h11_impl``, an
  internal module, not Uvicorn's public API), which ``web/transport.py`` subclasses for what
  Uvicorn leaves to a proxy (a header timeout, a cap that refuses at once, JSON answers). The
  subclass relies on the class's methods (``connection_made``, ``data_received``,
  ``on_response_complete``, ``send_400_response``): checked here on each call, and
  ``tests/web/test_serve_http.py`` fails loudly if a release changes what they do.

- ``pair_rater(model)``: openskill's ``PlackettLuce._compute``, the model's update of a game
  without what ``rate`` does around it for any number of teams (checking them, a deep copy of
  them, each player's rating made anew, with an id drawn by ``uuid4``): one game of two players
  rated, the same floats as ``rate`` gives (``tests/architecture/test_compat.py`` holds the two
  to each other, bit for bit). A release without it, or a model that caps sigma
  (``limit_sigma``), takes ``rate`` itself.

``TESTED`` names the major (for 0.x, the minor) of each dependency these were tested on; the
caps in pyproject.toml are the same, and ``tests/architecture/test_compat.py`` checks that the
installed versions are within them and that each private name is still there. Imports nothing
at import (``startup`` uses it): each touch imports its dependency when called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable
    from hashlib import blake2b as Blake2b
    from types import ModuleType

    from openskill.models import PlackettLuce
    from typer import _click as click

    #: One game of two players rated: (the winner's mu, sigma, the loser's mu, sigma) before
    #: it -> the same four just after it.
    PairRater = Callable[[float, float, float, float], tuple[float, float, float, float]]

__all__ = [
    "TESTED",
    "blake2b",
    "cells",
    "click",
    "h11_protocol",
    "pair_rater",
    "plural_rule",
    "run_exit_handlers",
    "set_cells",
]

TESTED: dict[str, tuple[str, ...]] = {
    "typer": ("0.28",),  # typer._click, typer._completion_shared
    "rich": ("13", "14", "15"),  # Column._cells, Console._buffer_index
    "tomli-w": ("1",),
    "uvicorn": ("0",),  # web/transport.py's h11 protocol subclass (0.30 and 0.54 run)
    "openskill": ("6",),  # PlackettLuce._compute (pair_rater)
}
"""The releases each touch was tested on (a major, or for 0.x a minor: a prefix of the version)."""


def _click() -> ModuleType:
    try:
        from typer import _click as bundled  # Typer 0.28: click inside Typer
    except ImportError:  # a Typer that depends on the click package again
        import click as bundled  # type: ignore[no-redef]  # the same module's other home
    return bundled


def __getattr__(name: str) -> Any:
    """``compat.click``, imported when first asked for (``from ..compat import click``)."""
    if name == "click":
        module = _click()
        globals()["click"] = module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The methods of Uvicorn's h11 protocol class that ``web/transport.py``'s subclass overrides or
#: calls: a release without one of them is refused at start-up, not found mid-request.
H11_METHODS = ("connection_made", "data_received", "on_response_complete", "send_400_response")


def h11_protocol() -> type[Any]:
    """Uvicorn's h11 protocol class, for ``web/transport.py`` to subclass; RuntimeError when a
    release no longer has one of the methods the subclass relies on (``H11_METHODS``)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    missing = [name for name in H11_METHODS if not callable(getattr(H11Protocol, name, None))]
    if missing:  # a programming error of the pin, never the player's: said plainly
        raise RuntimeError(f"uvicorn's H11Protocol has no {', '.join(missing)}: see compat.py")
    return H11Protocol


def blake2b(data: bytes = b"", digest_size: int = 64) -> Blake2b:
    """``hashlib.blake2b(data, digest_size=digest_size)``, without importing hashlib."""
    try:
        from _blake2 import blake2b as made
    except ImportError:  # a Python built without it: hashlib's, whatever it is there
        from hashlib import blake2b as made
    return made(data, digest_size=digest_size)


def shell_name() -> str | None:
    """The shell Typer writes completion for in this process, or None when it cannot tell
    (shellingham could not read the processes, or Typer no longer has the function)."""
    try:
        from typer._completion_shared import _get_shell_name
    except ImportError:
        return None
    try:
        return _get_shell_name()
    except Exception:  # shellingham could not read the processes
        return None


def run_exit_handlers() -> bool:
    """Run the exit handlers now, as Python's shutdown would; False (none run) when this
    Python has no ``atexit._run_exitfuncs``."""
    import atexit

    run = getattr(atexit, "_run_exitfuncs", None)
    if run is None:
        return False
    run()
    return True


def cells(column: object) -> list[Any] | None:
    """A rich ``Column``'s own list of cells, or None where a release keeps them otherwise."""
    found = getattr(column, "_cells", None)
    return found if isinstance(found, list) else None


def captured(console: object) -> bool:
    """Whether rich's ``console`` holds its output now (a ``capture()``, a ``with console:``
    block) instead of writing it to its file; True when this release does not say."""
    held = getattr(console, "_buffer_index", None)
    return type(held) is not int or held > 0


def set_cells(column: object, new: list[Any]) -> bool:
    """A rich ``Column``'s cells replaced by ``new`` (drawn the same); False, the column left as
    it is, where a release keeps its cells otherwise."""
    if cells(column) is None:
        return False
    column._cells = new  # type: ignore[attr-defined]  # rich's private list, checked above
    return True


def plural_rule(expression: str) -> Callable[[int], int]:
    """The function of a catalogue's ``plural=`` expression, as gettext reads it."""
    import gettext

    c2py = getattr(gettext, "c2py", None)
    if c2py is not None:
        rule: Callable[[int], int] = c2py(expression)
        return rule
    return _plural_of_gnu(expression)


def _plural_of_gnu(expression: str) -> Callable[[int], int]:
    """The rule as a ``GNUTranslations`` built from a catalogue of only its header makes it."""
    import gettext
    import io
    import struct

    header = f"Plural-Forms: nplurals=3; plural={expression};\n".encode()
    data = struct.pack("<7I", 0x950412DE, 0, 1, 28, 36, 0, 0)
    data += struct.pack("<2I", 0, 44) + struct.pack("<2I", len(header), 44) + header + b"\0"
    translations = gettext.GNUTranslations(io.BytesIO(data))
    rule: Callable[[int], int] = translations.plural  # type: ignore[attr-defined]  # set by _parse
    return rule


def pair_rater(model: PlackettLuce) -> PairRater:
    """A function that rates one game of two players with ``model``: the floats
    ``model.rate([[winner], [loser]], ranks=[0, 1])`` gives, worked out by the model's own
    update (``_compute``) as ``rate`` calls it, after widening each sigma by the model's tau as
    ``rate`` does (``sqrt(sigma * sigma + tau * tau)``). What ``rate`` does besides is for teams
    of any size and for the caller's objects: checking its arguments, a deep copy of the teams
    (``copy.deepcopy`` of lists of lists) and a new rating for each player, with an id drawn by
    ``uuid4`` (half of the ratings of a first ``stats``). The function keeps two ratings of its
    own, written and read in each call: one function to a thread. Where a release has no
    ``_compute``, or the model caps sigma (``limit_sigma``, which ``rate`` applies after it),
    the function calls ``rate``."""
    import math

    compute = getattr(model, "_compute", None)
    tau = getattr(model, "tau", None)
    if not callable(compute) or type(tau) is not float or getattr(model, "limit_sigma", True):
        return _public_pair_rater(model)
    tau_squared = tau * tau
    winner, loser = model.rating(), model.rating()
    teams = [[winner], [loser]]
    ranks = [0, 1]

    def rate(
        mu_w: float, sigma_w: float, mu_l: float, sigma_l: float
    ) -> tuple[float, float, float, float]:
        winner.mu, winner.sigma = mu_w, math.sqrt(sigma_w * sigma_w + tau_squared)
        loser.mu, loser.sigma = mu_l, math.sqrt(sigma_l * sigma_l + tau_squared)
        (a,), (b,) = compute(teams=teams, ranks=ranks)
        return a.mu, a.sigma, b.mu, b.sigma

    return rate


def _public_pair_rater(model: PlackettLuce) -> PairRater:
    """``pair_rater`` through the model's public ``rate``."""

    def rate(
        mu_w: float, sigma_w: float, mu_l: float, sigma_l: float
    ) -> tuple[float, float, float, float]:
        teams = [[model.rating(mu_w, sigma_w)], [model.rating(mu_l, sigma_l)]]
        (a,), (b,) = model.rate(teams, ranks=[0, 1])
        return a.mu, a.sigma, b.mu, b.sigma

    return rate

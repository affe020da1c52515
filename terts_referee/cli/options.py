"""The parameters several commands share (``--game``, ``--json``, ``--rules``, ``--trump``) and
the recording commands' one common place: ``@recording`` gives a command that builds a request
(``game.requests``) the options every recording command takes (``--game``, ``--json``, and the
corrections, ``--replace N`` and ``--before N``; an option for all of them is added here once)
and records it through the game API (``game.game_file.GameFile``)."""

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from ..compat import click  # typer's own click, loaded by typer already

if TYPE_CHECKING:
    from ..game.game_file import GameFile
    from ..game.requests import Request


class AsciiInt(click.types.ParamType):
    """Numbers as people type them: ASCII digits only (``numbers.parse_int``: ``score ١٢`` and
    ``score 5_0`` are refused), at least ``minimum``, at most ``maximum``. Every numeric
    argument and option uses it (a test walks the app for any other integer type)."""

    name = "integer"

    def get_metavar(self, param: "click.Parameter", ctx: "click.Context") -> str:
        """``N`` on a help page, as every other number there is named (not click's
        ``<integer>``, which no language's help page translates)."""
        return "N"

    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(
        self, value: Any, param: "click.Parameter | None", ctx: "click.Context | None"
    ) -> int:
        if isinstance(value, int):
            return value
        from ..domain.numbers import parse_int
        from ..errors import NotationError

        try:
            number = parse_int(value)
        except NotationError as exc:
            from .remedies import say

            self.fail(say(exc.verdict), param, ctx)
        if self.minimum is not None and number < self.minimum:
            from ..i18n.messages import t

            self.fail(t("err.number_min", number=number, minimum=self.minimum), param, ctx)
        if self.maximum is not None and number > self.maximum:
            from ..i18n.messages import t

            self.fail(t("err.number_max", number=number, maximum=self.maximum), param, ctx)
        return number


GameOpt = Annotated[
    Optional[str],
    typer.Option(
        "--game",
        "-g",
        metavar="PATH",
        show_default=False,
        help="Game file; default $TERTS_GAME, else ./terts-game.toml.",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
RulesOpt = Annotated[
    str,
    typer.Option(
        "--rules", "-r", metavar="NAME|PATH", help="Ruleset: a bundled name or a .toml file."
    ),
]
TrumpOpt = Annotated[
    str,
    typer.Option(
        "--trump",
        "-t",
        metavar="SUIT|CARD",
        help="Trump suit (h ♥ hearts черви ч …) or the face-up card.",
    ),
]
ReplaceOpt = Annotated[
    Optional[int],
    typer.Option(
        "--replace",
        metavar="N",
        click_type=AsciiInt(),
        show_default=False,
        help="Correct the past: this event takes the place of event N (numbers: terts log); "
        "every later event is judged again.",
    ),
]
BeforeOpt = Annotated[
    Optional[int],
    typer.Option(
        "--before",
        metavar="N",
        click_type=AsciiInt(),
        show_default=False,
        help="Correct the past: insert this event before event N (later numbers shift by one); "
        "every later event is judged again.",
    ),
]
AsRulesOpt = Annotated[
    Optional[str],
    typer.Option("--as", metavar="RULESET", help="Replay under another ruleset (what-if)."),
]


def game_path(game: str | None) -> Path:
    """The game file named by ``--game``, else $TERTS_GAME, else ./terts-game.toml."""
    from ..game.storage import resolve_game_path

    return resolve_game_path(game)


def write_page(
    path: Path,
    page: str,
    *,
    force: bool,
    example: str,
    quiet: bool = False,
    game: str | None = None,
    library: str | None = None,
) -> None:
    """Writes an HTML page (``export --html``, ``stats --html``) where ``output.writing`` allows it
    (never a game, the library or, without ``force``, an existing file) and says so unless
    ``quiet``; a refusal is one line naming the file and what would be accepted."""
    from ..i18n.messages import t
    from ..output import console
    from ..output.writing import write_output

    write_output(
        path,
        page.encode("utf-8"),
        force=force,
        example=example,
        game=game_path(game),
        library=Path(library) if library else None,
    )
    if not quiet:
        console.say(t("msg.wrote", path=path))


def check_page(
    path: Path, *, force: bool, example: str, game: str | None = None, library: str | None = None
) -> None:
    """``write_page``'s refusal before the page is made (arguments before work)."""
    from ..output.writing import check_output

    check_output(
        path,
        force=force,
        example=example,
        game=game_path(game),
        library=Path(library) if library else None,
    )


ForceOutputOpt = Annotated[
    bool, typer.Option("--force", help="Replace the output file if it already exists.")
]


def opened(game: str | None) -> "GameFile":
    """The game file named by ``--game`` (else $TERTS_GAME, else ./terts-game.toml), opened
    through the game API (``game.game_file``)."""
    from ..game.game_file import GameFile

    return GameFile(game_path(game))


def record(
    request: "Request",
    *,
    game: str | None = None,
    as_json: bool = False,
    replace: int | None = None,
    before: int | None = None,
) -> None:
    """Record the event ``request`` stands for, if the rules allow, and report; with
    ``replace`` or ``before``, a correction of the past instead (``GameFile.apply``).

    The keywords are RECORDING_OPTIONS: an option every recording command takes is one more
    entry there and one more keyword here."""
    from ..game.views import Recorded
    from .remedies import command as typed

    done = opened(game).apply(request, replace=replace, before=before)
    if isinstance(done, Recorded):
        from ..output.report.events import report_event

        report_event(done, as_json, command=typed)
    else:
        from ..output.report.corrections import report_correction

        report_correction(done, as_json, command=typed)


def drop(number: int, game: str | None, as_json: bool) -> None:
    """Drop event ``number``, if every later event still holds, and report what changed on the
    sheet."""
    from ..output.report.corrections import report_correction
    from .remedies import command as typed

    report_correction(opened(game).drop(number), as_json, command=typed)


#: The options of every recording command, after its own (name, annotation, default).
RECORDING_OPTIONS: tuple[tuple[str, object, object], ...] = (
    ("game", GameOpt, None),
    ("as_json", JsonOpt, False),
    ("replace", ReplaceOpt, None),
    ("before", BeforeOpt, None),
)


def recording(builder: "Callable[..., Request]") -> Callable[..., None]:
    """A recording command from ``builder(**own_params) -> request`` (``game.requests``): the
    command takes the builder's parameters plus RECORDING_OPTIONS, and records the event the
    request stands for (``record``). Help and docstring are the builder's.

    Example: ``commands/exchange.py`` is ``@recording def command(player: …): return
    ExchangeRequest(player)`` with the command's docstring.
    """

    def command(**params: Any) -> None:
        common = {name: params.pop(name) for name, _, _ in RECORDING_OPTIONS}
        record(builder(**params), **common)

    own = inspect.signature(builder)
    extra = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=hint)
        for name, hint, default in RECORDING_OPTIONS
    ]
    # a function takes any attribute, typeshed's function type declares no __signature__
    command.__signature__ = own.replace(  # type: ignore[attr-defined]
        parameters=[*own.parameters.values(), *extra], return_annotation=None
    )
    command.__annotations__ = {
        **builder.__annotations__,
        **{name: hint for name, hint, _ in RECORDING_OPTIONS},
    }
    command.__annotations__.pop("return", None)
    command.__name__ = builder.__name__
    command.__qualname__ = builder.__qualname__
    command.__doc__ = builder.__doc__
    command.__module__ = builder.__module__
    return command

"""The parameters several commands share (``--game``, ``--json``, ``--rules``, ``--trump``) and
the recording commands' one common place: ``@recording`` gives a command that builds an event
the options every recording command takes (``--game``, ``--json``, and the corrections of issue
11, ``--replace N`` and ``--before N``; an option for all of them is added here once) and
records the event under the lock."""

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer
from typer._click import types as _click_types  # loaded by typer already

from ..domain.verdicts import Verdict

if TYPE_CHECKING:
    from typer._click import Context, Parameter

    from ..domain.events import Event
    from ..game.corrections import Change, Correction
    from ..game.model import Game
    from ..referee import Sheet

    # What a recording command returns (``recording``): the event, built against the game.
    Build = Callable[[Game], Event]


class AsciiInt(_click_types.ParamType):
    """Numbers as people type them: ASCII digits only (``numbers.parse_int``: ``score ١٢`` and
    ``score 5_0`` are refused), at least ``minimum``, at most ``maximum``. Every numeric
    argument and option uses it (a test walks the app for any other integer type)."""

    name = "integer"

    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: Any, param: "Parameter | None", ctx: "Context | None") -> int:
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


def load(game: str | None) -> "tuple[Path, Game]":
    """(path, Game) of the stored game, read without the lock (read-only commands)."""
    from ..game.model import Game
    from ..game.storage import read_game

    path = game_path(game)
    return path, Game.from_doc(read_game(path), str(path))


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


LAST_RECORDED: list[Any] = []
"""[bytes written, Game, Sheet] of the last event recorded in this process: table mode shows
that game when the file holds those bytes, instead of reading and replaying it again."""

_KEPT: "list[tuple[str, bytes, Game]]" = []
"""[(path, bytes, Game)]: the game this process last recorded an event into (or was refused
one), with the referee's state kept (``Game.record(keep=True)``), and the very bytes of the
game file it stands for. The next event for that file, when the file holds exactly those bytes
(compared whole, under the lock: another process or the web page may have written it since),
is recorded into that game, the file neither parsed nor replayed again; other bytes are read
as usual. Taken out while a command uses the game, kept again only as the file then stands."""


def _take_kept(path: Path, data: bytes) -> "Game | None":
    """The kept game if it stands for ``data`` in ``path``, else None; none is kept after."""
    try:
        kept_path, kept_data, kept_game = _KEPT.pop()
    except IndexError:
        return None
    if kept_path != str(path) or kept_data != data:
        return None
    if LAST_RECORDED and LAST_RECORDED[1] is kept_game:
        LAST_RECORDED.clear()  # its sheet is the kept state, which the next event changes
    return kept_game


def _keep(path: Path, data: bytes, game: "Game") -> None:
    _KEPT[:] = [(str(path), data, game)]


def record(
    build: "Build",
    *,
    game: str | None = None,
    as_json: bool = False,
    replace: int | None = None,
    before: int | None = None,
) -> None:
    """Build an event against the stored game, record it if the rules allow, and report; with
    ``replace`` or ``before``, a correction of the past instead (``correct``).

    The keywords are RECORDING_OPTIONS: an option every recording command takes is one more
    entry there and one more keyword here."""
    if replace is not None or before is not None:
        if replace is not None and before is not None:
            from ..errors import NotationError

            raise NotationError(Verdict("err.fix.both"))
        action = "replace" if replace is not None else "insert"
        number = replace if replace is not None else before
        assert number is not None  # one of the two was given
        correct(action, number, build, game, as_json)
        return
    from ..game.model import Game
    from ..game.storage import (
        append_event,
        game_lock,
        last_written,
        parse_game,
        read_game_bytes,
        remove_stale_temp_files,
        write_game,
    )

    path = game_path(game)
    with game_lock(path):  # as update_game: read, change, write, all under the lock
        data = read_game_bytes(path)
        g = _take_kept(path, data)
        kept = g is not None
        if g is None:
            g = Game.from_doc(parse_game(path, data), str(path))
        try:
            event = build(g)
            sheet = g.record(event, keep=True)
        except Exception:
            # refused: the game still stands for the file as it is (``record`` appends only
            # what the rules allow; a refusal on its kept state drops that state)
            _keep(path, data, g)
            raise
        remove_stale_temp_files(path)
        if kept:  # the file's document is the kept game's: this event appended to it
            append_event(path, data, g.last_event_doc(), g.to_doc)
        else:
            write_game(path, g.to_doc())
        written = last_written()
        assert written is not None  # the file was just written
    if g.read_back_last(str(path)):
        _keep(path, written, g)
    LAST_RECORDED[:] = [written, g, sheet]
    from ..output.report.events import report_event
    from .remedies import typed

    report_event(g, len(g.events), event, sheet, as_json, command=typed)


def correct(
    action: str, number: int, build: "Build | None", game: str | None, as_json: bool
) -> None:
    """Replace, insert before or drop (``build`` None) event ``number`` under the lock, if every
    later event still holds, and report what changed on the sheet (issue 11)."""
    from ..game.model import Game
    from ..game.storage import update_game

    path = game_path(game)

    def change(doc: dict[str, Any]) -> "tuple[Game, Correction, Change, Sheet]":
        g = Game.from_doc(doc, str(path))
        # the event is read against the game as it stood at its place (the deal open there)
        event = build(g.as_of(number - 1)) if build is not None else None
        correction, changed, sheet = g.correct(action, number, event)
        doc.clear()
        doc.update(g.to_doc())
        return g, correction, changed, sheet

    g, correction, changed, sheet = update_game(path, change)
    from ..output.report.corrections import report_correction
    from .remedies import typed

    report_correction(g, correction, changed, sheet, as_json, command=typed)


#: The options of every recording command, after its own (name, annotation, default).
RECORDING_OPTIONS: tuple[tuple[str, object, object], ...] = (
    ("game", GameOpt, None),
    ("as_json", JsonOpt, False),
    ("replace", ReplaceOpt, None),
    ("before", BeforeOpt, None),
)


def recording(builder: "Callable[..., Build]") -> Callable[..., None]:
    """A recording command from ``builder(**own_params) -> build``, where ``build(game) ->
    Event``: the command takes the builder's parameters plus RECORDING_OPTIONS, and records
    the event ``build`` returns (``record``). Help and docstring are the builder's.

    Example: ``commands/exchange.py`` is ``@recording def command(player: …): return lambda g:
    Exchange(g.player(player))`` with the command's docstring.
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

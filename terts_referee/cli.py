"""The ``terts`` command: a thin Typer layer over the library (contract: CLI.md).

Each command declares its parameters, calls the library, and hands the result to ``report``.
Every ``RefereeError`` and usage error becomes one line on stderr and exit code 2 in ``main``.
"""

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from . import __version__, cli_library
from .cli_library import LibraryOpt
from .errors import RefereeError

APP_SETTINGS = dict(
    name="terts",
    help="Score keeper and referee for Terts (Терц), the two-player card game with declarations.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app = typer.Typer(**APP_SETTINGS)
check_app = typer.Typer(
    help="Settle a dispute without a game file.", no_args_is_help=True, rich_markup_mode=None
)
rules_app = typer.Typer(
    help="Bundled and own rulesets.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(check_app, name="check")
app.add_typer(rules_app, name="rules")

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


def _version(value: bool) -> None:
    if value:
        print(f"terts {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
    color: Annotated[
        Optional[bool],
        typer.Option(
            "--color/--no-color", show_default=False, help="Colour output (default: NO_COLOR, tty)."
        ),
    ] = None,
    lang: Annotated[
        Optional[str],
        typer.Option(
            "--lang",
            metavar="ru|en",
            help="Language of the output; default $TERTS_LANG, else the locale (ru*/uk* -> ru).",
        ),
    ] = None,
) -> None:
    """Score keeper and referee for Terts (Терц).

    Example: terts new Аня Боря && terts deal --trump 7ч && terts declare Аня терц:Дч
    """
    from . import console, i18n

    console.set_color(color)
    i18n.set_lang(lang.strip().lower() if lang else None)


# --- game commands ------------------------------------------------------------------------


def _path(game: str | None) -> Path:
    from .storage import resolve_game_path

    return resolve_game_path(game)


def _load(game: str | None):
    from .game import Game
    from .storage import read_game

    path = _path(game)
    return path, Game.from_doc(read_game(path), str(path))


def _record(game: str | None, build, as_json: bool) -> None:
    """Build an event against the stored game, record it if the rules allow, and report."""
    from .game import Game
    from .storage import update_game

    path = _path(game)

    def change(doc):
        g = Game.from_doc(doc, str(path))
        event = build(g)
        sheet = g.record(event)
        doc.clear()
        doc.update(g.to_doc())
        return g, event, sheet

    g, event, sheet = update_game(path, change)
    from .report import report_event

    report_event(g, len(g.events), event, sheet, as_json)


@app.command()
def new(
    players: Annotated[list[str], typer.Argument(metavar="P1 P2", help="The two players' names.")],
    rules: RulesOpt = "classic",
    dealer: Annotated[
        Optional[str], typer.Option(help="Who deals first (by lot: lowest card).")
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Start over on an unfinished game (it moves to the library first)."
        ),
    ] = False,
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help="Every deal in quick mode (counted points, declarations not timed) unless "
            "`deal --tricks`.",
        ),
    ] = False,
    game: GameOpt = None,
    as_json: JsonOpt = False,
    library: LibraryOpt = None,  # issue 12
) -> None:
    """Start a game file for two players. A finished game in the file moves to the library.

    The first dealer is chosen by lot [001][003]; without --dealer the second player named deals
    and the first leads.

    Example: terts new Аня Боря --rules short
    """
    from .game import Game, check_names, now
    from .report import report_new
    from .rules import load_ruleset
    from .storage import create_game

    names = check_names(players)
    ruleset = load_ruleset(rules)
    g = Game(names, ruleset, quick=quick, started=now())
    if dealer is not None:
        g.first_dealer = g.player(dealer)
    path = _path(game)
    from .cli_library import set_aside  # issue 12: nothing is ever deleted

    set_aside(path, library, force)
    create_game(path, g.to_doc(), force=force)
    report_new(g, path, as_json)


@app.command()
def deal(
    trump: Annotated[
        Optional[str],
        typer.Option(
            "--trump",
            "-t",
            metavar="SUIT|CARD",
            help="Trump suit, or the face-up card (its suit is trump).",
        ),
    ] = None,
    dealer: Annotated[Optional[str], typer.Option(help="Who deals; default the rotation.")] = None,
    quick: Annotated[
        Optional[bool],
        typer.Option(
            "--quick/--tricks",
            show_default=False,
            help="Quick mode (tricks not recorded, declarations not timed) or trick by trick; "
            "default: as `terts new --quick` set, else trick by trick.",
        ),
    ] = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start the next deal. The dealer is the last deal's last-trick taker [000][001][003].

    Example: terts deal --trump 7ч
    """
    from .cards import parse_card_or_suit
    from .events import DealEvent

    def build(g):
        suit, card = parse_card_or_suit(trump) if trump else (None, None)
        mode = g.quick if quick is None else quick
        return DealEvent(g.player(dealer) if dealer else None, suit, card, mode)

    _record(game, build, as_json)


@app.command()
def declare(
    player: Annotated[str, typer.Argument(metavar="P", help="Who declares.")],
    combos: Annotated[
        list[str],
        typer.Argument(
            metavar="COMBO...", help="terts:Q♥ 50:K♠ 105:J♦ 4J marriage терц:Дч Q♥,J♥,10♥ …"
        ),
    ],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """P declares; it scores unless challenged before the next event of the deal.

    Several COMBOs only under declarations.multiple (plus a marriage alongside).

    Example: terts declare Аня терц:Дч
    """
    from .declarations import parse_combo
    from .events import Declare

    def build(g):
        deal = g.sheet().current
        trump = deal.trump if deal else None
        return Declare(g.player(player), tuple(parse_combo(c, trump, g.rules) for c in combos))

    _record(game, build, as_json)


@app.command()
def challenge(
    player: Annotated[str, typer.Argument(metavar="P", help="Who beats the declaration.")],
    combo: Annotated[str, typer.Argument(metavar="COMBO", help="The higher declaration.")],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """P beats the opponent's latest declaration with COMBO («Не годится!»).

    Example: terts challenge Боря терц:Кт
    """
    from .declarations import parse_combo
    from .events import Challenge

    def build(g):
        deal = g.sheet().current
        trump = deal.trump if deal else None
        return Challenge(g.player(player), parse_combo(combo, trump, g.rules))

    _record(game, build, as_json)


@app.command()
def trick(
    cards: Annotated[
        list[str],
        typer.Argument(metavar="CARD CARD", help="The leader's card first, then the follower's."),
    ],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """One trick, the leader's card first; the program knows who leads.

    Example: terts trick Тп 7п
    """
    from .cards import parse_cards
    from .errors import NotationError
    from .events import Trick
    from .messages import t

    def build(g):
        parsed = parse_cards(cards)
        if len(parsed) != 2:
            raise NotationError(t("err.trick.two_cards", n=len(parsed)))
        return Trick(parsed[0], parsed[1])

    _record(game, build, as_json)


@app.command()
def exchange(
    player: Annotated[str, typer.Argument(metavar="P", help="Who swaps the trump 7.")],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """P swaps the trump 7 for the face-up trump card (stock ≥ exchange.min_stock).

    Example: terts exchange Аня
    """
    from .events import Exchange

    _record(game, lambda g: Exchange(g.player(player)), as_json)


@app.command(context_settings={"ignore_unknown_options": True})  # `score -1`: out of range
def score(
    points: Annotated[
        int,
        typer.Argument(metavar="POINTS", help="Card points counted by --by, last trick included."),
    ],
    by: Annotated[str, typer.Option("--by", metavar="P", help="Who counted.")],
    last_trick: Annotated[
        str, typer.Option("--last-trick", metavar="P", help="Who took the last trick.")
    ],
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Quick mode: P counted POINTS; the opponent gets 150 − POINTS; closes the deal.

    Example: terts score 54 --by Боря --last-trick Аня
    """
    from .events import Score

    _record(game, lambda g: Score(g.player(by), points, g.player(last_trick)), as_json)


@app.command()
def penalty(
    player: Annotated[str, typer.Argument(metavar="P", help="The offender.")],
    kind: Annotated[
        str,
        typer.Argument(
            metavar="KIND",
            help="false-declaration, miscount, empty-challenge, late-declaration, "
            "out-of-turn-draw, "
            "wrong-hand-size, draw-before-break, renege, trump-seven, lowering",
        ),
    ],
    points: Annotated[Optional[int], typer.Option(help="Amount (needed for miscount).")] = None,
    event: Annotated[
        Optional[int], typer.Option("--event", metavar="N", help="The declaration event it voids.")
    ] = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A penalty of RULES §6 for P, in the current deal (or the last one).

    Example: terts penalty Боря false-declaration
    """
    from .events import Penalty, PenaltyKind

    _record(
        game, lambda g: Penalty(g.player(player), PenaltyKind.parse(kind), points, event), as_json
    )


@app.command()
def claim(
    player: Annotated[str, typer.Argument(metavar="P", help="Who claims the win.")],
    tricks: Annotated[
        Optional[int], typer.Option(help="Tricks P took so far (quick mode).")
    ] = None,
    card_points: Annotated[
        Optional[int], typer.Option("--card-points", help="Card points P took so far (quick mode).")
    ] = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """P claims the win during a deal (needs a trick taken in it) [000][002].

    Example: terts claim Аня --tricks 3 --card-points 40
    """
    from .events import Claim

    _record(game, lambda g: Claim(g.player(player), tricks, card_points), as_json)


@app.command()
def undo(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """Remove the latest event and say which.

    Example: terts undo
    """
    from .game import Game
    from .report import report_undo
    from .storage import update_game

    path = _path(game)

    def change(doc):
        g = Game.from_doc(doc, str(path))
        number, event = g.undo()
        doc.clear()
        doc.update(g.to_doc())
        return g, number, event

    g, number, event = update_game(path, change)
    report_undo(g, number, event, as_json)


@app.command()
def log(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """The events, numbered.

    Example: terts log --json
    """
    from .report import report_log

    _, g = _load(game)
    report_log(g, as_json)


@app.command()
def sheet(
    game: GameOpt = None,
    as_json: JsonOpt = False,
    csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
    chart: Annotated[
        bool, typer.Option("--chart", help="Draw the running totals against the targets.")
    ] = False,
    as_rules: Annotated[
        Optional[str],
        typer.Option("--as", metavar="RULESET", help="Replay under another ruleset (what-if)."),
    ] = None,
) -> None:
    """The running score sheet.

    Example: terts sheet --as exact
    """
    from .report import report_sheet
    from .rules import load_ruleset

    _, g = _load(game)
    other = load_ruleset(as_rules) if as_rules else None
    report_sheet(g, g.sheet(other), as_json=as_json, as_csv=csv, chart=chart)


@app.command()
def export(
    html: Annotated[
        Path, typer.Option("--html", metavar="FILE", help="Write a printable HTML sheet.")
    ],
    game: GameOpt = None,
    as_rules: Annotated[
        Optional[str],
        typer.Option("--as", metavar="RULESET", help="Replay under another ruleset (what-if)."),
    ] = None,
) -> None:
    """Write the score sheet as a printable HTML page with a chart of the totals.

    Example: terts --lang ru export --html sheet.html
    """
    from . import console, i18n
    from .errors import GameFileError
    from .export import sheet_html
    from .messages import t
    from .report import sheet_json
    from .rules import load_ruleset

    _, g = _load(game)
    other = load_ruleset(as_rules) if as_rules else None
    page = sheet_html(sheet_json(g, g.sheet(other)), i18n.lang())
    try:
        html.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise GameFileError(t("err.cannot_write", path=html, reason=exc.strerror)) from None
    from .messages import t

    console.say(t("msg.wrote", path=html))


@app.command()
def table(game: GameOpt = None) -> None:
    """Guided mode for a real table: short commands, Tab completion, history, saved as you go.

    Example: terts table   (then: d Аня терц:Дч, t Тп 7п, s 54 Боря Аня, u, q)
    """
    from . import i18n
    from .table import run_table

    raise typer.Exit(run_table(game, i18n.lang()))


@app.command()
def status(game: GameOpt = None, as_json: JsonOpt = False) -> None:
    """The current deal: phase, trick, stock, who leads, what may be declared or exchanged.

    Example: terts status --json
    """
    from .report import report_status

    _, g = _load(game)
    report_status(g, g.sheet(), as_json)


@app.command()
def demo(as_json: JsonOpt = False) -> None:
    """Play a bundled sample game into a temporary file and print its sheet.

    Example: terts demo
    """
    from .demo import play_demo
    from .report import report_sheet

    g, path = play_demo()
    report_sheet(g, g.sheet(), as_json=as_json, as_csv=False, source=path)


cli_library.register(app)  # issue 12: history, stats, archive


# --- check --------------------------------------------------------------------------------


@check_app.command("hand")
def check_hand(
    cards: Annotated[
        list[str], typer.Argument(metavar="CARDS", help="The hand: Q♥ J♥ 10♥ or Qh,Jh,Th")
    ],
    trump: TrumpOpt,
    rules: RulesOpt = "classic",
    turns: Annotated[int, typer.Option(min=0, help="Turns left to declare, one per turn.")] = 8,
    as_json: JsonOpt = False,
) -> None:
    """Every declaration in a hand, and the best order to declare them one per turn.

    Example: terts check hand Qh Jh 10h 9h 8h 7h --trump s --turns 10
    """
    from .cards import parse_card_or_suit, parse_cards
    from .errors import NotationError
    from .messages import t
    from .report import report_hand
    from .rules import load_ruleset

    hand = parse_cards(cards)
    if len(hand) > 9:
        raise NotationError(t("err.hand.too_many", n=len(hand)))
    report_hand(hand, parse_card_or_suit(trump)[0], load_ruleset(rules), turns, as_json)


@check_app.command("compare")
def check_compare(
    first: Annotated[str, typer.Argument(metavar="COMBO", help="The declarer's declaration.")],
    second: Annotated[str, typer.Argument(metavar="COMBO", help="The challenger's declaration.")],
    trump: TrumpOpt,
    rules: RulesOpt = "classic",
    as_json: JsonOpt = False,
) -> None:
    """Which of two declarations wins (the first is the declarer's) and by which rule.

    Example: terts check compare 105:J♦ 4A --trump h --rules book
    """
    from .cards import parse_card_or_suit
    from .declarations import parse_combo
    from .report import report_compare
    from .rules import load_ruleset

    ruleset = load_ruleset(rules)
    suit = parse_card_or_suit(trump)[0]
    report_compare(
        parse_combo(first, suit, ruleset),
        parse_combo(second, suit, ruleset),
        suit,
        ruleset,
        as_json,
    )


@check_app.command("trick")
def check_trick(
    cards: Annotated[list[str], typer.Argument(metavar="CARD CARD", help="Lead, then follow.")],
    trump: TrumpOpt,
    as_json: JsonOpt = False,
) -> None:
    """Which card takes the trick.

    Example: terts check trick Ah 7s --trump s
    """
    from .cards import parse_card_or_suit, parse_cards
    from .errors import NotationError
    from .messages import t
    from .report import report_trick

    parsed = parse_cards(cards)
    if len(parsed) != 2:
        raise NotationError(t("err.trick.two_cards", n=len(parsed)))
    report_trick(parsed[0], parsed[1], parse_card_or_suit(trump)[0], as_json)


@check_app.command("legal")
def check_legal(
    hand: Annotated[str, typer.Option("--hand", metavar="CARDS", help="The follower's hand.")],
    lead: Annotated[str, typer.Option("--lead", metavar="CARD", help="The card led.")],
    trump: TrumpOpt,
    final: Annotated[bool, typer.Option("--final", help="Final phase (stock empty).")] = False,
    rules: RulesOpt = "classic",
    as_json: JsonOpt = False,
) -> None:
    """The cards the follower may play (final phase with --final, else while the stock lasts).

    Example: terts check legal --hand "Jh 7s As" --lead Kh --trump h --final
    """
    from .cards import parse_card, parse_card_or_suit, parse_cards
    from .errors import NotationError
    from .messages import t
    from .report import report_legal
    from .rules import load_ruleset

    held, led = parse_cards(hand), parse_card(lead)
    if led in held:
        raise NotationError(t("err.legal.led", card=led))
    if not held:
        raise NotationError(t("err.legal.no_hand"))
    report_legal(held, led, parse_card_or_suit(trump)[0], final, load_ruleset(rules), as_json)


# --- rules --------------------------------------------------------------------------------


@rules_app.command("list")
def rules_list(as_json: JsonOpt = False) -> None:
    """The bundled rulesets.

    Example: terts rules list
    """
    from .report import report_rules_list

    report_rules_list(as_json)


@rules_app.command("show")
def rules_show(
    name: Annotated[str, typer.Argument(metavar="NAME|PATH", help="A bundled name or a file.")],
    as_json: JsonOpt = False,
) -> None:
    """Every key of a ruleset, its value, meaning and source.

    Example: terts rules show book
    """
    from .report import report_rules_show
    from .rules import load_ruleset

    report_rules_show(load_ruleset(name), as_json)


@rules_app.command("new")
def rules_new(
    path: Annotated[Path, typer.Argument(metavar="PATH", help="The .toml file to write.")],
    base: Annotated[
        str, typer.Option("--from", metavar="NAME", help="The ruleset it extends.")
    ] = "classic",
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Write an own ruleset extending NAME, every key listed with its allowed values.

    Example: terts rules new house.toml --from classic
    """
    from .errors import RulesetError
    from .messages import t
    from .rules import dump_ruleset_toml, load_ruleset

    rules = load_ruleset(base)
    if path.exists() and not force:
        raise RulesetError(t("err.ruleset.exists", path=path))
    if path.suffix != ".toml":
        raise RulesetError(t("err.ruleset.suffix", path=path))
    from dataclasses import replace

    own = replace(rules, name=path.stem, description=f"{rules.name} with house changes")
    try:
        path.write_text(dump_ruleset_toml(own, extends=base), encoding="utf-8")
    except OSError as exc:
        raise RulesetError(t("err.cannot_write", path=path, reason=exc.strerror)) from None
    from . import console

    console.say(t("msg.ruleset_written", path=path, base=base))


@rules_app.command("check")
def rules_check(
    path: Annotated[str, typer.Argument(metavar="PATH", help="The ruleset file.")],
    as_json: JsonOpt = False,
) -> None:
    """Validate a ruleset file; exit 2 with the file, key and allowed values when it is wrong.

    Example: terts rules check house.toml
    """
    from .report import report_rules_show
    from .rules import load_ruleset

    report_rules_show(load_ruleset(path), as_json, checked=path)


# --- entry point --------------------------------------------------------------------------


ROOT_VALUE_OPTIONS = ("--lang",)
ROOT_FLAGS = ("--color", "--no-color")


def _hoist_root_options(args: list[str]) -> list[str]:
    """``terts sheet --lang ru`` means ``terts --lang ru sheet``: the root's options (language,
    colour) are moved before the command wherever they are typed (not after ``--``)."""
    front: list[str] = []
    rest: list[str] = []
    words = iter(args)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if word in ROOT_VALUE_OPTIONS:
            front.append(word)
            value = next(words, None)
            if value is not None:
                front.append(value)
        elif word in ROOT_FLAGS or word.startswith(tuple(f"{o}=" for o in ROOT_VALUE_OPTIONS)):
            front.append(word)
        else:
            rest.append(word)
    return front + rest


def _command_word(args: list[str]) -> str | None:
    """The sub-command named in ``args``, past the root's own options; None for root help etc."""
    words = iter(args)
    for word in words:
        if word in ROOT_VALUE_OPTIONS:
            next(words, None)
        elif word in ROOT_FLAGS or word.startswith(tuple(f"{o}=" for o in ROOT_VALUE_OPTIONS)):
            continue
        elif word.startswith("-"):
            return None
        else:
            return word
    return None


def _app_for(args: list[str]) -> typer.Typer:
    """An app holding only the sub-command about to run, so that Typer builds one command, not
    twenty (start-up time); the whole app for help, completion and unknown names."""
    name = _command_word(args)
    if name is None:
        return app
    trimmed = typer.Typer(**APP_SETTINGS)
    trimmed.registered_callback = app.registered_callback
    for info in app.registered_commands:
        if (info.name or info.callback.__name__.replace("_", "-")) == name:
            trimmed.registered_commands = [info]
            return trimmed
    for group in app.registered_groups:
        if group.name == name:
            trimmed.registered_groups = [group]
            return trimmed
    return app


def _usage_message(exc) -> str:
    """A usage error on one line, in the run's language (click's own text is English)."""
    from typer._click import exceptions as click_exc

    from . import i18n
    from .messages import t

    where = exc.ctx.command_path if exc.ctx else "terts"
    detail = exc.format_message()
    chosen = exc.ctx.find_root().params.get("lang") if exc.ctx else None
    if chosen and chosen.strip().lower() in i18n.LANGS:  # parsed, though the callback did not run
        i18n.set_lang(chosen.strip().lower())
    if i18n.lang() == "ru":
        if isinstance(exc, click_exc.MissingParameter) and exc.param is not None:
            hint = exc.param_hint or exc.param.get_error_hint(exc.ctx)
            argument = exc.param.param_type_name == "argument"
            detail = t("msg.missing_argument" if argument else "msg.missing_option", name=hint)
        elif isinstance(exc, click_exc.NoSuchOption):
            detail = t("msg.no_such_option", name=exc.option_name)
        elif isinstance(exc, click_exc.BadParameter):
            hint = exc.param_hint or (exc.param.get_error_hint(exc.ctx) if exc.param else "")
            detail = t("msg.bad_value", name=hint, detail=exc.message)
        elif detail.startswith("No such command"):
            detail = t("msg.no_such_command", name=detail.split(" ", 3)[-1].rstrip("."))
    return t("msg.usage", detail=detail, where=where)


def main(argv: list[str] | None = None) -> int:
    """Run ``terts``; bad input becomes one line on stderr and exit code 2."""
    from typer._click import exceptions as click_exc
    from typer.main import get_command

    from . import console

    console.reset()
    args = _hoist_root_options(sys.argv[1:] if argv is None else argv)
    command = get_command(_app_for(args))
    try:
        result = command.main(args=args, prog_name="terts", standalone_mode=False)
    except RefereeError as exc:
        console.error_line(str(exc))
        return 2
    except click_exc.UsageError as exc:
        console.error_line(_usage_message(exc))
        return 2
    except typer.Abort:
        from .messages import t

        console.error_line(t("msg.aborted"))
        return 130
    except click_exc.ClickException as exc:
        console.error_line(exc.format_message())
        return exc.exit_code
    except BrokenPipeError:
        return 0
    return result if isinstance(result, int) else 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())

"""``terts rules``: the bundled rulesets and own ones (list, show, new, check), and the rule
book's sections (explain)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from ...domain.verdicts import Verdict
from ..options import GameOpt, JsonOpt

if TYPE_CHECKING:
    from ...domain.rules import Ruleset

group = typer.Typer(help="Bundled and own rulesets.", no_args_is_help=True, rich_markup_mode=None)


@group.command("list")
def rules_list(as_json: JsonOpt = False) -> None:
    """The bundled rulesets.

    Example: terts rules list
    """
    from ...output.report.rulesets import report_rules_list

    report_rules_list(as_json)


@group.command("show")
def rules_show(
    name: Annotated[str, typer.Argument(metavar="NAME|PATH", help="A bundled name or a file.")],
    as_json: JsonOpt = False,
) -> None:
    """Every key of a ruleset, its value, meaning and source.

    Example: terts rules show book
    """
    from ...domain.rules import load_ruleset
    from ...output.report.rulesets import report_rules_show

    report_rules_show(load_ruleset(name), as_json)


@group.command("new")
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
    from ...domain.rules import dump_ruleset_toml, load_ruleset, ruleset_from_dict
    from ...errors import RulesetError
    from ...files import parse_toml
    from ...i18n.messages import t
    from ...output.writing import check_output, write_output

    check_output(path, force=force, example="house.toml")
    if path.suffix != ".toml":
        raise RulesetError(Verdict("err.ruleset.suffix", {"path": path}))
    rules = load_ruleset(base)
    own = rules._replace(name=path.stem, description=f"{rules.name} with house changes")
    text = dump_ruleset_toml(own, extends=base)
    # never write a ruleset that `rules check` would refuse (a file name too long for a name)
    ruleset_from_dict(parse_toml(text), str(path), rules)
    write_output(path, text.encode("utf-8"), force=force, example="house.toml")
    from ...output import console

    console.say(t("msg.ruleset_written", path=path, base=base))


@group.command("check")
def rules_check(
    path: Annotated[str, typer.Argument(metavar="PATH", help="The ruleset file.")],
    as_json: JsonOpt = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Every key too, as `rules show` prints it.")
    ] = False,
) -> None:
    """Validate a ruleset file: one line when it is valid; exit 2 with the file, key and
    allowed values when it is wrong.

    Example: terts rules check house.toml
    """
    from ...domain.rules import load_ruleset
    from ...output.report.rulesets import report_rules_show

    report_rules_show(load_ruleset(path), as_json, checked=path, verbose=verbose)


@group.command("explain")
def rules_explain(
    query: Annotated[
        str,
        typer.Argument(
            metavar="SECTION|KEY",
            help="A section of the rule book (4.3, §4.3) or a ruleset key (declarations.when, "
            "or when alone).",
        ),
    ],
    rules: Annotated[
        Optional[str],
        typer.Option(
            "--rules",
            "-r",
            metavar="NAME|PATH",
            show_default=False,
            help="The values under this ruleset; default the game's, else classic.",
        ),
    ] = None,
    game: GameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The rule book's section that a verdict cites, or the one that explains a ruleset key,
    in the chosen language (--lang), with the keys' values under the ruleset in play: --rules,
    else the game file's when there is one, else classic.

    Example: terts rules explain 4.3
    """
    from ...i18n import lang
    from ...output.report.rulesets import report_rules_explain
    from ...output.rulebook import load_book, lookup

    book = load_book(lang())
    section, asked = lookup(book, query)
    ruleset, origin = _ruleset_in_play(rules, game)
    report_rules_explain(book, section, asked, ruleset, origin, as_json)


def _ruleset_in_play(rules: str | None, game: str | None) -> "tuple[Ruleset, dict[str, Any]]":
    """The ruleset whose values ``rules explain`` shows, and where it came from: ``--rules``
    (what was asked for beats the game file found by default), else the game file (``--game``,
    $TERTS_GAME or ./terts-game.toml) when there is one, else classic. ``--game`` and
    ``--rules`` together name two rulesets: refused."""
    from ...domain.rules import load_ruleset
    from ...errors import NotationError
    from ..options import game_path, opened

    if rules is not None and game is not None:
        raise NotationError(Verdict("err.explain.both"))
    if rules is not None:
        return load_ruleset(rules), {"from": "rules", "path": None, "given": rules}
    path = game_path(game)
    if game is not None or path.exists():
        return opened(game).game().rules, {"from": "game", "path": str(path), "given": None}
    return load_ruleset("classic"), {"from": "default", "path": str(path), "given": None}

"""``terts rules``: the bundled rulesets and own ones (list, show, new, check)."""

from pathlib import Path
from typing import Annotated

import typer

from ..options import JsonOpt

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
    from ...domain.rules import dump_ruleset_toml, load_ruleset
    from ...errors import RulesetError
    from ...files import NotRegular, check_replaceable
    from ...i18n.messages import t

    rules = load_ruleset(base)
    try:
        exists = check_replaceable(path)  # never write over a FIFO, a device, a directory
    except NotRegular as exc:
        raise RulesetError(t("rule.special", path=path, kind=t(exc.kind))) from None
    except OSError as exc:
        raise RulesetError(t("err.cannot_write", path=path, reason=exc.strerror)) from None
    if exists and not force:
        raise RulesetError(t("err.ruleset.exists", path=path))
    if path.suffix != ".toml":
        raise RulesetError(t("err.ruleset.suffix", path=path))
    own = rules._replace(name=path.stem, description=f"{rules.name} with house changes")
    try:
        path.write_text(dump_ruleset_toml(own, extends=base), encoding="utf-8")
    except OSError as exc:
        raise RulesetError(t("err.cannot_write", path=path, reason=exc.strerror)) from None
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

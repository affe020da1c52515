"""The root of ``terts``: the app's settings and the options every command accepts before (or,
hoisted by ``dispatch``, after) its name: ``--version``, ``--color/--no-color``, ``--lang``."""

from typing import Annotated, Optional

import typer

from .. import __version__


def _version(value: bool) -> None:
    if value:
        print(f"terts {__version__}")
        raise typer.Exit()


def root(
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
            metavar="en|ru|uk",
            help="Language of the output: en, ru or uk; default $TERTS_LANG, else the locale "
            "(ru* -> ru, uk* -> uk).",
        ),
    ] = None,
) -> None:
    """Score keeper and referee for Terts (Терц).

    Example: terts new Аня Боря && terts deal --trump 7ч && terts declare Аня терц:Дч
    """
    from .. import i18n
    from ..output import console

    console.set_color(color)
    i18n.set_lang(lang.strip().lower() if lang else None)


def new_app() -> typer.Typer:
    """An empty ``terts`` app with the root options; ``dispatch`` adds the commands."""
    app = typer.Typer(  # the app's settings, given as arguments so that each is type-checked
        name="terts",
        help="Score keeper and referee for Terts (Терц), the two-player card game "
        "with declarations.",
        no_args_is_help=True,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.callback()(root)
    return app

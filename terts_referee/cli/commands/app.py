"""``terts app``: the phone's app (``build``: the offline app as a static site, the referee
running in the browser); the builder (``web.site``) is imported only here."""

from typing import Annotated, Optional

import typer

group = typer.Typer(
    help="The phone's app: the referee in the browser, with no laptop.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@group.command("build")
def app_build(
    folder: Annotated[
        str, typer.Argument(metavar="DIR", help="The folder to write the site into (new or empty).")
    ],
    runtime: Annotated[
        Optional[str],
        typer.Option(
            "--runtime",
            metavar="DIR",
            show_default=False,
            help="The Pyodide distribution folder, as the pyodide npm package unpacks it "
            "(default: $TERTS_PYODIDE, else ./node_modules/pyodide).",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an app built in DIR before.")
    ] = False,
) -> None:
    """Write the phone's app as a static site: the page, the referee running in the browser
    (Pyodide), a service worker and a manifest. Served from any static host over HTTPS, or
    from 127.0.0.1, it needs no server and works offline after the first visit.

    Example: terts app build site --runtime node_modules/pyodide
    """
    from ... import i18n
    from ...output import console
    from ...web.site import SiteProblem, build, said

    lang = i18n.lang()
    try:
        built = build(folder, runtime, force, lang)
    except SiteProblem as exc:
        console.error_line(str(exc))
        raise typer.Exit(2) from None
    print(said(built, lang), flush=True)

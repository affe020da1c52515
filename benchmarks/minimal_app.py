"""The start-up baseline: a minimal two-command Typer app, configured like ``terts``.

Same Typer (the venv's), same settings as ``terts_referee.cli.root.new_app`` (no rich markup, help
when called without arguments, no pretty exceptions, ``-h``/``--help``), but nothing else:
``bench_startup.py`` compares every ``terts`` command against ``hello x`` here.

    python benchmarks/minimal_app.py hello x [--json]
    python benchmarks/minimal_app.py bye
"""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(
    name="minimal",
    help="A minimal two-command Typer app (the start-up baseline).",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command()
def hello(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Who to greet.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Greet NAME."""
    if as_json:
        import json

        print(json.dumps({"hello": name}))
    else:
        print(f"hello {name}")


@app.command()
def bye() -> None:
    """Say goodbye."""
    print("bye")


if __name__ == "__main__":
    app()

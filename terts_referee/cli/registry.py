"""The ``terts`` commands by name, each with the module that defines it, in the order help lists
them. Only the module of the command that runs is imported (start-up time); help, completion and
an unknown name import them all.

Adding a command is one module under ``commands/`` (a ``command`` function, or a ``group``
Typer for a command with sub-commands) and one line here.
"""

COMMANDS: dict[str, str] = {
    "new": "new",
    "deal": "deal",
    "declare": "declare",
    "challenge": "challenge",
    "ask": "ask",
    "trump": "trump",
    "trick": "trick",
    "exchange": "exchange",
    "score": "score",
    "penalty": "penalty",
    "claim": "claim",
    "note": "note",
    "undo": "undo",
    "drop": "drop",
    "log": "log",
    "sheet": "sheet",
    "export": "export",
    "table": "table",
    "serve": "serve",
    "status": "status",
    "demo": "demo",
    "archive": "archive",
    "history": "history",
    "stats": "stats",
    "import": "import_games",
    "keep": "keep",
    "check": "check",
    "rules": "rules",
    "club": "club",
    "app": "app",
}

PACKAGE = "terts_referee.cli.commands"


def module_name(command: str) -> str:
    """The dotted name of the module that defines ``command`` (a key of COMMANDS)."""
    return f"{PACKAGE}.{COMMANDS[command]}"

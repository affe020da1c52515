"""The ``terts`` commands by name, each with the module that defines it, in the order help lists
them. Only the module of the command that runs is imported (start-up time); help, completion and
an unknown name import them all.

Adding a command is one module under ``commands/`` (a ``command`` function, or a ``group``
Typer for a command with sub-commands) and one line here.

Also how a command line's words are read before Typer is imported: the root's options hoisted
and the command named (``dispatch`` builds the app for it; ``cli.walk_ahead`` looks at it).
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


#: Root options that take a value, and root flags: ``hoist_root_options`` moves them before
#: the command (``root`` defines them).
ROOT_VALUE_OPTIONS = ("--lang",)
ROOT_FLAGS = ("--color", "--no-color")

_ROOT_INLINE = tuple(f"{o}=" for o in ROOT_VALUE_OPTIONS)


def root_words(word: str) -> int:
    """How many words the root option at ``word`` takes: 2 (``--lang ru``), 1 (a flag, or
    ``--lang=ru``), 0 (not a root option)."""
    if word in ROOT_VALUE_OPTIONS:
        return 2
    return 1 if word in ROOT_FLAGS or word.startswith(_ROOT_INLINE) else 0


def hoist_root_options(args: list[str]) -> list[str]:
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
        taken = root_words(word)
        if not taken:
            rest.append(word)
            continue
        front.append(word)
        if taken == 2:
            value = next(words, None)
            if value is not None:
                front.append(value)
    return front + rest


def command_word(args: list[str]) -> str | None:
    """The sub-command named in ``args``, past the root's own options; None for root help etc."""
    words = iter(args)
    for word in words:
        taken = root_words(word)
        if taken == 2:
            next(words, None)
        elif taken:
            continue
        elif word.startswith("-"):
            return None
        else:
            return word
    return None

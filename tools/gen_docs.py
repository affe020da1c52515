"""The parts of the docs that the code can say itself, written between markers so that they
cannot drift (as sqlite-utils does with cog): ``python tools/gen_docs.py`` rewrites them,
``python tools/gen_docs.py --check`` fails, naming the file, when one is not what the code says
(``tests/architecture/test_docs_generated.py`` runs the check).

- ``commands`` (README.md): every ``terts`` command with the first line of its help, in the
  order ``terts --help`` lists them (``cli/registry.py``).
- ``tricks`` (docs/architecture.md): every start-up trick of ``startup.TRICKS``, its switch and
  what it does (its note in ``startup``'s docstring).
- ``environment`` (README.md): every ``TERTS_*`` variable the package reads, found in its
  sources; one without a line in ``ENVIRONMENT`` below (or a line for one no longer read) is an
  error, so a new variable cannot go undocumented.

A block is the text between ``<!-- generated:NAME -->`` and ``<!-- /generated:NAME -->``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "terts_referee"

#: What each variable that is not a trick's switch does (the switches say it themselves).
ENVIRONMENT = {
    "TERTS_GAME": "the game file when `--game` is not given (else `./terts-game.toml`)",
    "TERTS_LIBRARY": "the library of finished games when `--library` is not given (else the "
    "platform's user data folder)",
    "TERTS_LANG": "the language (`en`, `ru`, `uk`) when `--lang` is not given (else the locale)",
    "TERTS_CACHE": "the folder of the library's index (else the platform's cache folder)",
    "TERTS_PYODIDE": "the Pyodide distribution `terts app build` uses when `--runtime` is not "
    "given (else `./node_modules/pyodide`, then `./.ci/node/node_modules/pyodide`)",
    "_TERTS_COMPLETE": "set by the shell's completion script (`source_bash` …): Tab completion",
    "TERTS_NO_TRICKS": 'every start-up trick off (docs/architecture.md, "Start-up tricks")',
}


def _block(name: str, text: str) -> str:
    return f"<!-- generated:{name} -->\n{text.rstrip()}\n<!-- /generated:{name} -->"


def commands_table() -> str:
    sys.path.insert(0, str(ROOT))
    from typer.core import TyperGroup
    from typer.main import get_command

    from terts_referee.cli import dispatch

    group = get_command(dispatch.full_app())
    assert isinstance(group, TyperGroup)
    rows = ["| command | what it does |", "|---|---|"]
    for name, command in group.commands.items():
        text = (command.help or "").strip().split("\n\n")[0].replace("\n", " ")
        cell = text.replace("|", "\\|")
        rows.append(f"| `terts {name}` | {cell} |")
    return "\n".join(rows)


def _trick_notes() -> dict[str, str]:
    """Each trick's note in ``startup``'s docstring: ``- ``name`` (``SWITCH``): what it does``."""
    source = (PACKAGE / "startup.py").read_text(encoding="utf-8")
    doc = source.split('"""', 2)[1]
    notes = {}
    for match in re.finditer(
        r"^- ``(\w+)`` \(``TERTS_\w+``\): (.*?)(?=^- |\n\n)", doc, re.M | re.S
    ):
        text = " ".join(match.group(2).split())
        notes[match.group(1)] = re.sub(r"``([^`]+)``", r"`\1`", text)
    return notes


def tricks_table() -> str:
    sys.path.insert(0, str(ROOT))
    from terts_referee.startup import TRICKS

    notes = _trick_notes()
    rows = ["| trick | switch | what it does |", "|---|---|---|"]
    for name, switch in TRICKS.items():
        if name not in notes:
            raise SystemExit(f"startup.py: the trick {name!r} has no note in the docstring")
        rows.append(f"| `{name}` | `{switch}` | {notes[name]} |")
    return "\n".join(rows)


def read_variables() -> set[str]:
    """Every ``TERTS_*`` name the package's sources spell out whole."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        found |= set(re.findall(r"(?<![A-Z_])_?TERTS_[A-Z_]*[A-Z]", path.read_text("utf-8")))
    return {name for name in found if not name.endswith("_NO")}


def environment_list() -> str:
    sys.path.insert(0, str(ROOT))
    from terts_referee.startup import TRICKS

    switches = {switch: name for name, switch in TRICKS.items()}
    read = read_variables()
    described = set(ENVIRONMENT) | set(switches)
    if read - described:
        raise SystemExit(
            f"tools/gen_docs.py: no line in ENVIRONMENT for {sorted(read - described)}"
        )
    if set(ENVIRONMENT) - read:
        raise SystemExit(f"tools/gen_docs.py: not read any more: {sorted(set(ENVIRONMENT) - read)}")
    lines = [f"- `{name}`: {ENVIRONMENT[name]}" for name in ENVIRONMENT]
    lines += [f"- `{switch}`: the start-up trick `{name}` off" for switch, name in switches.items()]
    return "\n".join(lines)


BLOCKS = {
    "commands": ("README.md", commands_table),
    "environment": ("README.md", environment_list),
    "tricks": ("docs/architecture.md", tricks_table),
}


def rendered() -> dict[Path, tuple[str, str]]:
    """Each file's text as it is and as the code says it should be."""
    texts: dict[Path, tuple[str, str]] = {}
    for name, (file, make) in BLOCKS.items():
        path = ROOT / file
        old, new = texts.get(path, (path.read_text(encoding="utf-8"),) * 2)
        pattern = re.compile(rf"<!-- generated:{name} -->\n.*?<!-- /generated:{name} -->", re.S)
        if not pattern.search(new):
            raise SystemExit(f"{file}: no <!-- generated:{name} --> block")
        block = _block(name, make())
        new = pattern.sub(lambda _, text=block: text, new)
        texts[path] = (old, new)
    return texts


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, (old, new) in rendered().items():
        if old != new:
            stale.append(str(path.relative_to(ROOT)))
            if not check:
                path.write_text(new, encoding="utf-8")
    if check and stale:
        print(f"out of date: {', '.join(stale)} (run: python tools/gen_docs.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

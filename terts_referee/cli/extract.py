"""Babel's extraction methods for the English that lives in program objects rather than in
marked calls (``babel.cfg``; docs/development.md, "Translating"). Used by ``pybabel extract`` only.

- ``help_pages``: for a command module (or ``cli/root.py``), the marked calls Babel's Python
  extractor finds, then every help text of the commands that module defines, by its code
  (``cli/help_pages.py``: ``cmd:declare``, ``opt:declare:player``, ``metavar:…``).
- ``ruledocs``: each ruleset key's documentation, the ``doc`` of its ``_key(default, doc, …)``
  in ``domain/rules.py``, by its code ``ruledoc.SECTION.KEY`` (read from the source: the
  section of each class is in ``SECTIONS``).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..compat import click

#: What an extraction method yields: (line, keyword, messages, comments); ours give the
#: messages as (context, message).
Found = tuple[Any, ...]  # Babel types its extractors loosely (its own annotation is off)

__all__ = ["help_pages", "ruledocs"]


def help_pages(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[Found]:
    """The marked calls of a command module, then the help texts of its commands."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    name = Path(getattr(fileobj, "name", "")).resolve()
    for code, text, command in _app_texts():
        if _source_of(code) == name:
            line = _line(command, name)
            where = f"terts {code.split(':')[1]}".strip()
            yield line, "N_p", (code, text), [f"the help page of `{where}`"]


def ruledocs(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[Found]:
    """The marked calls of ``domain/rules.py``, then each key's ``doc``."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    tree = ast.parse(fileobj.read())
    sections: dict[str, str] = {}
    for node in ast.walk(tree):
        target = getattr(node, "target", None)
        mapping = getattr(node, "value", None)
        if getattr(target, "id", "") == "SECTIONS" and isinstance(mapping, ast.Dict):
            for key, cls in zip(mapping.keys, mapping.values, strict=True):
                if isinstance(key, ast.Constant) and isinstance(cls, ast.Name):
                    sections[cls.id] = str(key.value)
    for section in ast.walk(tree):
        if not isinstance(section, ast.ClassDef) or section.name not in sections:
            continue
        for item in section.body:
            call = getattr(item, "value", None)
            if not (isinstance(item, ast.AnnAssign) and isinstance(call, ast.Call)):
                continue
            if getattr(call.func, "id", "") != "_key" or len(call.args) < 2:
                continue
            doc = call.args[1]
            if isinstance(doc, ast.Constant) and isinstance(item.target, ast.Name):
                code = f"ruledoc.{sections[section.name]}.{item.target.id}"
                comment = f"the meaning of the ruleset key {code[8:]} (`terts rules show`)"
                yield item.lineno, "N_p", (code, str(doc.value)), [comment]


def _line(command: click.Command, path: Path) -> int:
    """The line of ``path`` where ``command``'s function starts (1 if it is not there)."""
    import inspect

    function = inspect.unwrap(command.callback) if command.callback else None
    code = getattr(function, "__code__", None)
    if code is None or Path(code.co_filename).resolve() != path:
        return 1
    return int(code.co_firstlineno)


def _app_texts() -> list[tuple[str, str, click.Command]]:
    """Every help text of the whole app (built once per extraction)."""
    if not _APP:
        from typer.main import get_command

        from .dispatch import full_app
        from .help_pages import help_texts

        _APP.extend((code, text, cmd) for code, text, cmd, _ in help_texts(get_command(full_app())))
    return _APP


_APP: list[tuple[str, str, click.Command]] = []


def _source_of(code: str) -> Path | None:
    """The file that defines the help text of ``code``: the root's options are in
    ``root.py``, a command's in its module."""
    import importlib

    from .registry import COMMANDS, module_name

    head = code.split(":")[1].split(" ", 1)[0]
    if not head:
        from . import root

        return Path(root.__file__).resolve()
    if head not in COMMANDS:
        return None
    return Path(str(importlib.import_module(module_name(head)).__file__)).resolve()

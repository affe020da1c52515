"""The catalogues as the tests read them: the English of every module (each registers its own
when imported), each language's ``.po`` (with Babel), and what Babel extracts from the sources.
"""

from __future__ import annotations

import functools
import importlib
import io
import os
import pkgutil
import string
from pathlib import Path

import terts_referee
from terts_referee import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(i18n.LOCALE_DIR)
#: The languages with a catalogue in the repository (English is the code's own).
TRANSLATED = ("ru", "uk")


@functools.cache
def english() -> dict[str, str | i18n.Plural]:
    """Every English template by code, every module imported."""
    for info in pkgutil.walk_packages(terts_referee.__path__, "terts_referee."):
        importlib.import_module(info.name)
    return dict(i18n.ENGLISH)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "terts.po"


@functools.cache
def po(lang: str):
    """The language's catalogue as Babel reads it."""
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as fp:
        return read_po(fp, locale=lang)


@functools.cache
def extracted():
    """What ``pybabel extract -F babel.cfg`` finds in the sources now (docs/development.md,
    "Translating")."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as fp:
        method_map, options_map = parse_mapping_cfg(fp)
    catalog = Catalog()
    here = os.getcwd()
    os.chdir(ROOT)  # the patterns are relative to the repository
    try:
        for filename, lineno, message, comments, context in extract_from_dir(
            ".", method_map, options_map, keywords={"N_p": (1, 2), "N_np": (1, 2, 3)}
        ):
            catalog.add(
                message, None, [(filename, lineno)], auto_comments=comments, context=context
            )
    finally:
        os.chdir(here)
    return catalog


def entries(lang: str) -> dict[str, tuple[str, ...]]:
    """``{code: forms}`` of a language: English from the code (one form, or one and other),
    any other language from its ``.po``."""
    if lang == "en":
        return {
            code: (entry,) if isinstance(entry, str) else (entry.one, entry.other)
            for code, entry in english().items()
        }
    out = {}
    for message in po(lang):
        if message.id and message.context:
            forms = message.string
            out[message.context] = tuple(forms) if isinstance(forms, (list, tuple)) else (forms,)
    return out


def fields(text: str) -> set[tuple[str, str, str]]:
    """The placeholders of a template: (name, conversion, spec)."""
    return {
        (name, conv or "", spec or "")
        for _, name, spec, conv in string.Formatter().parse(text)
        if name is not None
    }


def compiled(lang: str) -> bytes:
    """The language's ``.po`` compiled by Babel, as ``pybabel compile`` writes it."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, po(lang))
    return out.getvalue()


def watch_catalogues_opened(monkeypatch) -> list[str]:
    """The compiled catalogues (``.mo``) opened from now on, in order: ``builtins.open``
    watched for the rest of the test."""
    opened: list[str] = []
    real = open

    def counting(path, *args, **kwargs):
        if str(path).endswith(".mo"):
            opened.append(str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", counting)
    return opened

"""The gettext catalogues: complete, current, compiled, with the CLDR plural forms, and open to a
new language that touches no Python."""

from __future__ import annotations

import io
import shutil

import pytest

from terts_referee import i18n

from .catalogues import (
    LOCALE,
    TRANSLATED,
    compiled,
    english,
    entries,
    extracted,
    fields,
    po,
    po_path,
    watch_catalogues_opened,
)


def test_every_language_has_a_catalogue_and_is_offered():
    assert i18n.languages() == ("en", *TRANSLATED)
    for lang in TRANSLATED:
        assert po_path(lang).is_file() and po_path(lang).with_suffix(".mo").is_file()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    """Every English template (and every help text) has its words in the language: no entry
    empty, none fuzzy, none left over from English that changed."""
    catalog = po(lang)
    problems = []
    for message in catalog:
        if not message.id:
            assert not message.fuzzy, "the header is marked fuzzy: pybabel compile skips it"
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if not all(forms):
            problems.append(f"{message.context}: empty")
        if message.fuzzy:
            problems.append(f"{message.context}: fuzzy")
    problems += [f"{m.context}: obsolete" for m in catalog.obsolete.values()]
    for code, entry in english().items():
        msgid = entry if isinstance(entry, str) else (entry.one, entry.other)
        if catalog.get(msgid, context=code) is None:
            problems.append(f"{code}: missing (run the update command of docs/development.md)")
    assert problems == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogue_holds_what_babel_extracts(lang):
    """The catalogue's entries are what ``pybabel extract`` finds now, no more, no less: the
    English of the code and every help page (``babel.cfg``)."""
    template = {
        (m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in extracted() if m.id
    }
    have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in po(lang) if m.id}
    assert sorted(template - have, key=str) == []
    assert sorted(have - template, key=str) == []
    codes = {context for context, _ in template}
    assert set(english()) <= codes
    assert {"cmd:", "cmd:declare", "opt:declare:player", "cmd:rules explain"} <= codes


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_placeholder_is_the_one_of_the_source(lang):
    """A translation writes the same fields as the English, with the same conversions and
    specs, in every plural form."""
    source = entries("en")
    differ = []
    for code, forms in entries(lang).items():
        if code not in source:
            continue  # a help text: checked below
        wanted = set().union(*(fields(text) for text in source[code]))
        for form in forms:
            if fields(form) != wanted:
                differ.append(f"{code}: {sorted(fields(form))} != {sorted(wanted)}")
    for message in po(lang):
        if message.context and message.context.startswith(("cmd:", "opt:", "metavar:")):
            if fields(message.string) != fields(message.id):
                differ.append(f"{message.context}: {message.string!r}")
    assert differ == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_compiled(lang):
    """The ``.mo`` shipped is what Babel compiles from the ``.po`` (the compile command of
    docs/development.md): byte for byte, so a ``.po`` changed without compiling fails here."""
    assert po_path(lang).with_suffix(".mo").read_bytes() == compiled(lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_cldr_s_as_babel_writes_them(lang):
    from babel.messages.plurals import get_plural

    assert po(lang).plural_forms == str(get_plural(lang))
    assert po(lang).num_plurals == 3


def test_english_needs_no_catalogue_file(monkeypatch, tmp_path):
    """English is read from the code: with no catalogue anywhere it speaks, plurals too."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path / "nowhere"))
    i18n.forget()
    try:
        assert i18n.languages() == ("en",)
        assert i18n.t("ev.tricks", "en", n=1) == "1 trick"
        assert i18n.catalogue("en") is None
    finally:
        monkeypatch.undo()
        i18n.forget()


def test_a_catalogue_is_read_once_and_only_for_its_language(monkeypatch):
    i18n.forget()
    opened = watch_catalogues_opened(monkeypatch)
    for _ in range(3):
        i18n.t("ev.tricks", "en", n=2)
    assert opened == []
    for _ in range(3):
        i18n.t("ev.tricks", "uk", n=2)
    assert len(opened) == 1 and opened[0].endswith("uk/LC_MESSAGES/terts.mo")


def test_a_translator_adds_a_language_without_touching_python(monkeypatch, tmp_path, terts):
    """A new folder in (a copy of) the locale directory, made with Babel's own commands
    (init from the template, translate, compile), is a language: ``--lang``, ``$TERTS_LANG``
    and the locale choose it, and its words are used."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import write_po

    locale = tmp_path / "locale"
    shutil.copytree(LOCALE, locale)
    catalog = Catalog(locale="eo", domain="terts")
    for message in extracted():
        if message.id:
            catalog.add(message.id, None, context=message.context)
    undo = catalog.get("nothing to undo: the game has no events yet", context="err.undo.empty")
    assert undo is not None  # extracted from the code above
    undo.string = "nenio malfarebla: la ludo ankoraŭ ne havas eventojn"
    folder = locale / "eo" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "terts.po").open("wb") as fp:
        write_po(fp, catalog)
    with (folder / "terts.mo").open("wb") as fp:
        write_mo(fp, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(locale))
    i18n.forget()
    try:
        assert i18n.languages() == ("en", "eo", "ru", "uk")
        assert i18n.lang_from_env({"LANG": "eo_XX.UTF-8"}) == "eo"
        assert i18n.lang_from_env({"TERTS_LANG": "eo"}) == "eo"
        terts.ok("new", "Аня", "Боря")
        r = terts("--lang", "eo", "undo")
        assert r.code == 2 and "nenio malfarebla" in r.stderr, r.stderr
        r = terts("--lang", "xx", "undo")
        assert r.code == 2 and "en, eo, ru, uk" in r.stderr, r.stderr
    finally:
        monkeypatch.undo()
        i18n.forget()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_indexed_catalogue_answers_as_gettext_does(lang):
    """The start-up trick that reads a ``.mo`` as an index (``startup.IndexedCatalogue``) gives
    every message, every plural form and the plural rule exactly as ``GNUTranslations``."""
    import gettext

    from terts_referee.startup import IndexedCatalogue

    data = po_path(lang).with_suffix(".mo").read_bytes()
    plain = gettext.GNUTranslations(io.BytesIO(data))
    fast = IndexedCatalogue(data)
    checked = 0
    for message in po(lang):
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            one, other = message.id
            for n in (0, 1, 2, 3, 5, 11, 21, 22, 25, 101):
                got = fast.npgettext(message.context, one, other, n)
                assert got == plain.npgettext(message.context, one, other, n), message.context
        else:
            got = fast.pgettext(message.context, message.id)
            assert got == plain.pgettext(message.context, message.id), message.context
        checked += 1
    assert checked > 1000
    assert fast.pgettext("no.such.code", "as it is") == "as it is"
    assert fast.npgettext("no.such.code", "one", "many", 5) == "many"
    assert [fast.plural(n) for n in range(200)] == [plain.plural(n) for n in range(200)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("damaged", [b"", b"\x00" * 40, b"\xde\x12\x04\x95" + b"\xff" * 16])
def test_a_damaged_compiled_catalogue_is_refused_as_a_missing_one(damaged):
    from terts_referee.startup import IndexedCatalogue

    with pytest.raises(OSError):
        IndexedCatalogue(damaged)

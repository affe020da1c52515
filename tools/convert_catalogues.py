"""Convert the program's old catalogues (Python dicts ``{code: {"en": ..., "ru": ...}}``) to
English templates in the code plus gettext catalogues (``.po``), and seed translations.

Not shipped, not imported by the program: a bridge for code written before the move to
gettext. A branch that still adds entries in the old form runs it after merging, and so does
whoever brings in translations prepared as JSON:

    python tools/convert_catalogues.py [--extra LANG-DATA.json ...] [--check]

1. Every ``register({...})`` dict literal under ``terts_referee/`` is rewritten in place: each
   entry becomes ``N_p(code, english)``, or ``N_np(code, one, other, count)`` when it counts a
   number with the old plural field ``{n:#trick|tricks}``; a message that counts two things
   gets one ``N_np("code#field", ...)`` sub-entry per counted field. Comments stay. The
   rulesets' ``_key(..., ru=...)`` lose their ``ru=`` (the Russian goes to ``ru.po``).
2. Each language's ``.po`` gets the translations: from the old dict (its newest words), else
   from the ``.po`` already there when the English is unchanged, else from ``--extra`` JSON
   files (``{code: {"en": ..., "<lang>": ...}}``, used only where their ``en`` is the English
   of the code now). Old plural fields in a translation are turned into gettext forms the same
   way. Help-page entries (codes ``cmd:…``, ``opt:…``, ``metavar:…``) are taken from the extra
   files as they are.
3. It prints what is still untranslated. Then run README's "Translating" commands (extract,
   update, compile): they put the entries in the order of the sources and add what this
   script does not know (help pages).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "terts_referee"
LOCALE = PACKAGE / "i18n" / "locale"
LANGS = ("ru", "uk")
WIDTH = 86  # a string piece's length in the generated source (ruff's line limit is 100)
PLURAL_FIELD = re.compile(r"\{(\w+):#([^{}]*)\}")
APOSTROPHE = re.compile(r"(?<=[^\W\d_])['’](?=[^\W\d_])")


# --- the old plural fields -------------------------------------------------------------------


def counted_fields(text: str) -> dict[str, list[str]]:
    """``{field: forms}`` of each old plural field ``{field:#f1|f2|…}`` in ``text``."""
    return {name: forms.split("|") for name, forms in PLURAL_FIELD.findall(text)}


def with_form(text: str, field: str, index: int | None) -> str:
    """``text`` with the old plural field of ``field`` written as ``{field} <form index>``, or
    as the bare ``{field}`` when ``index`` is None; other counted fields stay."""

    def one(m: re.Match[str]) -> str:
        if m.group(1) != field:
            return m.group(0)
        if index is None:
            return "{" + field + "}"
        forms = m.group(2).split("|")
        return "{" + field + "} " + forms[min(index, len(forms) - 1)]

    return PLURAL_FIELD.sub(one, text)


def bare(text: str) -> str:
    """Every old plural field as its bare field."""
    return PLURAL_FIELD.sub(lambda m: "{" + m.group(1) + "}", text)


def gettext_entries(
    code: str, texts: dict[str, str], nforms: dict[str, int]
) -> list[tuple[str, tuple[str, ...] | str, dict[str, tuple[str, ...] | str], str | None]]:
    """The gettext entries of one old message: ``(code, english, {lang: translation}, count)``
    where english and the translations are a str, or a tuple of forms for a counted entry."""
    fields: list[str] = []
    for text in texts.values():
        for name in counted_fields(text):
            if name not in fields:
                fields.append(name)
    en = texts["en"]
    others = {lang: text for lang, text in texts.items() if lang != "en"}
    if not fields:
        return [(code, en, others, None)]

    def forms(text: str, field: str, n: int, whole: bool) -> tuple[str, ...]:
        if field not in counted_fields(text):
            base = bare(text) if whole else "{" + field + "}"
            return (base,) * n
        if whole:
            return tuple(with_form(text, field, i) for i in range(n))
        word = counted_fields(text)[field]
        return tuple("{" + field + "} " + word[min(i, len(word) - 1)] for i in range(n))

    if len(fields) == 1:
        field = fields[0]
        english = forms(en, field, 2, True)
        translated: dict[str, tuple[str, ...] | str] = {
            lang: forms(text, field, nforms[lang], True) for lang, text in others.items()
        }
        return [(code, english, translated, field)]
    entries: list[
        tuple[str, tuple[str, ...] | str, dict[str, tuple[str, ...] | str], str | None]
    ] = [(code, bare(en), {lang: bare(text) for lang, text in others.items()}, None)]
    for field in fields:
        english = forms(en, field, 2, False)
        translated = {
            lang: forms(text, field, nforms[lang], False) for lang, text in others.items()
        }
        entries.append((f"{code}#{field}", english, translated, field))
    return entries


# --- writing Python ----------------------------------------------------------------------------


def literal(text: str) -> str:
    """A double-quoted Python string literal of ``text``."""
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    )
    return f'"{escaped}"'


def pieces(text: str, width: int = WIDTH) -> list[str]:
    """``text`` cut after spaces (and after line breaks) into pieces of at most ``width``
    characters where it can be."""
    out: list[str] = []
    rest = text
    while len(literal(rest)) > width:
        window = rest[: width - 2]
        cut = max(window.rfind(" "), window.rfind("\n"))
        if cut <= 0:
            break
        out.append(rest[: cut + 1])
        rest = rest[cut + 1 :]
    out.append(rest)
    return out


def source(text: str, indent: str) -> str:
    """``text`` as one literal, or adjacent literals on lines of their own."""
    parts = pieces(text)
    return f"\n{indent}".join(literal(p) for p in parts)


def call(code: str, english: tuple[str, ...] | str, count: str | None, indent: str) -> str:
    inner = indent + "    "
    if isinstance(english, str):
        args = [literal(code), source(english, inner)]
        name = "N_p"
    else:
        args = [literal(code), source(english[0], inner), source(english[1], inner)]
        args.append(literal(count or ""))
        name = "N_np"
    one_line = f"{name}({', '.join(args)})"
    if "\n" not in one_line and len(indent) + len(one_line) + 1 <= 100:
        return one_line
    return f"{name}(\n" + "".join(f"{inner}{a},\n" for a in args) + f"{indent})"


# --- the sources -------------------------------------------------------------------------------


def _offset(lines: list[str], line: int, col: int) -> int:
    """The character offset of (1-based line, 0-based UTF-8 byte column)."""
    before = sum(len(x) for x in lines[: line - 1])
    return before + len(lines[line - 1].encode()[:col].decode())


def _span(lines: list[str], node: ast.AST) -> tuple[int, int]:
    start = _offset(lines, node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = _offset(lines, node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    return start, end


def _register_dicts(tree: ast.AST) -> list[ast.Dict]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name == "register" and isinstance(node.args[0], ast.Dict):
                found.append(node.args[0])
    return found


def convert_file(
    path: Path,
    nforms: dict[str, int],
    found: dict[str, dict[tuple[str, str], Words]],
    raw: dict[str, dict[str, str]],
) -> bool:
    """Rewrite the old dict catalogues of ``path``; record their translations in ``found``
    (``{lang: {code or (code, english): translation}}``); True if the file changed."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in _register_dicts(tree):
        start, end = _span(lines, node)
        edits.append((start, start + 1, ""))  # the braces: register(N_p(...), ...)
        edits.append((end - 1, end, ""))
        for key, value in zip(node.keys, node.values, strict=True):
            assert isinstance(key, ast.Constant) and isinstance(value, ast.Dict)
            texts = {k.value: v.value for k, v in zip(value.keys, value.values, strict=True)}  # type: ignore[union-attr]
            data = raw.get(key.value, {})
            if data.get("en") == texts["en"]:  # the extra data's other languages, if current
                texts.update({k: v for k, v in data.items() if k not in texts and k in LANGS})
            k_start, _ = _span(lines, key)
            _, v_end = _span(lines, value)
            indent = " " * key.col_offset
            calls = []
            for code, english, translated, count in gettext_entries(key.value, texts, nforms):
                calls.append(call(code, english, count, indent))
                for lang, words in translated.items():
                    found.setdefault(lang, {})[_id(code, english)] = words
                found.setdefault("en", {})[_id(code, english)] = english
            edits.append((k_start, v_end, f",\n{indent}".join(calls)))
    edits += _ruleset_docs(tree, lines, found)
    if not edits:
        return False
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    path.write_text(_imports(text), encoding="utf-8")
    return True


def _ruleset_docs(
    tree: ast.AST, lines: list[str], found: dict[str, dict[tuple[str, str], Words]]
) -> list[tuple[int, int, str]]:
    """``ru=`` of ``_key(...)`` in the ruleset sections: the Russian goes to ``found``."""
    sections: dict[str, str] = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.AnnAssign)
            and getattr(node.target, "id", "") == "SECTIONS"
            and isinstance(node.value, ast.Dict)
        ):
            for k, v in zip(node.value.keys, node.value.values, strict=True):
                sections[getattr(v, "id", "")] = getattr(k, "value", "")
    edits = []
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef) or cls.name not in sections:
            continue
        for item in cls.body:
            value = getattr(item, "value", None)
            if not (isinstance(item, ast.AnnAssign) and isinstance(value, ast.Call)):
                continue
            ru = next((kw for kw in value.keywords if kw.arg == "ru"), None)
            if ru is None or getattr(value.func, "id", "") != "_key":
                continue
            code = f"ruledoc.{sections[cls.name]}.{getattr(item.target, 'id', '')}"
            en = value.args[1].value  # type: ignore[attr-defined]
            found.setdefault("ru", {})[_id(code, en)] = ru.value.value  # type: ignore[attr-defined]
            found.setdefault("en", {})[_id(code, en)] = en
            start, end = _span(lines, ru)
            # the keyword with the comma and line break before it
            while start > 0 and lines and _char(lines, start - 1) in " \n,":
                start -= 1
            edits.append((start, end, ""))
    return edits


def _char(lines: list[str], offset: int) -> str:
    return "".join(lines)[offset]


def _imports(text: str) -> str:
    """``from ..i18n import register`` (or ``from . import register``, one line or in
    brackets) with N_p and N_np added; ``ruff check --fix`` sorts them."""
    names = [n for n in ("N_np", "N_p") if re.search(rf"\b{n}\(", text) and not _imported(text, n)]
    if not names:
        return text
    one_line = re.compile(r"^(from (?:\.+i18n|\.+) import )([^\n(]*\bregister\b[^\n]*)\n", re.M)
    if one_line.search(text):
        return one_line.sub(
            lambda m: m.group(1) + ", ".join([*names, m.group(2)]) + "\n", text, count=1
        )
    bracket = re.compile(
        r"^(from (?:\.+i18n|\.+) import \((?:\n\s+\w+,[^\n]*)*?\n)(\s+)register,", re.M
    )
    return bracket.sub(
        lambda m: (
            m.group(1) + "".join(f"{m.group(2)}{n},\n" for n in names) + f"{m.group(2)}register,"
        ),
        text,
        count=1,
    )


def _imported(text: str, name: str) -> bool:
    return (
        re.search(rf"^from [.\w]* import [^\n]*\b{name}\b", text, re.M) is not None
        or re.search(rf"^\s+{name},$", text, re.M) is not None
    )


def _isort(name: str) -> tuple[int, str]:
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def _id(code: str, english: tuple[str, ...] | str) -> tuple[str, str]:
    return code, english if isinstance(english, str) else english[0]


# --- the catalogues ----------------------------------------------------------------------------

Words = tuple[str, ...] | str


def nplurals(lang: str) -> int:
    from babel.messages.plurals import get_plural

    return get_plural(lang)[0]


def babel(*args: str) -> None:
    """``pybabel ARGS…``, in this process, from the repository's root."""
    import os

    from babel.messages.frontend import CommandLineInterface

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(here)


def template() -> Catalog:
    """What ``pybabel extract`` finds in the sources now (README, "Translating")."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        pot = Path(tmp) / "terts.pot"
        babel(*EXTRACT, "-o", str(pot), ".")
        with pot.open("rb") as fp:
            return read_po(fp)


#: README's extract command, but for the output file and the directory.
EXTRACT = ("extract", "-F", "babel.cfg", "--sort-by-file", "--add-location=file",
           "--project", "terts-referee", "-c", "TRANSLATORS:")  # fmt: skip


def load_po(lang: str) -> Catalog:
    path = LOCALE / lang / "LC_MESSAGES" / "terts.po"
    if path.is_file():
        with path.open("rb") as fp:
            return read_po(fp, locale=lang)
    team = {"ru": "Russian", "uk": "Ukrainian"}.get(lang, lang)
    return Catalog(
        locale=lang,
        domain="terts",
        header_comment=f'# The {team} words of terts-referee (README, "Translating").\n#',
        project="terts-referee",
        version="",
        copyright_holder="terts-referee developers",
        last_translator="terts-referee developers",
        language_team=team,
        fuzzy=False,
    )


def raw_extra(paths: list[Path]) -> dict[str, dict[str, str]]:
    """``{code: {"en": …, lang: …}}`` of the extra JSON files."""
    out: dict[str, dict[str, str]] = {}
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        for code, texts in data.items():
            if code.startswith("_") or not isinstance(texts, dict) or "en" not in texts:
                continue
            out[code] = {k: v for k, v in texts.items() if isinstance(v, (str, list))}
    return out


def extra_entries(
    raw: dict[str, dict[str, str]], nforms: dict[str, int]
) -> dict[str, dict[tuple[str, str], Words]]:
    """``{lang: {(code, english): translation}}`` of the extra data, converted."""
    out: dict[str, dict[tuple[str, str], Words]] = {}
    if True:
        for code, texts in raw.items():
            if isinstance(texts["en"], list):  # already in gettext's forms: used as they are
                for lang, words in texts.items():
                    if lang != "en":
                        out.setdefault(lang, {})[(code, texts["en"][0])] = tuple(words)
                continue
            texts = {k: v for k, v in texts.items() if isinstance(v, str)}
            for sub, english, translated, _count in gettext_entries(code, texts, nforms):
                for lang, words in translated.items():
                    out.setdefault(lang, {})[_id(sub, english)] = words
    return out


def update_po(lang: str, pot: Catalog, fresh: dict[tuple[str, str], Words],
              extra: dict[tuple[str, str], Words]) -> list[str]:  # fmt: skip
    """``lang``'s .po updated to ``pot`` as ``pybabel update`` would, then filled: the old
    dict's words first, then the .po's own (unchanged English), then the extra data's."""
    import copy

    catalog = load_po(lang)
    catalog.update(
        copy.deepcopy(pot), no_fuzzy_matching=True
    )  # update takes the template's messages
    for message in catalog:
        if not message.id:
            continue
        key = _id(message.context or "", message.id)
        words = fresh.get(key)
        if words is None and (_done(message.string) and not message.fuzzy):
            continue
        if words is None:
            words = extra.get(key)
        if words is None:
            continue
        if lang == "uk":
            words = _apostrophes(words)
        if isinstance(message.id, (tuple, list)) and isinstance(words, str):
            words = (words,) * nplurals(lang)
        message.string = words
        message.flags.discard("fuzzy")
    catalog.fuzzy = False  # a header marked fuzzy would not be compiled
    path = LOCALE / lang / "LC_MESSAGES" / "terts.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fp:
        write_po(fp, catalog, ignore_obsolete=True)
    return [m.context or "" for m in catalog if m.id and not _done(m.string)]


def _apostrophes(words: Words) -> Words:
    """The Ukrainian apostrophe inside a word is U+02BC (a letter: the program's choice)."""
    if isinstance(words, str):
        return APOSTROPHE.sub("\u02bc", words)
    return tuple(APOSTROPHE.sub("\u02bc", w) for w in words)


def _done(string: object) -> bool:
    if isinstance(string, (tuple, list)):
        return all(string)
    return bool(string)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extra", type=Path, action="append", default=[], help="JSON data")
    parser.add_argument(
        "--override", type=Path, action="append", default=[], help="JSON data that wins"
    )
    parser.add_argument("--found", type=Path, help="where the old dicts' words are kept")
    args = parser.parse_args(argv)
    nforms = {"en": 2, **{lang: nplurals(lang) for lang in LANGS}}
    found: dict[str, dict[tuple[str, str], Words]] = {}
    raw = raw_extra(args.extra)
    for path in sorted(PACKAGE.rglob("*.py")):
        if convert_file(path, nforms, found, raw):
            print(f"converted {path.relative_to(ROOT)}")
    # the old dicts' words, kept should the extraction below fail (a module that no longer
    # imports): --found reads them back on the next run, the dicts being rewritten already
    keep = Path(args.found or ROOT / "tools" / ".converted.json")
    if found:
        keep.write_text(
            json.dumps(
                {
                    lang: [[k[0], k[1], v] for k, v in words.items()]
                    for lang, words in found.items()
                },
                ensure_ascii=False,
            ),
            encoding="utf-8",
        )
    elif keep.is_file():
        for lang, rows in json.loads(keep.read_text(encoding="utf-8")).items():
            found[lang] = {(c, e): tuple(v) if isinstance(v, list) else v for c, e, v in rows}
    pot = template()
    extra = extra_entries(raw, nforms)
    override = extra_entries(raw_extra(args.override), nforms)
    for lang in LANGS:
        fresh = {**found.get(lang, {}), **override.get(lang, {})}
        missing = update_po(lang, pot, fresh, extra.get(lang, {}))
        print(
            f"{lang}: {len(missing)} untranslated" + (f": {' '.join(missing)}" if missing else "")
        )
    babel("compile", "-d", "terts_referee/i18n/locale", "-D", "terts")
    return 0


if __name__ == "__main__":
    sys.exit(main())

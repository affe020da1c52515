"""The index of every English template (``terts_referee/i18n/english.tsv``): what the sources
register, code by code, so that a word is known before the module that says it is imported (a
fresh server's first refusal is worded as a warm one's).

The index is generated: ``python -m tests.i18n.test_english_index`` writes it again.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from terts_referee import i18n
from tests.i18n.catalogues import english

INDEX = Path(i18n.INDEX)
REPO = Path(__file__).resolve().parents[2]


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def index_text() -> str:
    """The index as the sources make it: one line a code, sorted."""
    lines = []
    for code, entry in sorted(english().items()):
        parts = [entry] if isinstance(entry, str) else [entry.one, entry.other, entry.field]
        lines.append("\t".join([code, *(_escaped(p) for p in parts)]))
    return "\n".join(lines) + "\n"


def test_the_index_is_what_the_sources_register():
    assert INDEX.read_text(encoding="utf-8") == index_text(), (
        "the English index is stale: python -m tests.i18n.test_english_index"
    )


# A word of each face and layer, each registered only by its own module.
FIRST_WORDS: list[tuple[str, dict[str, object]]] = [
    ("err.accept.suit", {}),
    ("web.err.field_value", {"field": "trump", "action": "deal", "reason": "r"}),
    ("club.web.no_table", {"name": "x"}),
    ("out.set_aside", {"n": 2, "numbers": "3, 4", "log": "terts log"}),
]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_every_word_is_known_with_only_i18n_imported(lang):
    """A fresh interpreter that imported only ``i18n`` words every code as one that imported
    every module does."""
    program = (
        "import json, sys\n"
        "from terts_referee import i18n\n"
        "assert not [m for m in sys.modules if m.startswith('terts_referee.')"
        " and m not in ('terts_referee.i18n', 'terts_referee.startup')], sys.modules\n"
        f"cases = {FIRST_WORDS!r}\n"
        f"print(json.dumps([i18n.t(code, {lang!r}, **params) for code, params in cases]))\n"
    )
    fresh = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert fresh.returncode == 0, fresh.stderr
    import json

    english()  # every module imported here: each registers its own
    warm = [i18n.t(code, lang, **params) for code, params in FIRST_WORDS]
    assert json.loads(fresh.stdout) == warm


def test_every_code_reads_back_from_the_index_as_the_sources_register_it():
    """Every code of the index, looked up in a fresh interpreter that imported only ``i18n``
    (escapes, counted messages and their sub-entries alike), is the sources' entry."""
    program = (
        "import json\n"
        "from terts_referee import i18n\n"
        "codes = [line.split('\\t', 1)[0] for line in open(i18n.INDEX, encoding='utf-8')]\n"
        "found = {c: i18n._indexed(c) for c in codes}\n"
        "print(json.dumps({c: e if isinstance(e, str) else list(e) for c, e in found.items()}))\n"
    )
    fresh = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert fresh.returncode == 0, fresh.stderr
    import json

    warm = {c: e if isinstance(e, str) else list(e) for c, e in english().items()}
    assert json.loads(fresh.stdout) == warm


def test_a_code_that_is_nowhere_is_still_refused():
    with pytest.raises(KeyError, match=r"no message 'no\.such\.code'"):
        i18n.t("no.such.code", "en")


if __name__ == "__main__":
    INDEX.write_text(index_text(), encoding="utf-8")
    sys.stdout.write(f"wrote {INDEX}\n")

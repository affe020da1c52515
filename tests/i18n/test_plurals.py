"""Plurals in one place: CLDR's forms for Russian and English, the messages that use them, and
every catalogued plural written as a string formatter would write it.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("n", "ru", "en"),
    [
        (0, "0 ходов", "0 turns"),
        (1, "1 ход", "1 turn"),
        (2, "2 хода", "2 turns"),
        (4, "4 хода", "4 turns"),
        (5, "5 ходов", "5 turns"),
        (11, "11 ходов", "11 turns"),
        (12, "12 ходов", "12 turns"),
        (14, "14 ходов", "14 turns"),
        (21, "21 ход", "21 turns"),
        (22, "22 хода", "22 turns"),
        (111, "111 ходов", "111 turns"),
        (101, "101 ход", "101 turns"),
    ],
)
def test_plural_rules_cldr(n, ru, en):
    """Russian one/few/many with the 11-14 exceptions; English one/other (CLDR)."""
    from terts_referee.i18n import plural

    assert plural(n, "ход|хода|ходов", "ru") == ru
    assert plural(n, "turn|turns", "en") == en


def test_messages_use_the_plural(terts):
    from terts_referee.i18n import t
    from terts_referee.output.report import words  # noqa: F401  (registers the catalogue)

    assert t("ev.points", "ru", n=1) == "1 очко"
    assert t("ev.points", "ru", n=22) == "22 очка"
    assert t("ev.points", "ru", n=25) == "25 очков"
    assert t("ev.tricks", "en", n=1) == "1 trick"
    assert t("ev.tricks", "ru", n=3) == "3 взятки"
    out = terts.ok("--lang", "ru", "check", "hand", "Тч,Кч,Дч", "--trump", "ч", "--turns", "1")
    assert "за 1 ход," in out.stdout and "40 очков" in out.stdout, out.stdout
    out = terts.ok("check", "hand", "A♥,K♥,Q♥", "--trump", "h", "--turns", "21")
    assert "over 21 turns" in out.stdout, out.stdout


def _catalogued_plurals():
    """Every (key, language, text) of the loaded catalogues with a ``{n:#…}`` field."""
    import importlib
    import pkgutil

    import terts_referee
    from terts_referee.i18n import CATALOGUES

    for info in pkgutil.walk_packages(terts_referee.__path__, "terts_referee."):
        if ".cli" not in info.name and ".web" not in info.name:
            importlib.import_module(info.name)
    return [
        (key, lang_, text)
        for catalogue in CATALOGUES
        for key, entry in catalogue.items()
        for lang_, text in entry.items()
        if ":#" in text
    ]


@pytest.mark.parametrize("n", [0, 1, 2, 5, 11, 21, -3, "x"])
def test_every_plural_message_reads_as_a_string_formatter_reads_it(n):
    """``t`` writes a plural field without ``string.Formatter`` (start-up): for every
    message with one, in every language, the text is what a Formatter whose ``format_field``
    reads ``#FORMS`` gives (a value that is no number is written as it is)."""
    import string

    from terts_referee.i18n import plural, t

    class Reference(string.Formatter):
        def __init__(self, lang_):
            self.lang = lang_

        def format_field(self, value, spec):
            if spec.startswith("#"):
                try:
                    return plural(int(value), spec[1:], self.lang)
                except (TypeError, ValueError):
                    return str(value)
            return super().format_field(value, spec)

    found = _catalogued_plurals()
    assert len(found) > 20
    for key, lang_, text in found:
        fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
        kwargs = {name: n if f"{{{name}:#" in text else f"<{name}>" for name in fields}
        assert t(key, lang_, **kwargs) == Reference(lang_).format(text, **kwargs), key

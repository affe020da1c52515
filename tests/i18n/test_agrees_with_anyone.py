"""Russian that agrees with any player: every message of every catalogue, rendered in Russian.

A player's gender is unknown to the program, and a name put in by a placeholder is always in
the nominative. So no message may say «Саша спросил» / «спросила» (a past-tense verb shows the
gender), call a player «он» / «она», or put a name where another case is needed («у игрока
Саша», «штраф Саша»); and a declaration's name («пятьдесят от Валета ♦», nominative too) may
not follow a preposition that wants another case («о пятьдесят от Валета»). The messages use
the present tense («спрашивает», «объявляет»), nouns («после вопроса «Рост?»»), and the label
form («Саша: …»). Each message is rendered with neutral sample values (the unisex names Саша
and Женя) and with the numbers 1, 2, 5 and 21, so that every plural form is read too.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string

import pytest

import terts_referee
from terts_referee import i18n

#: Placeholders that name a player (the name, as typed at ``new``).
PLAYERS = {
    *("player", "p", "a", "b", "q", "who", "by", "winner", "offender", "owner", "other"),
    *("loser", "leader", "dealer", "rotation", "holder", "name"),
}
#: Placeholders that hold a declaration's name, as ``shown`` writes it in Russian.
DECLARATIONS = {
    *("decl", "combo", "about", "earlier", "high", "low", "first", "second", "names"),
    *("challenger", "declared", "four"),
}
#: Placeholders that hold a number.
NUMBERS = {
    *("n", "number", "deal", "trick", "total", "target", "points", "games", "unfinished"),
    *("tricks", "claimed", "stock", "need", "length", "event", "taken", "proof", "k", "most"),
    *("minimum", "maximum", "limit", "bonus", "short", "partial", "deals", "minutes", "ta"),
    *("tb", "ga", "gb", "pa", "pb", "uphill", "value", "size", "code", "port", "offset"),
    *("version", "newest", "after", "first", "last"),
}
SAMPLES = {
    "card": "Q♥",
    "cards": "Q♥ J♥ 10♥",
    "suit": "черви",
    "lead": "Q♥",
    "follow": "7♥",
    "cls": "полтинник",
    "c_class": "полтинник",
    "d_class": "терц",
    "kind": "ложное объявление",
    "status": "сгорело",
    "rank": "9",
    "top": "8",
}
#: Where a placeholder of a common name holds something else: ``a`` and ``b`` are two
#: declarations or two cards there, ``name`` a class of run, ``first`` a declaration.
OVERRIDES = {
    "err.declare.share": {"a": "терц от Дамы ♥", "b": "пятьдесят от Короля ♥"},
    "err.declare.highest_first": {"a": "пятьдесят от Короля ♥", "b": "терц от Дамы ♥"},
    "err.tie_needs_trump": {"first": "терц от Дамы ♥", "second": "терц от Дамы ♠"},
    "ev.trick": {"a": "Q♥", "b": "7♥"},
    "err.run.top": {"name": "терц"},
}
NUMBER_SAMPLES = (1, 2, 5, 21)

#: Past-tense forms of the verbs the catalogues use (and the participles that default to the
#: masculine for "whoever did it"), masculine and feminine: each shows a gender.
GENDERED_PAST = re.compile(
    r"\b(?:"
    r"(?:спросил|объявил|заявил|сказал|взял|выиграл|проиграл|перебил|сдавал|сдал|считал"
    r"|подсчитал|сменил|поменял|обменял|заходил|ходил|положил|дал|сыграл|набрал|записал"
    r"|показал|ответил|отказался|пропустил)а?"
    r"|вышел|вышла|пошёл|пошел|пошла"
    r"|спросивш\w*|взявш\w*|сдававш\w*|объявивш\w*|ходящ\w*|отвечающ\w*|сдающ\w*"
    r")\b",
    re.IGNORECASE,
)
#: A gender written both ways, as in «выиграл(а)».
BOTH_WAYS = re.compile(r"\w\((?:а|ла|ая|ый)\)")
#: The personal pronouns that would stand for a player.
PRONOUNS = re.compile(r"\b(?:он|она|ему|ей)\b", re.IGNORECASE)
#: A player's name or a declaration's name (nominative) right after a word that wants another
#: case: «у игрока {player}», «штраф {p}», «о {decl}».
OBLIQUE_PLAYER = re.compile(
    r"(?:\b(?:у|от|к|о|об|с|со|для|без|за|игрока|игроку|игроком|игроке|штраф)\s+)"
    r"\{(?:" + "|".join(sorted(PLAYERS - {"a", "b", "name"})) + r")\}",
    re.IGNORECASE,
)
OBLIQUE_DECLARATION = re.compile(
    r"\b(?:о|об|обо|от|у|к|с|со|без|для|перед|после|кроме)\s+\{(?:decl|about|combo|earlier)\}",
    re.IGNORECASE,
)


def _catalogues() -> list[dict[str, dict[str, str]]]:
    """Every catalogue of the package: each module registers its own when imported."""
    for info in pkgutil.walk_packages(terts_referee.__path__, "terts_referee."):
        importlib.import_module(info.name)
    return i18n.CATALOGUES


def _messages() -> list[tuple[str, str]]:
    return [(key, entry["ru"]) for c in _catalogues() for key, entry in c.items()]


def _sample(key: str, field: str, text: str, number: int):
    if field in OVERRIDES.get(key, {}):
        return OVERRIDES[key][field]
    if f"{{{field}:#" in text or field in NUMBERS:
        return number
    if field in PLAYERS:
        return "Саша" if field not in ("b", "other", "owner", "loser", "rotation") else "Женя"
    if field in DECLARATIONS:
        return "пятьдесят от Валета ♦"
    return SAMPLES.get(field, "x")


def _rendered(key: str, text: str, number: int) -> str:
    fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return i18n.t(key, "ru", **{f: _sample(key, f, text, number) for f in fields})


def _every_rendering() -> list[tuple[str, str]]:
    return [
        (key, _rendered(key, text, number))
        for key, text in _messages()
        for number in NUMBER_SAMPLES
    ]


def test_the_catalogues_are_all_read():
    keys = {key for key, _ in _messages()}
    assert len(keys) > 700
    assert {"notice.ask", "ev.penalty", "ui.act.claim", "table.game_over"} <= keys


@pytest.mark.parametrize("number", NUMBER_SAMPLES)
def test_every_message_renders_in_russian_with_sample_values(number):
    failed = []
    for key, text in _messages():
        try:
            _rendered(key, text, number)
        except Exception as exc:  # any message that cannot be written is a failure to report
            failed.append(f"{key}: {type(exc).__name__}: {exc}")
    assert failed == []


def test_no_past_tense_verb_shows_a_players_gender():
    found = sorted(
        {
            f"{key}: {m.group(0)!r} in {text!r}"
            for key, text in _every_rendering()
            for m in GENDERED_PAST.finditer(text)
        }
    )
    assert found == []


def test_no_gender_is_written_both_ways():
    found = sorted(
        {f"{key}: {text!r}" for key, text in _every_rendering() if BOTH_WAYS.search(text)}
    )
    assert found == []


def test_no_player_is_called_he_or_she():
    found = sorted(
        {f"{key}: {text!r}" for key, text in _every_rendering() if PRONOUNS.search(text)}
    )
    assert found == []


def test_a_name_from_a_placeholder_stands_where_the_nominative_is_right():
    found = [
        f"{key}: {m.group(0)!r}"
        for key, text in _messages()
        for pattern in (OBLIQUE_PLAYER, OBLIQUE_DECLARATION)
        for m in pattern.finditer(text)
    ]
    assert found == []


def test_a_declaration_name_takes_no_gendered_participle():
    """«{decl} уже записана» is wrong for «терц», «записан» for «пятьдесят»: after a
    declaration's name the participle is avoided («уже записано: {decl}»)."""
    participle = re.compile(
        r"\{(?:decl|combo|earlier|about|b)\}[^{]{0,40}?\b\w+(?:ан|ана|ен|ена|ённая|енная|анная)\b"
    )
    found = [f"{key}: {text!r}" for key, text in _messages() if participle.search(text)]
    assert found == []


@pytest.mark.parametrize(
    ("key", "fields", "expected"),
    [
        pytest.param(
            "notice.ask",
            {"player": "Саша", "owner": "Женя", "decl": "пятьдесят от Валета ♦", "effect": "x"},
            "Саша спрашивает «Рост?» об объявлении соперника (Женя: пятьдесят от Валета ♦)",
            id="an ask in the present, the declaration after a label",
        ),
        pytest.param(
            "ev.penalty",
            {"p": "Саша", "kind": "ложное объявление"},
            "Саша: штраф — ложное объявление",
            id="a penalty after the name as a label",
        ),
        pytest.param(
            "table.game_over",
            {"winner": "Саша"},
            "игра окончена, победитель — Саша",
            id="the winner as a noun, not выиграл(а)",
        ),
    ],
)
def test_how_a_message_with_a_player_reads(key, fields, expected):
    assert i18n.t(key, "ru", **fields).startswith(expected)

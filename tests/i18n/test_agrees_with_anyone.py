"""Russian and Ukrainian that agree with any player: every message of every catalogue, rendered
in each language (the help pages too).

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

import functools
import re
import string

import pytest

from terts_referee import i18n

from .catalogues import english, entries

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
    "cls": "пятьдесят",
    "c_class": "пятьдесят",
    "d_class": "терц",
    "kind": "ложное объявление",
    "status": "сгорает",
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


#: The Ukrainian verbs' stems: a past tense on в / ла / вся / лася shows a gender (спитав,
#: спитала), as do the participles of "whoever did it".
_UK_STEMS = (
    "спита|запита|пита|оголоси|заяви|сказа|взя|вигра|програ|переби|здава|зда|рахува|"
    "порахува|підрахува|поміня|заміни|міня|обміня|заходи|зайшо|зайш|ходи|покла|кла|да|"
    "зігра|гра|набра|записа|показа|відпові|відмови|пропусти|надрукува"
)
UK_GENDERED_PAST = re.compile(
    rf"\b(?:(?:{_UK_STEMS})(?:в|ла|вся|лася)|вийшов|вийшла|пішов|пішла|дійшов|дійшла|досяг|досягла"
    r"|спитавш\w*|взявш(?:ий|а|ого|ому)|оголосивш\w*)\b",
    re.IGNORECASE,
)
UK_BOTH_WAYS = re.compile(r"\w\((?:ла|а|ий|на)\)")
UK_PRONOUNS = re.compile(r"\b(?:він|вона|йому|їй)\b", re.IGNORECASE)
UK_OBLIQUE_PLAYER = re.compile(
    r"(?:\b(?:у|в|від|до|про|з|із|зі|для|без|за|проти|гравця|гравцю|гравцеві|гравцем|штраф)\s+)"
    r"\{(?:" + "|".join(sorted(PLAYERS - {"a", "b", "name"})) + r")\}",
    re.IGNORECASE,
)
UK_OBLIQUE_DECLARATION = re.compile(
    r"\b(?:про|від|до|у|в|з|із|зі|для|без|перед|після|крім|окрім|на)\s+"
    r"\{(?:decl|about|combo|earlier)\}",
    re.IGNORECASE,
)
UK_PARTICIPLE = re.compile(
    r"\{(?:decl|combo|earlier|about|b)\}[^{]{0,40}?\b\w+(?:аний|ана|ений|ена|итий|ита|ятий|ята)\b"
)
RU_PARTICIPLE = re.compile(
    r"\{(?:decl|combo|earlier|about|b)\}[^{]{0,40}?\b\w+(?:ан|ана|ен|ена|ённая|енная|анная)\b"
)
#: Each language's patterns: (gendered past, both ways, pronouns, oblique player, oblique
#: declaration, participle after a declaration).
PATTERNS = {
    "ru": (
        GENDERED_PAST,
        BOTH_WAYS,
        PRONOUNS,
        OBLIQUE_PLAYER,
        OBLIQUE_DECLARATION,
        RU_PARTICIPLE,
    ),
    "uk": (
        UK_GENDERED_PAST,
        UK_BOTH_WAYS,
        UK_PRONOUNS,
        UK_OBLIQUE_PLAYER,
        UK_OBLIQUE_DECLARATION,
        UK_PARTICIPLE,
    ),
}
LANGS = tuple(PATTERNS)
#: The Russian samples in Ukrainian.
UKRAINIAN = {
    "черви": "чирви",
    "пятьдесят": "пʼятдесят",
    "ложное объявление": "хибне оголошення",
    "сгорает": "згорає",
    "пятьдесят от Валета ♦": "пʼятдесят від Валета ♦",
    "пятьдесят от Короля ♥": "пʼятдесят від Короля ♥",
    "терц от Дамы ♥": "терц від Дами ♥",
    "терц от Дамы ♠": "терц від Дами ♠",
}


@pytest.fixture(scope="module", autouse=True)
def _every_catalogue():
    english()  # every module registers its English


def _messages(lang: str = "ru") -> list[tuple[str, str]]:
    """Every (code, template) of the language, each plural form on its own (the help pages
    are read apart: ``_help_texts``)."""
    source = english()
    return [
        (code, text) for code, forms in entries(lang).items() if code in source for text in forms
    ]


def _sample(key: str, field: str, text: str, number: int, lang: str = "ru"):
    if field in OVERRIDES.get(key, {}):
        return _own(OVERRIDES[key][field], lang)
    if field in NUMBERS or field in _counts(key):
        return number
    if field in PLAYERS:
        return "Саша" if field not in ("b", "other", "owner", "loser", "rotation") else "Женя"
    if field in DECLARATIONS:
        return _own("пятьдесят от Валета ♦", lang)
    return _own(SAMPLES.get(field, "x"), lang)


def _counts(key: str) -> set[str]:
    """The fields whose number chooses a form: the count of a counted message and each field
    counted by a sub-entry."""
    entry = english().get(key)
    counted = {entry.field} if isinstance(entry, i18n.Plural) else set()
    return counted | {code.partition("#")[2] for code in english() if code.startswith(key + "#")}


def _own(value, lang: str):
    """A Russian sample in the words of ``lang``."""
    return UKRAINIAN.get(value, value) if lang == "uk" else value


def _rendered(key: str, text: str, number: int, lang: str = "ru") -> str:
    fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    for form in entries(lang).get(key, ()):  # a counted message's other forms name them too
        fields |= {name for _, name, _, _ in string.Formatter().parse(form) if name}
    return i18n.t(key, lang, **{f: _sample(key, f, text, number, lang) for f in fields})


@functools.cache
def _renderings(lang: str, number: int) -> tuple[tuple[str, str | Exception], ...]:
    """Every message of ``lang`` rendered with the sample ``number``, or what rendering it
    raised: made once per language, number and worker, and read by every test below (made
    anew by each, it was most of their 25 s)."""
    found: list[tuple[str, str | Exception]] = []
    for key, text in _messages(lang):
        try:
            found.append((key, _rendered(key, text, number, lang)))
        except Exception as exc:  # any message that cannot be written is a failure to report
            found.append((key, exc))
    return tuple(found)


def _every_rendering(lang: str = "ru") -> list[tuple[str, str]]:
    return [
        (key, text)
        for number in NUMBER_SAMPLES
        for key, text in _renderings(lang, number)
        if isinstance(text, str)
    ]


def test_the_catalogues_are_all_read():
    for lang in LANGS:
        keys = {key for key, _ in _messages(lang)}
        assert len(keys) > 700
        assert {"notice.ask", "ev.penalty", "ui.act.claim", "table.game_over"} <= keys


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", NUMBER_SAMPLES)
def test_every_message_renders_with_sample_values(lang, number):
    failed = [
        f"{key}: {type(got).__name__}: {got}"
        for key, got in _renderings(lang, number)
        if isinstance(got, Exception)
    ]
    assert failed == []


@functools.cache
def _help_texts(lang: str) -> tuple[tuple[str, str], ...]:
    """The help pages' texts in ``lang`` (``cmd:``, ``opt:``: what a help page says)."""
    from .catalogues import po

    return tuple(
        (m.context, m.string)
        for m in po(lang)
        if m.context and m.context.startswith(("cmd:", "opt:"))
    )


@pytest.mark.parametrize("lang", LANGS)
def test_no_past_tense_verb_shows_a_players_gender(lang):
    gendered = PATTERNS[lang][0]
    texts = [*_every_rendering(lang), *_help_texts(lang)]
    found = sorted(
        {
            f"{key}: {m.group(0)!r} in {text!r}"
            for key, text in texts
            for m in gendered.finditer(text)
        }
    )
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_gender_is_written_both_ways(lang):
    both = PATTERNS[lang][1]
    texts = [*_every_rendering(lang), *_help_texts(lang)]
    assert sorted({f"{key}: {text!r}" for key, text in texts if both.search(text)}) == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_player_is_called_he_or_she(lang):
    pronouns = PATTERNS[lang][2]
    texts = [*_every_rendering(lang), *_help_texts(lang)]
    assert sorted({f"{key}: {text!r}" for key, text in texts if pronouns.search(text)}) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_from_a_placeholder_stands_where_the_nominative_is_right(lang):
    found = [
        f"{key}: {m.group(0)!r}"
        for key, text in _messages(lang)
        for pattern in PATTERNS[lang][3:5]
        for m in pattern.finditer(text)
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_declaration_name_takes_no_gendered_participle(lang):
    """«{decl} уже записана» is wrong for «терц», «записан» for «пятьдесят»: after a
    declaration's name the participle is avoided («уже записано: {decl}»)."""
    participle = PATTERNS[lang][5]
    found = [f"{key}: {text!r}" for key, text in _messages(lang) if participle.search(text)]
    assert found == []


#: How a message with a player reads, in each language: (code, its fields, the Russian
#: words, the Ukrainian words); the samples are the Russian ones, in ``UKRAINIAN`` for uk.
READS = [
    pytest.param(
        "notice.ask",
        {"player": "Саша", "owner": "Женя", "decl": "пятьдесят от Валета ♦", "effect": "x"},
        "Саша спрашивает «Рост?» об объявлении соперника (Женя: пятьдесят от Валета ♦)",
        "Саша питає «Рост?» про оголошення суперника (Женя: пʼятдесят від Валета ♦)",
        id="an ask in the present, the declaration after a label",
    ),
    pytest.param(
        "ev.penalty",
        {"p": "Саша", "kind": "ложное объявление"},
        "Саша: штраф — ложное объявление",
        "Саша: штраф — хибне оголошення",
        id="a penalty after the name as a label",
    ),
    pytest.param(
        "table.game_over",
        {"winner": "Саша"},
        "партия окончена, победитель — Саша",
        "партію закінчено, переможець — Саша",
        id="the winner as a noun, not выиграл(а) / виграв(ла)",
    ),
]


@pytest.mark.parametrize(("key", "fields", "ru", "uk"), READS)
def test_how_a_message_with_a_player_reads(key, fields, ru, uk):
    assert i18n.t(key, "ru", **fields).startswith(ru)
    ukrainian = {name: _own(value, "uk") for name, value in fields.items()}
    assert i18n.t(key, "uk", **ukrainian).startswith(uk)


#: A neuter word left alone: a past tense («сгорело») or a short adjective or participle
#: («ложное», «хибне», «не объявлено») that agrees with no declaration's name (терц, пятьдесят,
#: сотня, марьяж).
NEUTER_ALONE = re.compile(r"^(?:не )?\w+(?:ло|ное|но|не)$")
#: Adverbs, which agree with nothing and need not: «(поздно)».
ADVERBS = {"поздно", "пізно"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_declarations_status_agrees_with_any_declaration(lang):
    """«терц от Дамы ♥ 0 (сгорает)», «(ложное объявление)»: a present tense or a noun phrase,
    never a neuter form that agrees with no declaration."""
    statuses = [(c, m) for c, m in _messages(lang) if c.startswith("status.")]
    assert statuses
    for code, text in statuses:
        assert text in ADVERBS or not NEUTER_ALONE.match(text), (code, text)

"""The referee in Russian (`--lang ru`): errors, rule notices and verdicts in the table's words.

Each refusal is checked as the public contract asks (exit 2, one line on stderr, the game file
byte-for-byte unchanged, through the shared ``terts`` fixture) and, here, that the line is Russian.
The last tests walk the package source: every message key it uses exists in a catalogue, every key
of ``terts_referee.i18n.messages`` is used, and nothing written to the game file depends on the
language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import terts_referee
from terts_referee import i18n
from tests.helpers import refusal_text
from tests.simulator import find_deal, notate

from .catalogues import english, entries

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
#: English words that would betray an untranslated message.
ENGLISH = re.compile(r"\b(expected|unknown|cannot|already|must|beats|impossible)\b")

NEW = [("new", "Аня", "Боря", "--tricks")]  # Боря deals, Аня leads the first deal
DEAL = [*NEW, ("deal", "--trump", "7ч")]
QUICK = [*NEW, ("deal", "--trump", "7ч", "--quick")]
BAD_TOML = "format = 1\nplayers = [\n"
TIME = re.compile(rb"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:Z|[+-]\d\d:\d\d)")
GAME_ID = re.compile(rb'^id = "[0-9a-f-]{36}"$', re.M)
TYPO_RULES = 'name = "house"\nextends = "classic"\n\n[scoring]\nrouding = "none"\n'
TEN_CARDS = ("Ah", "Kh", "Qh", "Jh", "10h", "9h", "8h", "7h", "As", "Ks")


def _setup(terts, steps, files=None):
    for name, text in (files or {}).items():
        Path(name).write_text(text, encoding="utf-8")
    for step in steps:
        terts.ok(*step)


# (rule or input, setup, files written to the cwd, the refused command, a Russian fragment)
REFUSALS = [
    ("§1 unknown card", DEAL, None, ("trick", "Zz", "7ч"), "неизвестное достоинство 'z'"),
    ("§1 unknown trump", NEW, None, ("deal", "--trump", "zz"), "ни карта, ни масть"),
    ("§1 card twice", DEAL, None, ("trick", "Дч", "Дч"), "названа дважды"),
    ("unknown player", DEAL, None, ("declare", "Вася", "терц:Дч"), "нет игрока с именем 'Вася'"),
    ("§4 not a run", DEAL, None, ("declare", "Аня", "Дч,10ч,9ч"), "не подряд (не хватает В)"),
    ("§4 bad top", DEAL, None, ("declare", "Аня", "терц:8ч"), "терц от 8 не бывает"),
    (
        "§4.2 challenge does not beat",
        [*DEAL, ("declare", "Аня", "50:Кп")],
        None,
        ("challenge", "Боря", "терц:Тт"),
        "терц от Туза ♣ не перебивает пятьдесят от Короля ♠",
    ),
    (
        "§4.2 burned declaration",
        [*DEAL, ("declare", "Аня", "50:Кп"), ("challenge", "Боря", "105:Вб")],
        None,
        ("declare", "Аня", "50:Кп"),
        "сгорело назначение пятьдесят от Короля ♠",
    ),
    (
        "§4.2 no declaration to beat",
        DEAL,
        None,
        ("challenge", "Боря", "терц:Тт"),
        "сейчас перебивать нечего",
    ),
    (
        "§4.3 four jacks before the break (classic)",
        DEAL,
        None,
        ("declare", "Аня", "4В"),
        "двести валетов нельзя объявлять до ломки колоды",
    ),
    (
        "§4.3 only the leader declares",
        DEAL,
        None,
        ("declare", "Боря", "терц:Дч"),
        'взятку 1 начинает не Боря: при declarations.when = "lead"',
    ),
    (
        "§4.3 one declaration per turn",
        DEAL,
        None,
        ("declare", "Аня", "терц:Дч", "терц:Кп"),
        "одна комбинация за ход",
    ),
    ("no open deal", NEW, None, ("declare", "Аня", "терц:Дч"), "нет открытой сдачи"),
    (
        "§5 impossible count",
        QUICK,
        None,
        ("score", "200", "--by", "Аня", "--last-trick", "Аня"),
        "200 очков в картах — невозможный счёт",
    ),
    (
        "§5 claim short of the target",
        QUICK,
        None,
        ("claim", "Аня", "--tricks", "2", "--card-points", "30"),
        "заявка отклонена: Аня — 30, из них 30 за эту сдачу, до цели 501 не хватает 471",
    ),
    (
        "§3 nothing to exchange",
        DEAL,
        None,
        ("exchange", "Аня"),
        "сама козырная семёрка: менять нечего",
    ),
    ("§6 unknown penalty", DEAL, None, ("penalty", "Аня", "штрафик"), "неизвестный вид штрафа"),
    (
        "§6 miscount",
        DEAL,
        None,
        ("penalty", "Аня", "miscount"),
        "нужно указать очки: неверно записанная сумма, которая переходит сопернику [000][001]"
        "[004]: `terts penalty Аня подсчет --points N`",
    ),
    (
        "§6 a lost game is over",
        [*QUICK, ("penalty", "Боря", "out-of-turn-draw")],
        None,
        ("deal",),
        "партия окончена, победитель — Аня (Боря проигрывает партию: добор не в свою очередь",
    ),
    ("undo with no events", NEW, None, ("undo",), "отменять нечего"),
    ("game file exists", NEW, None, ("new", "Аня", "Боря"), "уже есть и не перенесён в библиотеку"),
    ("missing game file", [], None, ("log",), "файл партии"),
    ("corrupt game file", [], {"game.toml": BAD_TOML}, ("log",), "повреждён (ошибка в TOML"),
    (
        "§7 unknown ruleset",
        [],
        None,
        ("new", "Аня", "Боря", "--rules", "clasic"),
        "неизвестные правила 'clasic' (может быть, classic?)",
    ),
    (
        "§7 ruleset typo",
        [],
        {"house.toml": TYPO_RULES},
        ("rules", "check", "house.toml"),
        "house.toml: неизвестный ключ scoring.rouding (может быть, rounding?)",
    ),
    (
        "§7 wrong value",
        [],
        {"house.toml": '[scoring]\nrounding = "half"\n'},
        ("rules", "check", "house.toml"),
        'не допускается: ожидается одно из значений "none"',
    ),
    ("check: a hand of 10", [], None, ("check", "hand", *TEN_CARDS, "--trump", "s"), "9 карт"),
    (
        "check: a trick of one card",
        [],
        None,
        ("check", "trick", "Ah", "--trump", "s"),
        "взятка — это две карты",
    ),
]


@pytest.mark.parametrize(
    ("setup", "files", "command", "fragment"),
    [pytest.param(*case[1:], id=case[0]) for case in REFUSALS],
)
def test_russian_refusal(terts, setup, files, command, fragment):
    _setup(terts, setup, files)
    line = terts.refused("--lang", "ru", *command).stderr
    assert fragment in line
    assert CYRILLIC.search(refusal_text(line, "ru"))
    assert not ENGLISH.search(line), line


def test_the_same_refusal_in_english(terts):
    """The language is chosen per run: the same refusal reads in English without --lang."""
    _setup(terts, DEAL)
    line = terts.refused("declare", "Вася", "терц:Дч").stderr
    assert "'Вася' is not a player of this game: expected Аня or Боря" in line
    assert "нет игрока" not in line


def test_russian_from_the_environment(terts, monkeypatch):
    monkeypatch.setenv("TERTS_LANG", "ru")
    _setup(terts, DEAL)
    assert "взятку 1 начинает не Боря" in terts.refused("declare", "Боря", "терц:Дч").stderr


# --- notices ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "command", "fragments"),
    [
        pytest.param(
            [*QUICK, ("declare", "Аня", "50:Кч")],
            ("declare", "Аня", "терц:Дч"),
            [
                "в этой масти (черви) уже записано: пятьдесят от Короля ♥, "
                "а терц от Дамы ♥ не старше",
                "понижение ранга комбинации",
                "-20 очков",
            ],
            id="§4.3 lowering [000]",
        ),
        pytest.param(
            [*QUICK, ("declare", "Боря", "терц:Тп")],
            ("penalty", "Боря", "false-declaration"),
            [
                "ложное объявление — Боря: терц от Туза ♠ (событие 2); очки не пишутся",
                "100 в гору; Аня пишет 20",
            ],
            id="§6 false declaration",
        ),
        pytest.param(
            [*DEAL, ("declare", "Аня", "50:Кп")],
            ("challenge", "Боря", "105:Вб"),
            [
                "Боря: «Не годится!» — сто пять от Валета ♦ перебивает пятьдесят от Короля ♠",
                "Аня: сгорает пятьдесят от Короля ♠",
            ],
            id="§4.2 challenge",
        ),
        pytest.param(
            [*QUICK, ("score", "54", "--by", "Боря", "--last-trick", "Аня")],
            ("deal", "--trump", "7п", "--dealer", "Боря"),
            [
                "сдаёт Боря, хотя по очереди сдаёт Аня: "
                "последняя взятка сдачи 1 досталась этому игроку"
            ],
            id="§2 dealer out of rotation",
        ),
        pytest.param(
            QUICK,
            ("penalty", "Боря", "draw-before-break"),
            ["победитель партии — Аня (Боря проигрывает партию: добор до ломки колоды"],
            id="§6 a lost game",
        ),
    ],
)
def test_russian_notice(terts, setup, command, fragments):
    _setup(terts, setup)
    out = terts.ok("--lang", "ru", *command).stdout
    for fragment in fragments:
        assert fragment in out


def test_russian_renege_notice(terts):
    """§3 a renege proven by later play, noticed in Russian at the trick that proves it."""
    deal = find_deal(
        lambda d: d.renege is not None and d.renege.proven_at > d.renege.trick + 1,
        players=("Ann", "Bob"),
        dealer="Bob",
        renege_at=9,
    )
    ren = deal.renege
    assert ren is not None  # the deal was found for its renege
    terts.ok("new", "Ann", "Bob", "--dealer", "Bob")
    terts.ok("deal", "--trump", notate(deal.face_up))
    notices = []
    for command in deal.cli_commands():
        notices += terts.ok("--lang", "ru", *command, "--json").json()["notices"]
    (notice,) = [n for n in notices if n.startswith("нарушение хода")]
    assert f"нарушение хода во взятке {ren.trick}: {ren.player} кладёт" in notice
    assert "можно было" in notice
    assert "соперник получает все очки в картах этой сдачи" in notice
    sheet = terts.ok("--lang", "ru", "sheet", "--json").json()
    (penalty,) = sheet["deals"][0]["penalty_list"]
    assert penalty["note"].startswith(f"взятка {ren.trick}: можно было")


def test_russian_verdict_in_json(terts):
    """`check compare --json`: the reason in the language of the run, the key verbatim."""
    args = ("check", "compare", "105:Вб", "4Т", "--trump", "ч", "--rules", "book", "--json")
    verdict = terts.ok("--lang", "ru", *args).json()
    assert verdict["winner"] == "first"
    assert verdict["reason"] == (
        "последовательность сто пять от Валета ♦ перебивает сто тузов: любая "
        "последовательность от пяти карт (сотня) старше фигур"
    )
    assert verdict["key"] == 'declarations.fours_rank = "below-hundreds"'
    english = terts.ok(*args).json()
    assert english["reason"] == "the run 105:J♦ beats 4A: every hundreds-run beats the fours"


def test_the_game_file_does_not_depend_on_the_language(terts, tmp_path):
    """Notices, notes and win reasons are derived, never stored: the same commands in English
    and in Russian write the same bytes."""
    from terts_referee.cli import main

    commands = [
        ("new", "Аня", "Боря"),
        ("deal", "--trump", "7ч", "--quick"),
        ("declare", "Аня", "50:Кч"),
        ("declare", "Аня", "терц:Дч"),
        ("declare", "Боря", "терц:Тп"),
        ("penalty", "Боря", "false-declaration"),
        ("score", "54", "--by", "Боря", "--last-trick", "Аня"),
        ("deal", "--trump", "Тп", "--dealer", "Боря"),
        ("penalty", "Аня", "wrong-hand-size"),
    ]
    files = {}
    for lang in ("en", "ru"):
        path = tmp_path / f"{lang}.toml"
        for command in commands:
            assert main(["--lang", lang, *command, "--game", str(path)]) == 0
        # when and which game, not how: the events' times, the game's id
        files[lang] = GAME_ID.sub(b"ID", TIME.sub(b"TIME", path.read_bytes()))
    assert files["en"] == files["ru"]


def test_russian_rules_show_and_an_english_ruleset_file(terts):
    """`rules show` explains each key in the language of the run; `rules new` writes the same
    file (its comments in English) whatever the language."""
    out = terts.ok("--lang", "ru", "rules", "show", "classic").stdout
    assert "очков для победы" in out and "ложное объявление: в гору" in out
    assert "points to win" in terts.ok("rules", "show", "classic").stdout
    terts.ok("--lang", "ru", "rules", "new", "ru.toml")
    terts.ok("--lang", "en", "rules", "new", "en.toml")
    ru, en = Path("ru.toml").read_text("utf-8"), Path("en.toml").read_text("utf-8")
    assert ru.replace('"ru', '"en') == en and "points to win" in en


# --- the catalogue against the source -------------------------------------------------------

PACKAGE = Path(terts_referee.__file__).parent
#: ``t("key"`` or ``t('key'`` with a literal key.
T_CALL = re.compile(r"""\bt\(\s*(["'])([^"'{}\\\s]+)\1""")
#: A literal key of terts_referee.i18n.messages passed around before t() is called on it.
MESSAGE_KEY = re.compile(
    r"""(["'])((?:err|rule|store|notice|note|verdict|win|name|msg)\.[a-z0-9_.\-]+)\1"""
)


def _sources() -> dict[str, str]:
    """Every module's text; the catalogue itself is left out of terts_referee/i18n/messages.py."""
    texts = {}
    for path in sorted(PACKAGE.rglob("*.py")):  # the referee's package too
        text = path.read_text(encoding="utf-8")
        if path.name == "messages.py":  # its two catalogues, MESSAGES and WORDS
            for name in ("MESSAGES", "WORDS"):
                before, _, after = text.partition(f"{name} = register(")
                text = before + after.split("\n)\n", 1)[1]
        texts[path.relative_to(PACKAGE).as_posix()] = text
    return texts


def test_every_key_used_in_the_source_exists():
    known = set(english())
    used = {
        (name, m.group(2))
        for name, text in _sources().items()
        for pattern in (T_CALL, MESSAGE_KEY)
        for m in pattern.finditer(text)
    }
    assert len(used) > 200
    assert sorted(f"{name}: {key}" for name, key in used if key not in known) == []


def test_every_domain_message_is_used():
    from terts_referee.i18n.messages import MESSAGES, WORDS

    text = "\n".join(_sources().values())

    def used(key: str) -> bool:
        if f'"{key}"' in text or f"'{key}'" in text:
            return True
        parts = key.split(".")  # a key built from its prefix: t(f"decl.seq.{length}")
        return any(f'f"{".".join(parts[:n])}.{{' in text for n in range(1, len(parts)))

    # a sub-entry (``code#field``) is used by its message
    unused = [key for key in {**MESSAGES, **WORDS} if not used(key.partition("#")[0])]
    assert unused == []


def test_every_domain_message_has_russian_words():
    from terts_referee.i18n.messages import MESSAGES

    russian = entries("ru")
    worded = [key for key, entry in MESSAGES.items() if re.search("[a-z]{2}", str(entry))]
    assert [key for key in worded if not CYRILLIC.search(" ".join(russian[key]))] == []


def test_a_message_in_each_language():
    assert i18n.t("err.undo.empty", "en") == "nothing to undo: the game has no events yet"
    assert i18n.t("err.undo.empty", "ru") == "отменять нечего: в партии ещё нет событий"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        pytest.param(["declare"], "Не хватает аргумента", id="missing argument"),
        pytest.param(["score", "10", "--by", "A"], "Не хватает параметра", id="missing option"),
        pytest.param(["sheet", "--bogus"], "Нет такого параметра", id="unknown option"),
        pytest.param(
            ["score", "ten", "--by", "A", "--last-trick", "B"], "Неверное значение", id="bad value"
        ),
        pytest.param(["frobnicate"], "Нет такой команды", id="unknown command"),
    ],
)
def test_usage_errors_in_russian(capsys, args, fragment):
    from terts_referee.cli import main

    assert main(["--lang", "ru", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err and "(см. `terts" in err


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_winner_and_the_reason_are_not_two_colons_in_a_row(lang):
    """«победитель партии — Боря: 390 очков: цель 301…» read as two colons in a row: the
    reason goes in brackets after the name."""
    from terts_referee.domain.verdicts import Verdict
    from terts_referee.i18n.sentences import say

    reason = Verdict("win.target", {"total": 390, "target": 301, "deal": 7})
    line = say(Verdict("notice.win", {"winner": "Боря", "reason": reason}), lang)
    assert line.count(":") <= 1, line
    assert line.startswith(("победитель партии — Боря (", "переможець партії — Боря (")), line


@pytest.mark.parametrize(
    ("lang", "latin_ten", "cyrillic"),
    [
        ("en", "Latin T", "Cyrillic Т К Д В"),
        ("ru", "латинская T", "Т К Д В 10 9 8 7 кириллицей"),
        ("uk", "латинська T", "Т К Д В 10 9 8 7 кирилицею"),
    ],
)
def test_the_rank_refusal_tells_latin_t_from_cyrillic_t(lang, latin_ten, cyrillic):
    """«10 (или T) … или Т К Д В» showed a ten and an ace as the same letter: each is named by
    its alphabet (the Latin T a ten, the Cyrillic Т an ace)."""
    text = i18n.t("err.accept.rank", lang)
    assert latin_ten in text and cyrillic in text, text
    latin, cyr = latin_ten[-1], cyrillic[cyrillic.index("Т")]
    assert (ord(latin), ord(cyr)) == (0x54, 0x422)
    assert "\u0422 \u041a \u0414 \u0412" in text  # the Cyrillic letters, not look-alikes

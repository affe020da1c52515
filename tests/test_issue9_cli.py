"""Issue 9 through the ``terts`` command: quick deals by default (RULES §4.3), trick by trick as
the option, ``terts ask`` (§4.2 [001]), ``terts trump`` and ``deal --trump`` on an open deal,
and the refusals (exit 2, one line naming the rule and the earlier event, file unchanged).
"""

from __future__ import annotations

import tomllib

import pytest


def deals(terts) -> list[dict]:
    return terts.sheet()["deals"]


# --- modes ------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["classic", "strict", "book", "multi", "follow"])
def test_a_scorers_game_is_never_refused_for_timing(terts, rules):
    """RULES §4.3: timing only where tricks are followed; `terts new` deals are quick, so a
    scorer's declarations in any order, then the count, are all written [000][002]."""
    terts.ok("new", "Аня", "Боря", "--rules", rules)
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Боря", "4A")
    terts.ok("declare", "Аня", "терц:Дт")
    terts.ok("declare", "Боря", "терц:Тп")
    terts.ok("declare", "Аня", "50:Кб")
    terts.ok("score", "54", "--by", "Боря", "--last-trick", "Аня")
    deal = deals(terts)[0]
    assert deal["quick"] is True
    assert [d["status"] for d in deal["declared"]] == ["scored"] * 4


def test_new_tricks_makes_every_deal_trick_by_trick(terts):
    """`terts new --tricks`: deals trick by trick unless `deal --quick`."""
    terts.ok("new", "Аня", "Боря", "--tricks")
    terts.ok("deal", "--trump", "7ч")
    assert terts.status()["quick"] is False
    r = terts.refused("declare", "Боря", "терц:Тп")
    assert "does not lead trick 1" in r.stderr
    assert "terts deal --trump 7♥ --quick --replace 1" in r.stderr  # mends the open deal
    terts.ok("undo")
    terts.ok("deal", "--trump", "7ч", "--quick")
    assert terts.status()["quick"] is True


def test_deal_tricks_overrides_one_deal(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч", "--tricks")
    assert terts.status()["quick"] is False
    doc = tomllib.loads(terts.game.read_text(encoding="utf-8"))
    assert doc["quick"] is True and "quick" not in doc["events"][0]


def test_new_quick_is_still_accepted(terts):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "7ч")
    assert terts.status()["quick"] is True


def test_old_game_files_replay_as_before(terts):
    """A game file without the game-level `quick` key: its deals were trick by trick."""
    terts.ok("new", "Аня", "Боря", "--tricks")
    doc = tomllib.loads(terts.game.read_text(encoding="utf-8"))
    assert "quick" not in doc  # what a file written before quick-by-default looks like
    terts.ok("deal", "--trump", "7ч")
    assert terts.status()["quick"] is False


def test_a_trick_in_a_quick_deal_turns_it_trick_by_trick(terts):
    """RULES §4.3: the first trick recorded in a quick deal: followed from that trick on."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Боря", "терц:Тт")
    out = terts.ok("trick", "Тп", "9п").stdout
    assert "now followed trick by trick" in out
    assert terts.status()["quick"] is False
    assert terts.sheet()["deals"][0]["timed_from"] == 3  # deal, declare, trick
    r = terts.refused("declare", "Боря", "терц:Кб")
    assert "does not lead trick 2" in r.stderr and "--quick" not in r.stderr


# --- the asker's forfeit ----------------------------------------------------------------------


def test_ask_command_and_the_forfeit(terts):
    """RULES §4.2 [001]: `terts ask P`; then no higher class in that turn, refused naming it."""
    terts.ok("new", "Аня", "Боря", "--rules", "book")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дт")
    out = terts.ok("ask", "Боря").stdout
    assert "Боря asks" in out and "until Аня's next declaration" in out
    r = terts.refused("declare", "Боря", "50:Тб")
    assert "asker's forfeit" in r.stderr and "(event 3)" in r.stderr
    terts.ok("declare", "Боря", "терц:Тб")
    terts.ok("ask", "Аня")
    r = terts.refused("ask", "Аня")
    assert "none to ask about" in r.stderr


# --- the trump of a deal recorded without one -------------------------------------------------


def test_terts_trump_records_the_open_deals_trump(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal")
    r = terts.refused("declare", "Аня", "марьяж")
    assert "terts trump SUIT" in r.stderr
    out = terts.ok("trump", "9ч").stdout
    assert "trump 9♥ face up" in out
    assert terts.status()["trump"] == "hearts"
    r = terts.refused("trump", "п")
    assert "already has its trump" in r.stderr and "(event 2)" in r.stderr
    log = terts.ok("log", "--json").json()["events"]
    assert log[1]["type"] == "trump" and log[1]["trump_card"] == "9♥"


def test_deal_trump_on_an_open_deal_without_one(terts):
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal")
    terts.ok("deal", "--trump", "ч")
    assert terts.status()["trump"] == "hearts" and terts.status()["deal"] == 1
    r = terts.refused("deal", "--trump", "п")
    assert "still open" in r.stderr


def test_a_marriage_of_a_suit_names_the_trump(terts):
    """RULES §4 ``declarations.marriage = "trump"``: a marriage:♥ says hearts is trump."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal")
    out = terts.ok("declare", "Аня", "марьяж:ч").stdout
    assert "names the trump" in out
    assert terts.status()["trump"] == "hearts"


# --- one deck, a claim on one's own turn -------------------------------------------------------


def test_one_deck_refusal_through_the_command(terts):
    """RULES §4.3 one deck [000] rule 5: one line naming the shared cards and the earlier event."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дт")
    r = terts.refused("declare", "Боря", "терц:Кт")
    assert "one deck" in r.stderr and "Q♣ J♣" in r.stderr and "(event 2)" in r.stderr


def test_claim_on_ones_own_turn_through_the_command(terts):
    """RULES §5 [000][002]: followed trick by trick, only the player about to lead claims."""
    terts.ok("new", "Аня", "Боря", "--tricks")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("trick", "Тп", "9п")
    r = terts.refused("claim", "Боря")
    assert "own turn" in r.stderr and "(event 2)" in r.stderr


# --- at the table: hints in the short forms ----------------------------------------------------


def test_table_hints_use_the_short_forms_and_quote_names(tmp_path, capsys):
    """A scripted table session: the hints are the table's own forms (`c 'Анна Мария' COMBO`,
    `n CARD|SUIT`, `tr SUIT`), names with a space quoted; the new forms `a`, `tr`, `n … tricks`."""
    from terts_referee.cli import main
    from terts_referee.table import run_table

    path = tmp_path / "g.toml"
    assert main(["new", "Анна Мария", "Боря", "--game", str(path)]) == 0
    capsys.readouterr()
    lines = [
        "n",
        "d 'Анна Мария' марьяж",  # no trump yet: the hint is `tr SUIT`
        "tr 7ч",
        "d 'Анна Мария' терц:Дт",
        "a Боря",
        "s 54 Боря 'Анна Мария'",
        "n 8п tricks",
        "q",
    ]
    assert run_table(str(path), input=lines) == 0
    out, err = capsys.readouterr()
    assert "`tr SUIT`" in err, err
    assert "c Боря COMBO" in out, out
    assert "terts challenge" not in out
    assert "Боря asks" in out, out
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    types = [e["type"] for e in doc["events"]]
    assert types == ["deal", "trump", "declare", "ask", "score", "deal"], types
    assert doc["events"][-1].get("quick") is None  # n … tricks: trick by trick


def test_plain_hints_quote_names_with_spaces(terts):
    terts.ok("new", "Анна Мария", "Боря")
    terts.ok("deal", "--trump", "7ч")
    out = terts.ok("declare", "Боря", "терц:Тп").stdout
    assert "terts challenge 'Анна Мария' COMBO" in out, out


# --- plurals, in one place ---------------------------------------------------------------------


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
    """``t`` writes a plural field without ``string.Formatter`` (start-up, issue 13): for every
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


# --- the sheet says what each number is --------------------------------------------------------


def test_sheet_says_what_each_number_is(terts):
    """The false declaration's gift to the opponent [000], a miscount's amount [000][001][004],
    who took the last trick: named in the terminal sheet and in the JSON."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дт")
    terts.ok("penalty", "Аня", "false-declaration")
    terts.ok("score", "54", "--by", "Боря", "--last-trick", "Аня")
    terts.ok("penalty", "Боря", "miscount", "--points", "10")
    out = terts.ok("sheet").stdout
    assert "last trick" in out and "Аня" in out
    assert "Боря writes 20 points" in out, out  # the false terts: classic gives its value
    assert "-10 points in the deal, Аня writes 10 points" in out, out
    pens = terts.sheet()["deals"][0]["penalty_list"]
    false, miscount = pens
    assert false["opponent"] == "Боря" and false["to_opponent"] == 20
    assert "Боря writes 20 points" in false["says"]
    assert miscount["points"] == -10 and miscount["opponent"] == "Аня"
    assert terts.sheet()["deals"][0]["last_trick"] == "Аня"


# --- rules show / rules check at 80 columns ----------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "book", "follow", "multi"])
def test_rules_show_never_cuts_a_key_name_at_80_columns(terts, monkeypatch, name):
    from terts_referee.domain.rules import key_docs

    monkeypatch.setenv("COLUMNS", "80")
    out = terts.ok("rules", "show", name).stdout
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    for dotted, *_ in key_docs():
        assert f"│ {dotted} " in out, dotted


def test_rules_check_a_valid_file_says_so_in_one_line(terts, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    path = tmp_path / "house.toml"
    path.write_text('extends = "classic"\n[game]\ntarget = 301\n', encoding="utf-8")
    out = terts.ok("rules", "check", str(path)).stdout
    assert out.count("\n") == 1 and "valid" in out, out
    verbose = terts.ok("rules", "check", str(path), "--verbose").stdout
    assert "game.win_requires_trick" in verbose and "valid" in verbose.splitlines()[0]


def test_the_web_page_asks_for_the_same_commands():
    """`terts serve`: `new` with quick off is `new --tricks`; `ask` and `trump` are actions."""
    from terts_referee.web import texts  # noqa: F401  (registers the catalogue)
    from terts_referee.web.api import argv_for

    argv = argv_for("new", {"players": ["Аня", "Боря"], "quick": False}, "g.toml", "en")
    assert "--tricks" in argv and "--quick" not in argv
    assert "ask" in argv_for("ask", {"player": "Боря"}, "g.toml", "en")
    assert "ч" in argv_for("trump", {"trump": "ч"}, "g.toml", "en")


@pytest.mark.parametrize(
    ("command", "args", "options", "plain", "table"),
    [
        ("challenge", ("Анна Мария", "COMBO"), {}, "terts challenge 'Анна Мария' COMBO",
         "c 'Анна Мария' COMBO"),
        ("claim", ("Боря",), {"--tricks": "N", "--card-points": "N"},
         "terts claim Боря --tricks N --card-points N", "cl Боря N N"),
        ("score", ("POINTS",), {"--by": "P", "--last-trick": "P"},
         "terts score POINTS --by P --last-trick P", "s POINTS P P"),
        ("deal", (), {"--trump": "7♥", "--quick": True, "--replace": "1"},
         "terts deal --trump 7♥ --quick --replace 1", "n 7♥ quick --replace 1"),
        ("deal", (), {"--trump": "7♥", "--dealer": "Анна Мария"},
         "terts deal --trump 7♥ --dealer 'Анна Мария'", "n 7♥ 'Анна Мария'"),
        ("trump", ("SUIT",), {}, "terts trump SUIT", "tr SUIT"),
        ("score", ("POINTS",), {"--by": "O'Neil", "--last-trick": "Аня"},
         "terts score POINTS --by 'O'\\''Neil' --last-trick Аня", "s POINTS 'O'\\''Neil' Аня"),
    ],
)  # fmt: skip
def test_hints_plain_and_at_the_table(command, args, options, plain, table):
    """One place builds every hint: the plain command, or the table's short form; names with a
    space quoted in both."""
    from terts_referee.output.hints import at_the_table, hint

    assert hint(command, *args, options=dict(options)) == plain
    with at_the_table():
        assert hint(command, *args, options=dict(options)) == table


def test_status_of_a_quick_deal_claims_no_trick_or_stock(terts):
    """RULES §4.3: a quick deal records no tricks, so `status` names no trick, stock or
    leader for it (they are not known) but says what comes next; a trick makes it
    trick by trick, and the full status is back."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    out = terts.ok("status").stdout
    assert out.splitlines()[0] == (
        "deal 1 (quick: tricks not recorded), Боря deals, trump ♥: declarations, "
        "then the count: terts score POINTS --by P --last-trick P"
    )
    assert "stock" not in out and "exchange" not in out
    assert "Аня may declare: runs, fours, marriage" in out
    ru = terts.ok("--lang", "ru", "status").stdout
    assert ru.startswith("сдача 1 (быстрый учёт: взятки не записываются), сдаёт Боря, козырь ♥")
    terts.ok("trick", "Тп", "7п")
    assert terts.ok("status").stdout.startswith("deal 1, trick 2 (drawing), stock 12")


def test_a_challenge_after_a_marriage_said_alongside_names_the_way(terts):
    """RULES §4.1 [000][004]: nothing beats a marriage; a scorer who wrote «терц и марьяж» as
    two commands is told how to record the challenge of the terts."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7п")
    terts.ok("declare", "Аня", "терц:Дч")
    terts.ok("declare", "Аня", "марьяж")
    r = terts.refused("challenge", "Боря", "50:Тб")
    assert "nothing beats it [000][004]" in r.stderr
    assert "write both in one command (terts declare Аня COMBO марьяж)" in r.stderr
    ru = terts.refused("--lang", "ru", "challenge", "Боря", "50:Тб")
    assert "запишите оба одной командой (terts declare Аня COMBO марьяж)" in ru.stderr
    terts.ok("undo")
    terts.ok("undo")
    terts.ok("declare", "Аня", "терц:Дч", "марьяж")
    terts.ok("challenge", "Боря", "50:Тб")


def test_status_says_the_askers_forfeit(terts):
    """RULES §4.2 [001]: `status` shows what the asker may still declare."""
    terts.ok("new", "Аня", "Боря", "--rules", "book")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дт")
    terts.ok("ask", "Боря")
    ups = {e["player"]: e["up_to"] for e in terts.status()["may_declare"]}
    assert ups == {"Аня": None, "Боря": "terts"}
    assert "nothing above a terts" in terts.ok("status").stdout
    terts.ok("declare", "Аня", "терц:Дп")
    ups = {e["player"]: e["up_to"] for e in terts.status()["may_declare"]}
    assert ups == {"Аня": None, "Боря": None}


# --- a hand holds 9 cards ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("combos", "needed"),
    [
        pytest.param(
            ["terts:Qs", "terts:Qc", "terts:Qd", "terts:Kh", "4J", "4A", "4K", "4Q", "marriage"],
            19,  # the four fours' 16 cards and the three tens of the tertses
            id="nine declarations in one command (was written, then the file was unreadable)",
        ),
        pytest.param(["4J", "4A", "4K"], 12, id="three fours: 12 cards"),
        pytest.param(["108:As", "terts:Ah"], 11, id="all spades and a hearts terts"),
    ],
)
def test_one_command_shows_no_more_than_a_hand_holds(terts, combos, needed):
    """RULES §2: 9 cards each [000][001]; what one command declares must fit in one hand, under
    declarations.multiple too [000 variant], else the file would hold a turn no hand can show."""
    terts.ok("new", "Аня", "Боря", "--rules", "multi")
    terts.ok("deal", "--trump", "7ч")
    before = terts.game.read_bytes()
    r = terts.refused("declare", "Аня", *combos)
    assert f"need {needed} different cards, more than the 9 a hand holds" in r.stderr
    assert terts.game.read_bytes() == before
    terts.ok("status")  # the file still reads


def test_two_fours_and_the_marriage_fit_in_a_hand(terts):
    """4J + 4A are 8 cards and the trump marriage needs K♥ Q♥ more: 10 > 9, refused; the two fours
    alone are 8 cards and are written (RULES §4.3: a four may share with a run, [000][004])."""
    terts.ok("new", "Аня", "Боря", "--rules", "multi")
    terts.ok("deal", "--trump", "7ч")
    assert "need 10 different cards" in terts.refused("declare", "Аня", "4J", "4A", "марьяж").stderr
    terts.ok("declare", "Аня", "4J", "4A")

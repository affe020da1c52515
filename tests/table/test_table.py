"""``terts table``: the interactive mode writes exactly what the plain commands write.

Sessions are driven with scripted lines and, to exercise prompt_toolkit itself, through a
``create_pipe_input`` with a ``DummyOutput``. The completer is tested directly with Documents.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from terts_referee.cli import main
from terts_referee.domain.cards import DECK, Card
from terts_referee.domain.play import legal_follows, trick_winner
from terts_referee.domain.rules import load_ruleset
from terts_referee.errors import RefereeError
from terts_referee.game.requests import (
    AskRequest,
    ChallengeRequest,
    ClaimRequest,
    DealRequest,
    DeclareRequest,
    ExchangeRequest,
    PenaltyRequest,
    ScoreRequest,
    TrickRequest,
    TrumpRequest,
)
from terts_referee.table import (
    FORMS,
    TABLE,
    Line,
    TableCompleter,
    TableError,
    help_lines,
    parse_line,
    run_table,
)
from terts_referee.table.parser import norm
from tests.helpers import raises_said, raises_verdict, untimed

# --- helpers ---------------------------------------------------------------------------------


def new_game(path: Path, capsys, *players: str) -> Path:
    assert main(["new", *(players or ("Аня", "Боря")), "--tricks", "--game", str(path)]) == 0
    capsys.readouterr()
    return path


def events(path: Path) -> list[dict]:
    """The effective events (the journal with the corrections' trail applied)."""
    from terts_referee.game.model import Game

    return [e.to_dict() for e in Game.from_doc(untimed(path)).events]


def legal_tricks(trump_card: Card, seed: int) -> list[tuple[Card, Card]]:
    """16 tricks of a deal played by the rules (classic): a tiny simulation.

    The non-dealer leads; after each of tricks 1-7 the winner draws first, so the loser of
    trick 7 takes the face-up card; in tricks 8-16 the follower plays a card the final phase
    allows (follow and beat, else trump, else anything).
    """
    rules = load_ruleset("classic")
    trump = trump_card.suit
    rng = random.Random(seed)
    deck = [c for c in DECK if c != trump_card]
    rng.shuffle(deck)
    hands = {0: set(deck[:9]), 1: set(deck[9:18])}
    stock = [*deck[18:], trump_card]
    leader = 0
    tricks = []
    for k in range(1, 17):
        follower = 1 - leader
        lead = rng.choice(sorted(hands[leader], key=Card.sort_key))
        allowed = legal_follows(hands[follower], lead, trump, rules, final=k >= 8)
        follow = rng.choice(sorted(allowed, key=Card.sort_key))
        hands[leader].remove(lead)
        hands[follower].remove(follow)
        winner = follower if trick_winner(lead, follow, trump) else leader
        if k <= 7:
            hands[winner].add(stock.pop(0))
            hands[1 - winner].add(stock.pop(0))
        tricks.append((lead, follow))
        leader = winner
    assert not stock and not hands[0] and not hands[1]
    return tricks


def pipe_session(path: Path, lines: list[str], tail: str = "\x04", lang: str | None = None) -> int:
    """A prompt_toolkit session fed through a pipe: Enter after each line, then ``tail``."""
    with create_pipe_input() as inp:
        inp.send_text("".join(f"{line}\r" for line in lines) + tail)
        return run_table(str(path), lang, input=inp, output=DummyOutput())


# --- one whole game, table vs plain commands -------------------------------------------------

TRUMP_CARD = Card.parse("8♥")


def _letters(card: Card) -> str:
    return card.letters  # Qh: the table types letters


def scripted_game() -> tuple[list[str], list[list[str]]]:
    """The session's lines and the equivalent plain argv lists (without --game)."""
    table: list[str] = []
    plain: list[list[str]] = []

    def both(line: str, *argv: str) -> None:
        table.append(line)
        plain.append(list(argv))

    # Deal 1, quick: declarations, a challenge, an undone slip, the count, a penalty.
    both("n 9ч quick", "deal", "--trump", "9ч", "--quick")
    both("d Аня терц:Дб", "declare", "Аня", "терц:Дб")
    both("c Боря терц:Тп", "challenge", "Боря", "терц:Тп")
    both("об Аня 4В", "declare", "Аня", "4В")
    table += ["st", "?", "sh", "l"]  # nothing recorded
    both("d Боря 4К", "declare", "Боря", "4К")
    both("u", "undo")
    both("declare Боря марьяж", "declare", "Боря", "марьяж")
    both("s 54 Боря Аня", "score", "54", "--by", "Боря", "--last-trick", "Аня")
    both("штраф Боря miscount 10", "penalty", "Боря", "miscount", "--points", "10")
    # Deal 2, trick by trick: Аня took the last trick of deal 1, so she deals.
    both("сдача 8h", "deal", "--trump", "8h")
    for i, (lead, follow) in enumerate(legal_tricks(TRUMP_CARD, seed=7)):
        if i % 3 == 0:
            both(f"взятка {_letters(lead)} {_letters(follow)}", "trick", str(lead), str(follow))
        elif i % 3 == 1:
            both(f"t {lead} {follow}", "trick", str(lead), str(follow))
        else:
            both(f"trick {lead} {follow}", "trick", str(lead), str(follow))
    return table, plain


@pytest.mark.parametrize("driver", ["lines", "prompt_toolkit"])
def test_session_writes_what_the_plain_commands_write(tmp_path, capsys, driver):
    table_game = new_game(tmp_path / "table.toml", capsys)
    plain_game = new_game(tmp_path / "plain.toml", capsys)
    lines, argvs = scripted_game()

    if driver == "lines":
        code = run_table(str(table_game), input=[*lines, "q"])
    else:
        code = pipe_session(table_game, [*lines, "q"], tail="")
    out, err = capsys.readouterr()
    assert code == 0
    assert err == "", err
    assert "Bye: everything is saved" in out

    for argv in argvs:
        assert main([*argv, "--game", str(plain_game)]) == 0, argv
    capsys.readouterr()

    table_events, plain_events = events(table_game), events(plain_game)
    assert len(table_events) == 2 + 6 + 16  # the undo removed one
    assert table_events == plain_events
    assert untimed(table_game) == untimed(plain_game)

    # The trick deal was legal: both deals closed, no renege found.
    assert main(["sheet", "--json", "--game", str(table_game)]) == 0
    import json

    sheet = json.loads(capsys.readouterr().out)
    assert [d["finished"] for d in sheet["deals"]] == [True, True]
    assert all(p["kind"] != "renege" for d in sheet["deals"] for p in d["penalty_list"])
    assert sum(sheet["deals"][1]["card_points"].values()) == 150


def test_start_and_each_event_show_totals_and_deal(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)
    assert run_table(str(game), input=["n 7ч", "l", "t Тп 7п"]) == 0
    out = capsys.readouterr().out
    assert out.count("Аня 0/501 · Боря 0/501") == 3  # at start, after n, after t (not after l)
    assert "no deal yet" in out
    assert "deal 1, trump ♥, trick 1/16 (before the break, stock 14), Аня leads" in out
    assert "trick 2/16 (drawing, stock 12)" in out


def test_russian_messages(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)
    assert run_table(str(game), "ru", input=["n 7ч", "?", "s 54 Боря"]) == 0
    out, err = capsys.readouterr()
    assert "Терц за столом" in out
    assert "сдача 1, козырь ♥, взятка 1/16 (до ломки колоды, в колоде 14), ходит Аня" in out
    assert "Короткие команды" in out and "s ОЧКИ КТО ПОСЛЕДНЯЯ" in out
    assert "До встречи" in out
    assert err == "terts: ошибка: формат: s ОЧКИ КТО ПОСЛЕДНЯЯ (например: s 54 Боря Аня)\n"


def test_language_from_the_environment(tmp_path, capsys, monkeypatch):
    game = new_game(tmp_path / "g.toml", capsys)
    monkeypatch.setenv("TERTS_LANG", "ru")
    assert run_table(str(game), input=[]) == 0
    assert "Терц за столом" in capsys.readouterr().out


# --- leaving loses nothing ---------------------------------------------------------------------


def test_end_of_input_mid_deal_keeps_every_event(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)
    tricks = legal_tricks(TRUMP_CARD, seed=3)[:5]
    lines = ["n 8ч", "d Аня терц:Дч"] + [f"t {a} {b}" for a, b in tricks]
    assert pipe_session(game, lines, tail="\x04") == 0  # Ctrl-D mid-deal
    assert len(events(game)) == 2 + 5
    assert "Bye" in capsys.readouterr().out


def test_ctrl_c_at_the_prompt_leaves_cleanly(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)
    assert pipe_session(game, ["n 8ч", "t Тп 7п"], tail="d Ан\x03") == 0
    assert [e["type"] for e in events(game)] == ["deal", "trick"]


def test_keyboard_interrupt_between_lines_loses_nothing(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)

    def lines():
        yield "n quick"
        yield "d Аня 50:Кп"
        raise KeyboardInterrupt

    assert run_table(str(game), input=lines()) == 0
    assert [e["type"] for e in events(game)] == ["deal", "declare"]


def test_keyboard_interrupt_inside_a_command_loses_nothing(tmp_path, capsys, monkeypatch):
    game = new_game(tmp_path / "g.toml", capsys)
    from terts_referee.game.game_file import GameFile

    real = GameFile.record
    calls = []

    def flaky(self, request):
        calls.append(request)
        if len(calls) == 2:  # a second Ctrl-C breaks into the line before it is written
            raise KeyboardInterrupt
        return real(self, request)

    monkeypatch.setattr(GameFile, "record", flaky)
    assert run_table(str(game), input=["n quick", "d Аня 4J", "d Боря 4Д"]) == 0
    assert [e["type"] for e in events(game)] == ["deal"]
    # said plainly; the session ends as after Ctrl-C at the prompt
    assert "Ctrl-C while the line ran: nothing was recorded" in capsys.readouterr().err


def test_missing_game_file_refuses_to_start(tmp_path, capsys):
    code = run_table(str(tmp_path / "none.toml"), input=["n"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("terts: error: ")
    assert "not found" in err and "terts new P1 P2" in err


def test_corrupt_game_file_refuses_to_start(tmp_path, capsys):
    game = tmp_path / "g.toml"
    game.write_text("this is not toml = = \n", encoding="utf-8")
    assert run_table(str(game), input=[]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "corrupt" in err


def test_game_path_from_the_environment(tmp_path, capsys, monkeypatch):
    game = new_game(tmp_path / "env.toml", capsys)
    monkeypatch.setenv("TERTS_GAME", str(game))
    assert run_table(None, input=["n quick"]) == 0
    assert len(events(game)) == 1


def test_unknown_language_is_refused(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)
    assert run_table(str(game), "de", input=[]) == 2
    assert "expected en, ru, uk" in capsys.readouterr().err


# --- bad lines -----------------------------------------------------------------------------------


BAD_LINES = [
    ("d Гоша терц:Дч", "not a player"),
    ("t Zx 7ч", "unknown rank"),
    ("t Тп 7п 8п", "two cards"),
    ("s 54 Боря", "usage: s POINTS BY LAST"),
    ("d 'Аня терц:Дч", "no closing quotation"),
    ("frobnicate", "unknown command 'frobnicate'"),
    ("table", "already at the table"),
    ("d Аня 4J --game other.toml", "this session keeps to"),
    ("c Боря 4Д", "declaration"),  # nothing to beat: refused by the rules
]


def test_bad_lines_print_one_error_each_and_the_session_goes_on(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)
    assert run_table(str(game), input=["n 8ч"]) == 0
    capsys.readouterr()
    before = game.read_bytes()
    lines = [line for line, _ in BAD_LINES]
    assert run_table(str(game), input=[*lines, "", "t Тп 7п"]) == 0
    out, err = capsys.readouterr()
    errors = err.splitlines()
    assert len(errors) == len(BAD_LINES), err
    for line, (bad, expected) in zip(errors, BAD_LINES, strict=True):
        assert line.startswith("terts: error: "), line
        assert expected in line, (bad, line)
    assert "Traceback" not in err
    # Nothing bad was written; the good line after them was.
    after = events(game)
    assert [e["type"] for e in after] == ["deal", "trick"]
    assert game.read_bytes() != before
    assert "trick 2/16" in out


def test_bad_line_through_prompt_toolkit(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)
    assert pipe_session(game, ["n quick", "d Гоша 4J", "d Аня 4J"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Гоша" in err
    assert [e["type"] for e in events(game)] == ["deal", "declare"]


def test_quoted_names_with_spaces(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys, "Анна Мария", "Боря")
    assert run_table(str(game), input=["n quick", "d 'Анна Мария' 4J", 's 60 "Анна М" Боря']) == 0
    assert capsys.readouterr().err == ""
    evs = events(game)
    assert evs[1]["player"] == "Анна Мария"
    assert evs[2]["by"] == "Анна Мария" and evs[2]["last_trick"] == "Боря"


# --- translation ---------------------------------------------------------------------------------

A, B = "Аня", "Боря"


def record(request, **kw):
    return Line("record", request, **kw)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("n", record(DealRequest())),
        ("n 7ч", record(DealRequest("7ч"))),
        ("n 7ч Аня", record(DealRequest("7ч", A))),
        ("n Аня", record(DealRequest(dealer=A))),
        ("n quick", record(DealRequest(quick=True))),
        ("n 7ч tricks", record(DealRequest("7ч", quick=False))),
        ("сдача ч Боря быстро", record(DealRequest("ч", B, True))),
        ("n - Аня", record(DealRequest(dealer=A))),
        ("deal --trump 7ч", record(DealRequest("7ч"))),
        ("deal --trump=7ч --dealer Аня --quick", record(DealRequest("7ч", A, True))),
        ("n 8п --trump 7ч --quick --tricks", record(DealRequest("7ч", quick=False))),
        ("d Аня терц:Дч", record(DeclareRequest(A, ["терц:Дч"]))),
        ("об Аня 4J марьяж", record(DeclareRequest(A, ["4J", "марьяж"]))),
        ("declare Аня терц:Дч", record(DeclareRequest(A, ["терц:Дч"]))),
        ("c Боря 50:Кп", record(ChallengeRequest(B, "50:Кп"))),
        ("t Qh 7s", record(TrickRequest(["Qh", "7s"]))),
        ("в Дч 7п", record(TrickRequest(["Дч", "7п"]))),
        ("s 54 Боря Аня", record(ScoreRequest(54, B, A))),
        ("счёт 54 Боря Аня", record(ScoreRequest(54, B, A))),
        ("s 54 --by Боря --last-trick Аня", record(ScoreRequest(54, B, A))),
        ("score 54 --by Боря --last-trick Аня", record(ScoreRequest(54, B, A))),
        ("s -1 Боря Аня", record(ScoreRequest(-1, B, A))),  # a number, refused by the referee
        ("p Боря miscount 10", record(PenaltyRequest(B, "miscount", 10))),
        ("p Боря false-declaration", record(PenaltyRequest(B, "false-declaration"))),
        ("штраф Боря false --event 3", record(PenaltyRequest(B, "false", event=3))),
        (
            "p Боря false --event 3 --combo терц:Дч",
            record(PenaltyRequest(B, "false", event=3, combo="терц:Дч")),
        ),
        ("x Аня", record(ExchangeRequest(A))),
        ("a Боря", record(AskRequest(B))),
        ("tr ч", record(TrumpRequest("ч"))),
        ("cl Аня", record(ClaimRequest(A))),
        ("cl Аня 3 40", record(ClaimRequest(A, 3, 40))),
        ("claim Аня --tricks 3 --card-points 40", record(ClaimRequest(A, 3, 40))),
        ("d Аня 4J --json", record(DeclareRequest(A, ["4J"]), as_json=True)),
        ("u", Line("undo")),
        ("отмена", Line("undo")),
        ("undo --json", Line("undo", as_json=True)),
        ("st", Line("show", view="status")),
        ("sh --json", Line("show", view="sheet", as_json=True)),
        (
            "sheet --as exact --csv",
            Line("show", view="sheet", flags=frozenset({"csv"}), as_rules="exact"),
        ),
        ("l", Line("show", view="log")),
        ("log --all --json", Line("show", view="log", as_json=True, flags=frozenset({"all"}))),
        ("terts challenge Боря 4J", record(ChallengeRequest(B, "4J"))),
        # corrections of the past
        ("fix 3 s 64 Боря Аня", Line("correct", ScoreRequest(64, B, A), 3)),
        ("ins 5 d Боря марьяж", Line("insert", DeclareRequest(B, ["марьяж"]), 5)),
        ("вставить 5 об Боря марьяж", Line("insert", DeclareRequest(B, ["марьяж"]), 5)),
        ("испр 2 declare Аня 4J", Line("correct", DeclareRequest(A, ["4J"]), 2)),
        ("fix 4 p Боря miscount 10", Line("correct", PenaltyRequest(B, "miscount", 10), 4)),
        ("declare Аня 4J --replace 2", Line("correct", DeclareRequest(A, ["4J"]), 2)),
        ("s 64 Боря Аня --before 3", Line("insert", ScoreRequest(64, B, A), 3)),
        ("drop 2", Line("drop", number=2)),
        ("уд 2", Line("drop", number=2)),
    ],
)
def test_lines_read_into_requests_of_the_game_api(line, expected):
    assert parse_line(line, "g.toml") == expected


@pytest.mark.parametrize("word", ["check", "rules", "new", "export", "stats", "history"])
def test_terminal_commands_are_not_lines_of_the_table(word):
    with raises_said(TableError, f"'{word}' is a terminal command.*terts {word}"):
        parse_line(f"{word} trick Ah 7s --trump s", "g.toml")


def test_every_terts_command_is_a_form_of_the_table_or_a_terminal_command():
    from terts_referee.cli.registry import COMMANDS
    from terts_referee.table.parser import BY_WORD, TERMINAL_COMMANDS

    assert sorted(c for c in COMMANDS if c not in BY_WORD and c not in TERMINAL_COMMANDS) == []


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("d Аня 4J --points 3", "--points is not an option of this line: d P COMBO"),
        ("n --trump", "--trump needs a value: n [TRUMP]"),
        ("sh --json=yes", "--json=yes is not an option"),
        ("d --help", "usage: d P COMBO…"),
        ("s 5x Боря Аня", "'5x' is not a number"),
        ("drop ３", "'３' is not a number"),
        ("d Аня 4J --replace 2 --before 3", "--replace"),
    ],
)
def test_lines_that_cannot_be_read_say_why(line, reason):
    with raises_said(RefereeError, re.escape(reason)):
        parse_line(line, "g.toml")


META_LINES = [("", "empty"), ("   ", "empty"), ("?", "help"), ("h", "help"), ("помощь", "help")]
META_LINES += [("q", "quit"), ("quit", "quit"), ("exit", "quit"), ("выход", "quit")]


@pytest.mark.parametrize(("line", "kind"), META_LINES)
def test_meta_lines(line, kind):
    assert parse_line(line, "g.toml").kind == kind


@pytest.mark.parametrize(
    "line",
    ["s 54", "s 1 2 3 4", "p Аня miscount 1 2", "n 7ч Аня Боря", "fix 3", "fix x s 1 2 3", "ins"],
)
def test_short_form_usage_errors(line):
    with raises_verdict(TableError, "table.usage", "usage"):
        parse_line(line, "g.toml")


@pytest.mark.parametrize("line", ["fix 3 l", "ins 2 u", "fix 3 zz 1", "ins 1 drop 2"])
def test_a_correction_holds_a_recording_line_only(line):
    with raises_verdict(
        TableError, "table.fix_what", r"is not an event to record: (fix|ins) N LINE"
    ):
        parse_line(line, "g.toml")


def test_corrections_at_the_table(tmp_path, capsys):
    game = new_game(tmp_path / "g.toml", capsys)
    lines = ["n quick ч", "d Аня терц:Дч", "s 54 Боря Аня", "n quick п"]
    lines += ["fix 3 s 64 Боря Аня", "ins 3 d Аня марьяж", "drop 5", "l", "drop 9"]
    assert run_table(str(game), input=lines) == 0
    out, err = capsys.readouterr()
    assert "event 3 replaced: Боря counts 54; last trick Аня → Боря counts 64" in out
    assert "inserted as event 3: Аня declares marriage" in out
    assert "event 5 removed: deal, trump ♠, quick" in out
    assert re.search(r"│ 2 +│", out) and re.search(r"│ 4\* +│", out)  # numbers to refer to
    assert (
        err == "terts: error: there is no event 9 to drop: expected a number from 1 to 4 "
        "(see `terts log`)\n"
    )
    assert [e["type"] for e in events(game)] == ["deal", "declare", "declare", "score"]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_help_lists_every_short_form(lang):
    text = "\n".join(help_lines(lang))
    for form in FORMS:
        assert f"  {form.usage_in(lang)} " in text
    assert "сдача/сд/роздача/рд = n" in text


def test_the_short_words_of_the_two_languages_never_clash():
    """A Russian and a Ukrainian short word for the same command, or the same word for one
    command only: no word reads as two commands."""
    seen: dict[str, str] = {}
    for form in FORMS:
        for word in (form.short, *form.aliases):
            assert seen.setdefault(norm(word), form.command) == form.command, word


def test_the_catalogue_is_the_table_s():
    assert TABLE and all(key.startswith("table.") for key in TABLE)


# --- completion ----------------------------------------------------------------------------------


def complete(text: str, completer: TableCompleter | None = None) -> list[str]:
    completer = completer or TableCompleter(["Аня", "Боря"])
    doc = Document(text, len(text))
    return [c.text for c in completer.get_completions(doc, CompleteEvent())]


def test_first_word_completes_commands():
    everything = complete("")
    for word in ("n", "d", "c", "t", "s", "p", "x", "cl", "u", "st", "sh", "l", "?", "q"):
        assert word in everything
    assert "declare" in everything and "сдача" in everything
    assert "table" not in everything
    assert {"deal", "declare"} <= set(complete("de"))
    assert complete("decl") == ["declare"]
    assert "счёт" in complete("сч")


def test_player_names_complete():
    assert complete("d ") == ["Аня", "Боря"]
    assert complete("d а") == ["Аня"]
    assert complete("x Б") == ["Боря"]
    assert complete("terts exchange Б") == ["Боря"]
    assert complete("ОБ Б") == ["Боря"]  # aliases in any case
    assert complete("s 54 ") == ["Аня", "Боря"]
    assert complete("s 54 Боря А") == ["Аня"]
    assert complete("score 54 --by ") == ["Аня", "Боря"]
    assert complete("s ") == []  # POINTS first


def test_player_names_with_spaces_complete_quoted():
    completer = TableCompleter(["Анна Мария", "Боря"])
    assert complete("d Ан", completer) == ["'Анна Мария'"]
    done = complete("d 'Анна М", completer)
    assert done == ["'Анна Мария'"]
    typed = Document("d 'Анна М", len("d 'Анна М"))
    first = next(iter(completer.get_completions(typed, CompleteEvent())))
    assert first.start_position == -len("'Анна М")


def test_cards_complete():
    all_cards = complete("t ")
    assert len(all_cards) == 32 and "Q♥" in all_cards and "10♠" in all_cards
    queens = complete("t Q")
    assert {"Qs", "Qc", "Qd", "Qh"} == set(queens)  # each card once, as it is being typed
    assert set(complete("t Д")) == {"Дп", "Дт", "Дб", "Дч"}
    assert set(complete("t 10")) == {"10♠", "10♣", "10♦", "10♥"}
    ru = TableCompleter(["Аня", "Боря"], lang="ru")
    assert set(complete("t 10", ru)) == {"10♠", "10♣", "10♦", "10♥"}
    assert set(complete("t 10ч", ru)) == {"10ч"}
    assert complete("t Qh") == ["Qh"]
    # The second card leaves out the first, and the trick's card position ends at two.
    assert "Qh" not in complete("t Q♥ Q") and "Qs" in complete("t Q♥ Q")
    assert complete("t Q♥ 7♠ ") == []


@pytest.mark.parametrize("text", ["t ", "t 8", "t 8s", "t 8п", "d Аня terts:", "n "])
def test_each_card_is_shown_once_in_the_menu(text):
    """The menu's line for a card is its form and, only when that is written in letters, the
    symbol beside it: never the same text twice (``8♠   8♠``)."""
    completer = TableCompleter(["Аня", "Боря"])
    found = list(completer.get_completions(Document(text, len(text)), CompleteEvent()))
    assert found
    for c in found:
        meta = c.display_meta_text
        assert not meta or meta not in c.display_text, (c.display_text, meta)
    shown = [c.display_text for c in found]
    assert len(shown) == len(set(shown))


def test_played_cards_are_left_out():
    completer = TableCompleter(["Аня", "Боря"], played=[Card.parse("A♠"), Card.parse("7♠")])
    cards = complete("t ", completer)
    assert len(cards) == 30 and "A♠" not in cards


def test_declarations_complete():
    words = complete("d Аня ")
    for word in ("terts:", "50:", "105:", "4J", "marriage", "терц:", "марьяж", "4В"):
        assert word in words
    assert complete("d Аня тер") == ["терц:"]
    assert complete("d Аня 4") == ["4J", "4A", "4K", "4Q", "4В", "4Т", "4К", "4Д"]
    tops = complete("d Аня terts:")
    assert len(tops) == 6 * 4 and "terts:Q♥" in tops and "terts:8♥" not in tops
    assert set(complete("c Боря 108:")) == {"108:A♠", "108:A♣", "108:A♦", "108:A♥"}
    assert set(complete("d Аня терц:Д")) == {"терц:Дп", "терц:Дт", "терц:Дб", "терц:Дч"}
    assert "Q♥,J♥,10♥" in complete("d Аня Q♥,J♥,10")


def test_deal_and_penalty_complete():
    words = complete("n ")
    assert {"Аня", "Боря", "quick"} <= set(words) and "7♥" in words
    assert "быстро" in complete("n бы")
    assert "miscount" in complete("p Боря mis")
    assert complete("p ") == ["Аня", "Боря"]
    assert "renege" in complete("p Аня ")


def test_corrections_complete_event_numbers_then_a_recording_line():
    completer = TableCompleter(["Аня", "Боря"])
    completer.events = ("deal, trump ♥", "Аня declares terts", "Боря counts 54")
    assert complete("fix ", completer) == ["3", "2", "1"]
    assert complete("drop 1", completer) == ["1"]
    doc = Document("ins ", 4)
    metas = [c.display_meta_text for c in completer.get_completions(doc, CompleteEvent())]
    assert metas[0] == "event 3: Боря counts 54"
    recording = complete("fix 3 ", completer)
    assert {"s", "d", "score", "declare"} <= set(recording)
    assert not {"l", "u", "drop", "fix", "st"} & set(recording)
    assert complete("fix 3 s 64 ", completer) == ["Аня", "Боря"]
    assert complete("ins 2 d Б", completer) == ["Боря"]


def test_session_completer_knows_the_game(tmp_path, capsys, monkeypatch):
    """The session hands its completer the game's players and the deal's played cards."""
    import terts_referee.table.session as table

    seen = []

    class Spy(TableCompleter):  # the class the session makes its completer of
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            seen.append(self)

    monkeypatch.setattr(table, "TableCompleter", Spy)
    game = new_game(tmp_path / "g.toml", capsys, "Вика", "Гена")
    assert pipe_session(game, ["n 8ч", "t Тп 7п"]) == 0
    (completer,) = seen
    assert completer.players == ("Вика", "Гена")
    assert completer.played == {Card.parse("A♠"), Card.parse("7♠")}
    assert complete("x В", completer) == ["Вика"]
    assert complete("fix ", completer) == ["2", "1"]  # the events, to correct


def test_history_file_beside_the_game(tmp_path):
    from prompt_toolkit.history import FileHistory

    from terts_referee.table import _history_for

    history = _history_for(tmp_path / "g.toml")
    assert isinstance(history, FileHistory)
    assert Path(os.fsdecode(history.filename)) == tmp_path / "g.toml.history"


def test_piped_stdin_is_read_line_by_line(tmp_path, capsys, monkeypatch):
    import io

    game = new_game(tmp_path / "g.toml", capsys)
    monkeypatch.setattr("sys.stdin", io.StringIO("n quick\nd Аня 4J\n"))
    assert run_table(str(game)) == 0
    assert [e["type"] for e in events(game)] == ["deal", "declare"]

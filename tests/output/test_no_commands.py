"""The sheet, the log and the pages made from them say what happened, never what to type: their
notices and notes are the verdicts' sentences, with no terminal command, no backtick and no
option in them (a terminal adds its commands to a refusal only, ``output.remedies``)."""

from __future__ import annotations

import json
import re

import pytest

from terts_referee.cli.registry import COMMANDS
from terts_referee.domain.cards import Suit
from terts_referee.domain.declarations import parse_combo
from terts_referee.domain.events import DealEvent, Declare, Score
from terts_referee.domain.rules import load_ruleset
from terts_referee.game.model import Game
from terts_referee.game.storage import write_game

#: What a terminal command looks like in a text: the program's name before one of its commands
#: (not "terts from the Queen", a declaration), a backtick, an option (``--event``, ``--game``).
COMMAND = re.compile(rf"\bterts (?:{'|'.join(COMMANDS)})\b|`|(?<![\w-])--[a-z]")

#: A game whose log holds the notices and notes that used to name a command: a challenge found
#: false (the beaten declaration stands again), a lowering, a miscount, penalties named by the
#: players (once "recorded by `terts penalty`"), a dealer out of rotation, a renege.
STEPS = [
    ("new", "Аня", "Боря"),
    ("deal", "--trump", "7ч", "--quick"),
    ("declare", "Аня", "терц:Дт"),
    ("challenge", "Боря", "терц:Кб"),
    ("penalty", "Боря", "false-declaration"),
    ("declare", "Аня", "50:Кч"),
    ("declare", "Аня", "терц:Дч"),
    ("penalty", "Аня", "miscount", "--points", "10"),
    ("score", "54", "--by", "Боря", "--last-trick", "Аня"),
    ("deal", "--trump", "Тп", "--dealer", "Боря", "--quick"),
    ("penalty", "Боря", "renege"),
]


def _texts(value) -> list[str]:
    """Every string in a JSON document."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def _played(terts) -> None:
    for step in STEPS:
        terts.ok(*step)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_log_and_the_sheet_name_no_command(terts, lang):
    _played(terts)
    log = terts.ok("--lang", lang, "log").stdout
    assert not COMMAND.search(log), log
    notices = [n for e in terts.ok("--lang", lang, "log", "--json").json()["events"]
               for n in e["notices"]]  # fmt: skip
    assert len(notices) >= 5
    assert [n for n in notices if COMMAND.search(n)] == []
    sheet = terts.ok("--lang", lang, "sheet", "--json").json()
    notes = [
        text
        for deal in sheet["deals"]
        for item in (*deal["declared"], *deal["penalty_list"])
        for text in (item["note"],)
        if text
    ]
    assert len(notes) >= 4
    assert [t for t in (*notes, *_texts(sheet["notices"])) if COMMAND.search(t)] == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_html_sheet_names_no_command(terts, lang, tmp_path):
    _played(terts)
    page = tmp_path / f"sheet-{lang}.html"
    terts.ok("--lang", lang, "export", "--html", str(page))
    html = page.read_text(encoding="utf-8")
    body = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", body)
    assert "Аня" in text
    assert not COMMAND.search(text), COMMAND.search(text)


def test_an_event_set_aside_is_noticed_without_a_command(terts, tmp_path):
    """An old game's event the referee no longer takes: its notice says to drop it or correct
    an earlier event, in words; the remedy (drop it) is data for the faces."""
    rules = load_ruleset("classic")
    terts_q = parse_combo("терц:Кч", Suit.HEARTS, rules)
    clash = parse_combo("терц:Дч", Suit.HEARTS, rules)  # Q♥ J♥ again: one deck
    game = Game(
        ("Аня", "Боря"),
        rules,
        [
            DealEvent(None, Suit.HEARTS, None, quick=True),
            Declare("Аня", (terts_q,)),
            Declare("Боря", (clash,)),
            Score("Боря", 60, "Аня"),
        ],
    )
    write_game(terts.game, game.to_doc())
    events = terts.ok("log", "--json").json()["events"]
    (aside,) = [e for e in events if e["set_aside"]]
    assert aside["notices"] and not any(COMMAND.search(n) for n in aside["notices"])
    (verdict,) = aside["verdicts"]
    assert verdict["code"] == "notice.set_aside"
    assert verdict["remedy"] == {"action": "drop", "fields": {"number": 3}}
    assert not COMMAND.search(terts.ok("log").stdout)
    assert json.dumps(aside, ensure_ascii=False).count("`") == 0


def test_a_refusal_on_the_terminal_still_names_the_command(terts):
    """What the sheet never says, the terminal says after a refusal: the command to type."""
    terts.ok("new", "Аня", "Боря")
    line = terts.refused("declare", "Аня", "терц:Дч").stderr
    assert line.endswith("start one with `terts deal`\n"), line

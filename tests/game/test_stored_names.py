"""A player's name as a game file stores it: one with a control character (written by hand, a
script, another program) opens, and is shown as an escape wherever people read it, exact in
JSON; a new name with one is still refused."""

from __future__ import annotations

import pytest

from terts_referee.errors import GameFileError, NotationError
from terts_referee.game.game_file import GameFile


@pytest.fixture
def bell_game(terts):
    terts.ok("new", "Аня", "Боря")
    text = terts.game.read_text(encoding="utf-8").replace('"Аня"', '"А\\u0007ня"', 1)
    terts.game.write_text(text, encoding="utf-8")
    return terts


def test_a_stored_name_with_a_control_character_opens(bell_game):
    before = bell_game.game.read_bytes()
    game = GameFile(bell_game.game).snapshot().game
    assert game.players == ("А\x07ня", "Боря")
    assert bell_game.game.read_bytes() == before


def test_it_is_shown_as_an_escape_and_exact_in_json(bell_game):
    before = bell_game.game.read_bytes()
    sheet = bell_game.ok("sheet")
    assert "А\\x07ня" in sheet.stdout and "\x07" not in sheet.stdout
    assert bell_game.sheet()["players"] == ["А\x07ня", "Боря"]
    assert bell_game.game.read_bytes() == before


def test_the_game_goes_on_under_that_name(bell_game):
    bell_game.ok("deal", "--trump", "п")
    played = bell_game.ok("status", "--json").json()
    assert played["leader"] == "А\x07ня"  # exact in JSON
    assert "А\\x07ня" in bell_game.ok("status").stdout
    assert GameFile(bell_game.game).snapshot().game.players[0] == "А\x07ня"


def test_a_new_name_with_one_is_still_refused(tmp_path):
    with pytest.raises(NotationError) as info:
        GameFile.create(tmp_path / "g.toml", ["А\x07ня", "Боря"])
    assert info.value.verdict.code == "err.players.control"
    assert not (tmp_path / "g.toml").exists()


def test_other_damage_to_the_players_is_still_corrupt(terts):
    terts.ok("new", "Аня", "Боря")
    text = terts.game.read_text(encoding="utf-8").replace('"Боря"', '"Аня"', 1)
    terts.game.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError, match="corrupt"):
        GameFile(terts.game).snapshot()

"""``terts penalty P false-declaration --combo COMBO`` (§6): on an event that recorded several
combinations, the false one; without it such a penalty is refused, naming them, in the
player's language, with the command to type, the file unchanged. The page takes the same
field (``POST api/penalty`` with ``combo``), the table the same option.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def two_combos(terts):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "7ч")  # 1
    terts.ok("declare", "Аня", "терц:Дт", "марьяж")  # 2
    return terts


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "event 2 of Аня recorded several combinations"),
        ("ru", "в событии 2 (Аня) записано несколько комбинаций"),
        ("uk", "у події 2 (Аня) записано кілька комбінацій"),
    ],
)
def test_without_combo_it_is_refused_naming_them(two_combos, lang, words):
    """§6: «on an event of several, a penalty without it is refused, naming them»."""
    before = two_combos.game.read_bytes()
    r = two_combos.refused("--lang", lang, "penalty", "Аня", "false-declaration")
    line = r.stderr.strip()
    assert len(line.splitlines()) == 1 and words in line, line
    assert "--combo" in line and "--event 2" in line, line  # the command to type
    assert two_combos.game.read_bytes() == before


def test_with_combo_the_named_one_is_false_and_the_others_stand(two_combos):
    """§6: the marriage recorded with a false terts is not lost."""
    two_combos.ok("penalty", "Аня", "false-declaration", "--combo", "терц:Дт")
    log = two_combos.ok("log", "--json").json()["events"]
    assert log[-1]["combo"] == "terts:Q♣"
    deal = two_combos.sheet()["deals"][0]
    statuses = {d["combo"]: d["status"] for d in deal["declared"]}
    assert statuses == {"terts:Q♣": "false", "marriage:♥": "scored"}, statuses


def test_a_combo_not_of_the_event_is_refused(two_combos):
    r = two_combos.refused("penalty", "Аня", "false-declaration", "--combo", "50:Тп")
    assert "is not among the combinations of event 2" in r.stderr


def test_the_page_takes_the_combo_field(tmp_path):
    """``POST api/penalty`` with ``combo``, as the page's penalty panel sends it."""
    from terts_referee.web.backend import GameBackend

    backend = GameBackend(str(tmp_path / "g.toml"), "en")
    assert backend.act("new", {"players": ["Аня", "Боря"], "quick": True})[0] == 200
    assert backend.act("deal", {"trump": "7ч"})[0] == 200
    assert backend.act("declare", {"player": "Аня", "combos": ["терц:Дт", "марьяж"]})[0] == 200
    status, answer = backend.act("penalty", {"player": "Аня", "kind": "false-declaration"})
    assert status == 422 and "name the false one" in answer["error"], answer
    body = {"player": "Аня", "kind": "false-declaration", "combo": "марьяж"}
    status, answer = backend.act("penalty", body)
    assert status == 200, answer
    deal = backend.file.sheet().deals[0]
    assert deal.declared("Аня") == 20

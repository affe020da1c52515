"""The referee's refusals through the ``terts`` command: exit 2, one line naming the rule and the
earlier event, the file unchanged (one deck, a claim out of turn, a challenge of a terts said
beside a marriage, more cards than a hand holds).
"""

from __future__ import annotations

import pytest


def test_one_deck_refusal_through_the_command(terts):
    """§4.3 one deck [000] rule 5: one line naming the shared cards and the earlier event."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("declare", "Аня", "терц:Дт")
    r = terts.refused("declare", "Боря", "терц:Кт")
    assert "one deck" in r.stderr and "Q♣ J♣" in r.stderr and "(event 2)" in r.stderr


def test_claim_on_ones_own_turn_through_the_command(terts):
    """§5 [000][002]: followed trick by trick, only the player about to lead claims."""
    terts.ok("new", "Аня", "Боря", "--tricks")
    terts.ok("deal", "--trump", "7ч")
    terts.ok("trick", "Тп", "9п")
    r = terts.refused("claim", "Боря")
    assert "own turn" in r.stderr and "(event 2)" in r.stderr


def test_a_challenge_after_a_marriage_said_alongside_names_the_way(terts):
    """§4.1 [000][004]: nothing beats a marriage; a scorer who wrote «терц и марьяж» as
    two commands is told how to record the challenge of the terts."""
    terts.ok("new", "Аня", "Боря")
    terts.ok("deal", "--trump", "7п")
    terts.ok("declare", "Аня", "терц:Дч")
    terts.ok("declare", "Аня", "марьяж")
    r = terts.refused("challenge", "Боря", "50:Тб")
    assert "nothing beats it [000][004]" in r.stderr
    assert "or the marriage and that declaration in one event: " in r.stderr
    assert r.stderr.endswith(": `terts declare Аня COMBO марьяж`\n")
    ru = terts.refused("--lang", "ru", "challenge", "Боря", "50:Тб")
    assert (
        "или марьяж и это объявление одной записью: `terts declare Аня ОБЪЯВЛЕНИЕ марьяж`"
        in ru.stderr
    )
    terts.ok("undo")
    terts.ok("undo")
    terts.ok("declare", "Аня", "терц:Дч", "марьяж")
    terts.ok("challenge", "Боря", "50:Тб")


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
    """§2: 9 cards each [000][001]; what one command declares must fit in one hand, under
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
    alone are 8 cards and are written (§4.3: a four may share with a run, [000][004])."""
    terts.ok("new", "Аня", "Боря", "--rules", "multi")
    terts.ok("deal", "--trump", "7ч")
    assert "need 10 different cards" in terts.refused("declare", "Аня", "4J", "4A", "марьяж").stderr
    terts.ok("declare", "Аня", "4J", "4A")

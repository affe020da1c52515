"""Any game file whose events are well formed opens: a stored event the referee refuses is set
aside, never an exception, and the sheet is that of the events that stand.

Random games (simulated deals, junk events mixed in, pieces shuffled, short targets so that a
game is won with events after it) are loaded as a game file would be; the events set aside,
taken out (a penalty's ``event`` renumbered as a drop renumbers it), replay strictly, without
one refusal, to the same sheet (event numbers and the texts that quote them aside).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from terts_referee.domain.cards import Suit
from terts_referee.domain.events import DealEvent, Penalty, Score, event_from_dict
from terts_referee.errors import GameFileError
from terts_referee.game.model import Game
from terts_referee.game.storage import parsed_form
from terts_referee.referee import replay
from tests.property.test_simulated_deals import events_of, ruleset
from tests.referee.test_referee import _junk, _plain
from tests.simulator import simulate

PLAYERS = ("Ann", "Bob")

#: What names or quotes event numbers: they differ once the set-aside events are taken out.
NUMBERED = frozenset(
    {"event", "restored", "trump_event", "exchange_event", "timed_from", "notices", "note"}
    | {"withdrawn"}  # the reasons, by penalty: compared by their keys alone
    | {"charged"}  # the offences on a declaration, by the event that charged each
)
#: The sheet's own lists of event numbers, and what ``_plain`` leaves out anyway.
# ``askers``: who asked in a deal, by the event of the question (numbers shift without the
# events set aside)
LEFT_OUT = NUMBERED | {"skipped", "set_aside", "rules", "_by_event", "asked", "askers"}


def picture(sheet):
    """The sheet by attribute (``tests.referee.test_referee._plain``), without the event
    numbers and the texts that quote them."""
    return _plain(sheet, left_out=LEFT_OUT)


def without(events: list, numbers: set[int]) -> list:
    """``events`` with those ``numbers`` taken out, the penalties' ``event`` renumbered."""
    kept = []
    for i, ev in enumerate(events, start=1):
        if i in numbers:
            continue
        if isinstance(ev, Penalty) and ev.target is not None:
            ev = ev._replace(target=ev.target - sum(1 for n in numbers if n < ev.target))
        kept.append(ev)
    return kept


def game_events(seed: int, junk: float, shuffled: float, quick: int, rules) -> list:
    rng = random.Random(seed)
    events: list = []
    for k in range(rng.randint(1, 3)):
        deal = simulate(seed * 7 + k, PLAYERS, None, exchange=0.4, declare=0.6, lie=0.2)
        for ev in events_of(deal, rules, dealer=None):
            if rng.random() < junk:
                events.append(_junk(rng, deal.trump))
            events.append(ev)
    for _ in range(quick):  # quick deals: a short game is won, and events follow the win
        events += [DealEvent(None, rng.choice(list(Suit)), None, quick=True)]
        events += [Score(rng.choice(PLAYERS), rng.randint(0, 150), rng.choice(PLAYERS))]
    for _ in range(int(len(events) * shuffled)):  # pieces out of place
        i, j = rng.randrange(len(events)), rng.randrange(len(events))
        events[i], events[j] = events[j], events[i]
    events = [ev for ev in events if well_formed(ev)]
    for i, ev in enumerate(events):  # well formed: a penalty names an event before its own
        if isinstance(ev, Penalty) and ev.target is not None:
            events[i] = ev._replace(target=rng.randint(1, i) if i else None)
    return events


def well_formed(event) -> bool:
    """Whether the game file's checks take ``event`` (the junk's numbers may be out of range);
    the event it names, if any, is left to ``game_events``."""
    try:
        event_from_dict(parsed_form(event.to_dict()), 10**6, PLAYERS)
    except GameFileError:
        return False
    return True


@given(
    seed=st.integers(0, 2**20),
    junk=st.sampled_from([0.0, 0.1, 0.3]),
    shuffled=st.sampled_from([0.0, 0.05, 0.3, 1.0]),
    quick=st.integers(0, 6),
    name=st.sampled_from(["classic", "short", "book", "follow", "multi"]),
)
@settings(max_examples=120, deadline=None, database=None)
def test_any_game_file_opens_and_its_standing_events_give_its_sheet(
    seed, junk, shuffled, quick, name
):
    rules = ruleset(name)
    events = game_events(seed, junk, shuffled, quick, rules)
    doc = parsed_form(Game(PLAYERS, rules, events).to_doc())  # as the file reads back
    game = Game.from_doc(doc)
    sheet = game.sheet()  # never raises for a file that parses
    aside = set(sheet.set_aside)
    assert all(n in dict(sheet.notices) or sheet.notices_for(n) for n in aside)
    standing = without(game.events, aside)
    again = replay(PLAYERS, standing, rules, recorded=len(standing))  # strict: nothing refused
    assert picture(again) == picture(sheet)
    assert (again.totals, again.winner) == (sheet.totals, sheet.winner)
    assert [sorted(d.withdrawn) for d in again.deals] == [sorted(d.withdrawn) for d in sheet.deals]

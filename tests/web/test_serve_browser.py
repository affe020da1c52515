"""`terts serve` in headless Chromium at a phone's viewport (390 x 844), driven like a person.

The browser is the system's Chromium (Debian's ``chromium`` package; ``.ci/run`` installs it when
it can), driven by Playwright's Python package with ``executable_path``: no browser download.
Without either, these tests are skipped with the reason.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import untimed
from tests.serve_helpers import assert_page_message, assert_page_refusal, running
from tests.web.browser import Person

pytestmark = pytest.mark.slow  # a browser per test: out of the fast loop (-m "not slow")


def _same(terts, served, reply, cli, person):
    if cli.code == 0:
        assert reply["ok"], reply
    else:
        assert reply["ok"] is False
        assert_page_refusal(reply["error"], cli.stderr)
        assert person.message() == reply["error"]  # the sentence, shown on the page
    assert untimed(served) == untimed(terts.game)


def test_a_whole_quick_game_from_the_page_is_the_cli_s_file(terts, tmp_path, page):
    terts.ok("new", "Аня", "Боря", "--quick", "--rules", "short")
    served = tmp_path / "served.toml"
    served.write_bytes(terts.game.read_bytes())
    with running(served) as server:
        me = Person(page, server)
        for _ in range(6):
            if terts.sheet()["finished"]:
                break
            _same(terts, served, me.deal("♥", "7"), terts("deal", "--trump", "7♥"), me)
            refused = me.declare("Аня", "terts:8♥")
            _same(terts, served, refused, terts("declare", "Аня", "terts:8♥"), me)
            _same(
                terts,
                served,
                me.declare("Аня", "terts", "Q"),
                terts("declare", "Аня", "terts:Q♥"),
                me,
            )
            _same(
                terts,
                served,
                me.challenge("Боря", "50:K♠"),
                terts("challenge", "Боря", "50:K♠"),
                me,
            )
            _same(terts, served, me.undo(), terts("undo"), me)
            _same(
                terts, served, me.penalty("Боря", "renege"), terts("penalty", "Боря", "renege"), me
            )
            _same(terts, served, me.undo(), terts("undo"), me)
            _same(terts, served, me.declare("Боря", "4J"), terts("declare", "Боря", "4J"), me)
            _same(
                terts,
                served,
                me.score(100, "Аня", "Аня"),
                terts("score", "100", "--by", "Аня", "--last-trick", "Аня"),
                me,
            )
        winner = terts.sheet()["winner"]
        assert winner
        page.wait_for_function(
            "w => document.querySelector('#status').textContent.includes(w)", arg=winner
        )
    assert untimed(served) == untimed(terts.game)


def test_trick_by_trick_from_the_page(terts, tmp_path, page):
    terts.ok("new", "Аня", "Боря", "--tricks")
    served = tmp_path / "served.toml"
    served.write_bytes(terts.game.read_bytes())
    with running(served) as server:
        me = Person(page, server)
        _same(terts, served, me.deal("♣", "7"), terts("deal", "--trump", "7♣"), me)
        _same(terts, served, me.trick("A♠", "7♠"), terts("trick", "A♠", "7♠"), me)
        _same(terts, served, me.trick("K♠", "K♠"), terts("trick", "K♠", "K♠"), me)
        _same(terts, served, me.trick("10♥", "J♥"), terts("trick", "10♥", "J♥"), me)
        with_locked = terts.ok("status", "--json").json()
        expected = f"trick {with_locked['trick']} · stock {with_locked['stock']}"
        page.wait_for_function(
            "t => document.querySelector('#status').textContent.includes(t)", arg=expected
        )


def test_a_second_page_sees_the_first_within_a_second(terts, tmp_path, chromium):
    terts.ok("new", "<b>Аня</b>", "Боря&amp;<img src=x onerror=alert(1)>", "--quick")
    served = terts.game
    with running(served) as server:
        first, second = chromium.new_page(), chromium.new_page()
        try:
            a, b = Person(first, server), Person(second, server)
            names = second.locator("#score .name").all_text_contents()
            assert names == ["<b>Аня</b>", "Боря&amp;<img src=x onerror=alert(1)>"]
            assert second.locator("#score b, #score img").count() == 0  # text, never markup
            reply = a.deal("♦")
            assert reply["ok"], reply
            # live, without a reload; how fast is benchmarks/bench_serve.py's to measure: the
            # timeouts are only hang guards
            second.wait_for_function(
                "() => document.querySelector('#status').textContent.startsWith('Deal 1')",
                polling=50,
                timeout=15000,
            )
            terts.ok("declare", "<b>Аня</b>", "4J")  # from a terminal, on the same file
            for p in (first, second):
                p.wait_for_function(
                    "() => document.querySelector('#recent li').textContent.includes('4J')",
                    polling=50,  # not animation frames: a page in the background gets none
                    timeout=15000,
                )
            assert b.page.locator("#recent b, #recent img").count() == 0
        finally:
            first.close()
            second.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_screenshots_at_a_phone_s_width(terts, tmp_path, page, lang):
    """The page fits 360-390 px without sideways scrolling; screenshots kept for a person to look
    at when TERTS_SCREENSHOTS names a folder."""
    terts.ok("new", "Аня", "Боря", "--quick")
    for argv in (
        ("deal", "--trump", "7ч"),
        ("declare", "Аня", "терц:Дч"),
        ("score", "96", "--by", "Аня", "--last-trick", "Аня"),
        ("deal", "--trump", "Вп"),
        ("declare", "Боря", "50:Тп"),
    ):
        terts.ok(*argv)
    folder = Path(os.environ.get("TERTS_SCREENSHOTS") or tmp_path)
    with running(terts.game, lang=lang) as server:
        me = Person(page, server)
        page.screenshot(path=str(folder / f"serve-{lang}-sheet.png"), full_page=True)
        me.action("declare")
        me.pick("player", "Аня")
        me.page.locator('[data-field="typed"]').fill("терц:7♥")  # a top no button offers
        me.record("declare")
        page.screenshot(path=str(folder / f"serve-{lang}-declare.png"), full_page=True)
        me.tap('[data-act="score"]')
        page.screenshot(path=str(folder / f"serve-{lang}-score.png"), full_page=True)
        for width in (390, 360):
            page.set_viewport_size({"width": width, "height": 844})
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, f"{lang}: the page is {wide} px wide at {width}"


def test_the_russian_page_records_the_same_file(terts, tmp_path, page):
    terts.ok("new", "Аня", "Боря", "--quick")
    served = tmp_path / "served.toml"
    served.write_bytes(terts.game.read_bytes())
    with running(served, lang="ru") as server:
        me = Person(page, server)
        assert page.locator('[data-act="deal"]').text_content() == "Сдача"
        _same(terts, served, me.deal("♥", "7"), terts("deal", "--trump", "7ч"), me)
        refused = me.declare("Аня", "терц:7♥")
        _same(terts, served, refused, terts("--lang", "ru", "declare", "Аня", "терц:7♥"), me)
        assert "терц от 7 не бывает" in me.message()
        # one deck (§4.3): Боря's marriage K♥ Q♥ next to a terts of spades
        _same(
            terts,
            served,
            me.declare("Аня", "terts", "Q", "♠"),
            terts("declare", "Аня", "терц:Дп"),
            me,
        )
        _same(terts, served, me.declare("Боря", "marriage"), terts("declare", "Боря", "марьяж"), me)
        page.wait_for_function(
            "() => document.querySelector('#recent li').textContent.includes('марьяж')"
        )
        assert "терц от Дамы ♠" in page.locator("#recent").text_content()


def test_a_new_game_from_the_page(terts, tmp_path, page):
    served = tmp_path / "served.toml"
    with running(served) as server:
        page.goto(server.url)
        page.wait_for_selector('[data-act="new"]')
        assert "No game yet" in page.locator("#status").text_content()
        me = Person.__new__(Person)
        me.page = page
        me.action("new")
        page.locator('[data-field="name-a"]').fill("Аня")
        page.locator('[data-field="name-b"]').fill("Боря")
        me.pick("mode", "quick")
        me.pick("rules", "short")
        assert me.record("new")["ok"]
        page.wait_for_selector('[data-act="deal"]')
        assert page.locator("#score .name").all_text_contents() == ["Аня", "Боря"]
    terts.ok("new", "Аня", "Боря", "--quick", "--rules", "short")
    assert untimed(served) == untimed(terts.game)


# --- ask, trump and the corrections on the page ---------------------------------------------


class Fixer(Person):
    def fix(self, number: int, how: str) -> None:
        """Open event NUMBER's correction buttons in the events list and tap one."""
        if not self.page.locator(f'#recent [data-event="{number}"]').count():
            self.tap('[data-more="1"]')
        self.tap(f'[data-fix="{number}"]')
        self.tap(f'#recent [data-event="{number}"] [data-how="{how}"]')
        self.page.wait_for_selector("#panel:not([hidden])")

    def retype(self, points: int) -> None:
        """The first digit typed replaces the count the panel was filled in with."""
        for digit in str(points):
            self.tap(f'[data-key="{digit}"]')

    def totals(self) -> list[str]:
        return self.page.locator("#score .total").all_text_contents()


def _quick_game(cli, tmp_path, deals=4, copy=True):
    """Four quick deals, each counted 54 by Аня (events 2, 4, 6, 8); deal 5 open, no trump."""
    cli.ok("new", "Аня", "Боря", "--quick")
    for suit in ("ч", "п", "б", "т")[:deals]:
        cli.ok("deal", "--trump", suit)
        cli.ok("score", "54", "--by", "Аня", "--last-trick", "Боря")
    cli.ok("deal")
    if not copy:
        return cli.game
    served = tmp_path / "served.toml"
    served.write_bytes(cli.game.read_bytes())
    return served


def test_a_miscount_three_deals_back_fixed_from_the_page(terts, tmp_path, chromium):
    served = _quick_game(terts, tmp_path)
    with running(served) as server:
        first, second = chromium.new_page(), chromium.new_page()
        try:
            me, _ = Fixer(first, server), Fixer(second, server)
            before = me.totals()
            me.fix(4, "replace")  # deal 2's count, three deals back from deal 5
            assert "Replaces event 4" in first.locator("#panel .fixing").text_content()
            assert first.locator('[data-field="points"]').text_content() == "54"  # as recorded
            me.retype(64)
            reply = me.record("score")
            cli = terts("score", "64", "--by", "Аня", "--last-trick", "Боря", "--replace", "4")
            _same(terts, served, reply, cli, me)
            assert_page_message(reply["message"], cli.stdout)
            assert me.message().startswith("event 4 replaced")  # what changed, on the page
            assert "deal 2: points" in me.message()
            assert first.locator("#panel").is_hidden()
            want = [str(terts.sheet()["totals"][p]) for p in ("Аня", "Боря")]
            assert want != before
            for p in (first, second):
                p.wait_for_function(
                    "w => [...document.querySelectorAll('#score .total')]"
                    ".map(e => e.textContent).join() === w",
                    arg=",".join(want),
                    timeout=2000,
                )
            assert "*" in second.locator('#recent [data-event="4"]').text_content()
        finally:
            first.close()
            second.close()


def test_insert_drop_ask_and_trump_from_the_page(terts, tmp_path, page):
    served = _quick_game(terts, tmp_path, deals=1)  # 1 deal ♥, 2 score, 3 deal (no trump)
    with running(served) as server:
        me = Fixer(page, server)
        # the open deal has no trump: the Trump button asks for it
        me.action("trump")
        me.pick("trump-suit", "♠")
        _same(terts, served, me.record("trump"), terts("trump", "♠"), me)
        page.wait_for_selector('[data-act="trump"]', state="detached")
        declared = me.declare("Аня", "terts", "Q", "♠")
        _same(terts, served, declared, terts("declare", "Аня", "terts:Q♠"), me)
        me.action("ask")  # the opponent of the latest declarer is picked already
        assert page.locator('[data-field="player"] [aria-pressed="true"]').text_content() == "Боря"
        _same(terts, served, me.record("ask"), terts("ask", "Боря"), me)
        # a replacement starts from what was recorded: deal 1's trump, Аня's terts
        me.fix(1, "replace")
        chosen = page.locator('[data-field="trump-suit"] [aria-pressed="true"]')
        assert chosen.get_attribute("data-value") == "♥"
        me.fix(5, "replace")
        assert page.locator('[data-field="typed"]').input_value() == "terts:Q♠"
        me.tap("#panel .row button:not(.go)")  # Close
        # a forgotten marriage in deal 1, before its count (event 2)
        me.fix(2, "before")
        assert "Goes before event 2" in page.locator("#panel .fixing").text_content()
        me.tap('[data-field="insert"] [data-value="declare"]')
        me.pick("player", "Боря")
        me.pick("class", "marriage")
        reply = me.record("declare")
        _same(terts, served, reply, terts("declare", "Боря", "marriage", "--before", "2"), me)
        assert me.message().startswith("inserted as event 2: Боря declares marriage")
        assert "deal 1: points" in me.message()  # what changed on the sheet
        # dropping the deal that opens deal 1 is refused, with the CLI's line, nothing changed
        file = served.read_bytes()
        me.fix(1, "drop")
        assert page.locator("#panel h2").text_content() == "Drop event 1?"
        refused = me.record("drop")
        _same(terts, served, refused, terts("drop", "1"), me)
        assert served.read_bytes() == file
        me.tap("#panel .row button:not(.go)")  # Close
        # the marriage dropped again, after the confirm step
        me.fix(2, "drop")
        _same(terts, served, me.record("drop"), terts("drop", "2"), me)
    assert [c["action"] for c in untimed(served)["corrections"]] == ["insert", "drop"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_screenshots_of_the_new_controls(terts, tmp_path, page, lang):
    """Fit at 390 and 360 px; screenshots kept when TERTS_SCREENSHOTS names a folder."""
    served = _quick_game(terts, tmp_path, deals=3, copy=False)  # a terminal adds event 9
    folder = Path(os.environ.get("TERTS_SCREENSHOTS") or tmp_path)
    with running(served, lang=lang) as server:
        me = Fixer(page, server)
        me.action("trump")
        page.screenshot(path=str(folder / f"serve-{lang}-trump.png"), full_page=True)
        me.pick("trump-suit", "♦")
        me.record("trump")
        terts.ok("declare", "Аня", "терц:Дб")  # from a terminal: event 9
        page.wait_for_selector('#recent [data-event="9"]')
        me.action("ask")
        page.screenshot(path=str(folder / f"serve-{lang}-ask.png"), full_page=True)
        me.tap('[data-act="ask"]')
        page.locator('[data-fix="4"]').first.tap()
        page.screenshot(path=str(folder / f"serve-{lang}-fix-buttons.png"), full_page=True)
        me.tap('#recent [data-event="4"] [data-how="replace"]')
        page.screenshot(path=str(folder / f"serve-{lang}-fix-replace.png"), full_page=True)
        me.tap('[data-more="1"]')
        me.fix(2, "before")
        page.screenshot(path=str(folder / f"serve-{lang}-fix-insert.png"), full_page=True)
        me.fix(6, "drop")
        page.screenshot(path=str(folder / f"serve-{lang}-fix-drop.png"), full_page=True)
        for width in (390, 360):
            page.set_viewport_size({"width": width, "height": 844})
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, f"{lang}: the page is {wide} px wide at {width}"

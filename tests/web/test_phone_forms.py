"""The phone's forms, in headless Chromium at 390 x 844: a remedy opens its panel (never
records by itself, and one that changes the past asks as a correction does), a form names what
it lacks in its own words before sending anything, the undo panel says Undo, and what the page
said of an earlier state goes once the game moves on."""

from __future__ import annotations

import pytest

from tests.serve_helpers import running, win_quickly
from tests.web.browser import Person, axe_clean
from tests.web.test_phone_app import shot

pytestmark = pytest.mark.slow  # a browser per module: out of the fast loop (-m "not slow")


class Watched(Person):
    """A person whose page's POSTs are counted (a tap that must send nothing sends nothing)."""

    def __init__(self, page, server):
        super().__init__(page, server)
        self.posts: list[str] = []
        page.on("request", lambda r: self.posts.append(r.url) if r.method == "POST" else None)

    def text(self, selector: str) -> str:
        return self.page.locator(selector).first.text_content()


def test_an_undo_remedy_on_a_finished_game_asks_first(terts, tmp_path, page):
    """A penalty on a finished game is refused with an undo as its remedy: its button names the
    event, opens the undo panel naming it too, and nothing is removed until Undo is tapped."""
    terts.ok("new", "Аня", "Боря", "--quick")
    win_quickly(terts)
    before = terts.game.read_bytes()
    with running(terts.game) as server:
        me = Watched(page, server)
        refused = me.penalty("Боря", "renege")
        assert refused["remedy"] == {"action": "undo", "fields": {}}
        button = page.locator('#remedy button[data-remedy="undo"]')
        assert button.text_content() == "Undo event 6"
        me.posts.clear()
        button.tap()
        page.wait_for_selector('[data-submit="undo"]')
        assert me.text("#panel h2") == "Undo event 6?"
        assert me.text("#panel .fixing") == "6. Аня counts 100; last trick Боря"  # as the log
        assert me.text('[data-submit="undo"]') == "Undo"
        assert me.posts == [] and terts.game.read_bytes() == before
        axe_clean(page, "an undo remedy's panel")
        shot(page, "en-remedy-undo")
        me.tap("#panel .row button:not(.go)")  # Close: nothing done
        page.wait_for_selector("#panel[hidden]", state="attached")
    assert me.posts == [] and terts.game.read_bytes() == before


def test_a_remedy_that_replaces_an_event_is_a_correction_to_confirm(terts, tmp_path, page):
    """Trick by trick under classic rules only the leader declares; the referee's remedy for a
    declaration refused so is the deal made quick, replacing event 1. Its button opens the deal
    panel as a correction (the event named, the button saying Replace event 1), filled in."""
    terts.ok("new", "Аня", "Боря", "--tricks")
    terts.ok("deal", "--trump", "Вп")
    with running(terts.game) as server:
        me = Watched(page, server)
        refused = me.declare("Боря", "terts", "Q", "♥")  # Аня leads trick 1
        remedy = refused["remedy"]
        assert remedy["action"] == "deal" and remedy["fields"]["replace"] == 1
        before = terts.game.read_bytes()
        me.posts.clear()
        button = page.locator('#remedy button[data-remedy="deal"]')
        assert button.text_content() == "Replace event 1"
        button.tap()
        page.wait_for_selector('[data-submit="deal"]')
        assert me.posts == [] and terts.game.read_bytes() == before
        assert me.text("#panel .fixing").startswith("Replaces event 1: deal")
        assert me.text('[data-submit="deal"]') == "Replace event 1"
        assert page.locator('[data-field="mode"] [aria-pressed="true"]').text_content() == "quick"
        assert page.locator('[data-field="face-up"] [aria-pressed="true"]').text_content() == "J"
        axe_clean(page, "a replacing remedy's panel")
        shot(page, "en-remedy-replace")
        reply = me.record("deal")
        assert reply["ok"] and reply["message"].startswith("event 1 replaced")
    assert terts.ok("status", "--json").json()["quick"] is True


def test_a_form_names_what_it_lacks_and_sends_nothing(terts, tmp_path, page):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")
    with running(terts.game, lang="ru") as server:
        me = Watched(page, server)
        me.action("score")
        for digit in "96":
            me.tap(f'[data-key="{digit}"]')
        me.tap('[data-submit="score"]')
        assert me.posts == []
        message = me.message()
        assert "Выберите, кто считает" in message and "у кого последняя взятка" in message
        assert "'by'" not in message and "score" not in message
        marked = page.locator("#panel .field.invalid")
        assert [marked.nth(i).get_attribute("data-need") for i in range(marked.count())] == [
            "by",
            "last_trick",
        ]
        group = page.locator('[data-need="by"] [role="group"]')
        described = group.get_attribute("aria-describedby")
        assert page.locator(f"#{described}").text_content() == "Выберите, кто считает"
        axe_clean(page, "a form with its empty fields marked")
        shot(page, "ru-form-marked")
        me.pick("by", "Аня")  # filled in: no longer marked
        assert page.locator('[data-need="by"].invalid').count() == 0
        me.tap('[data-submit="score"]')
        assert me.message() == "Выберите, у кого последняя взятка" and me.posts == []
        me.pick("last-trick", "Боря")
        assert me.record("score")["ok"]
        assert page.locator(".field.invalid").count() == 0


def test_undo_says_undo_and_offers_nothing_when_there_is_nothing(terts, tmp_path, page):
    terts.ok("new", "Аня", "Боря", "--quick")
    with running(terts.game, lang="ru") as server:
        me = Watched(page, server)
        me.tap('[data-act="undo"]')
        page.wait_for_selector("#panel:not([hidden])")
        assert me.text("#panel h2") == "Удалять нечего"
        assert page.locator("#panel [data-submit]").count() == 0  # the sentence only
        me.tap('[data-act="undo"]')
        terts.ok("deal", "--trump", "ч")
        page.wait_for_selector('#recent [data-event="1"]')
        me.action("undo")
        assert me.text("#panel h2") == "Удалить событие 1?"
        # the dialog's two buttons say two things: the one that removes, the one that closes
        assert me.text('[data-submit="undo"]') == "Удалить"
        assert "Отменить" not in me.text("#panel")
        assert me.record("undo")["ok"]


def test_what_the_page_said_goes_when_the_game_moves_on(terts, tmp_path, chromium):
    """Page A's answer stays while the state is the one it spoke of; a change from another page
    or a terminal takes it away, and the copied result with it (it is no longer the result)."""
    terts.ok("new", "Аня", "Боря", "--quick")
    with running(terts.game) as server:
        first, second = chromium.new_page(), chromium.new_page()
        try:
            a, b = Watched(first, server), Watched(second, server)
            first.bring_to_front()
            assert a.deal("♥")["ok"]
            assert a.message().startswith("event 1: deal")
            second.bring_to_front()
            assert b.declare("Аня", "4J")["ok"]
            first.wait_for_function("() => document.querySelector('#message').hidden")
            first.bring_to_front()
            a.tap('#tools [data-tool="copy"]')
            first.wait_for_selector("textarea.result")
            note = first.locator('#tools [data-note="copy"]')  # beside the button, in view
            assert note.text_content() and note.is_visible()
            assert first.locator("#message").is_hidden()
            terts.ok("score", "140", "--by", "Аня", "--last-trick", "Боря")
            first.wait_for_selector("textarea.result", state="detached")
            assert first.locator("#message").is_hidden()
        finally:
            first.close()
            second.close()


def test_no_exchange_with_the_seven_face_up_and_a_claim_refused_says_so(terts, tmp_path, page):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "7ч")
    with running(terts.game) as server:
        me = Watched(page, server)
        assert page.locator('[data-act="exchange"]').count() == 0  # the 7 itself is face up
        me.action("claim")
        me.pick("player", "Боря")
        page.locator('[data-field="tricks"]').fill("3")
        page.locator('[data-field="card-points"]').fill("40")
        refused = me.record("claim")
        assert not refused["ok"]
        # the refusal says it is one itself: the page adds no prefix of its own
        assert me.message() == refused["error"] and refused["error"].startswith("claim refused: ")
        me.tap('[data-act="penalty"]')
        hint = page.locator('[data-field="event"]').locator("xpath=..").locator(".hint")
        assert "number in the list of events" in hint.text_content()
        terts.ok("deal", "--trump", "Вп", "--replace", "1")
        page.wait_for_selector('[data-act="exchange"]')  # a jack face up: the 7 may be exchanged

"""The phone as the table's whole app, in headless Chromium at 390 x 844, in Russian and English:
a whole quick game, the next game after it, the history and the statistics, the sheet saved, a
second page live, the reconnect after the server restarts, and every panel checked by axe-core.

axe-core is the tests' own tool, from the npm registry (``.ci/node``, which ``.ci/run`` installs
with ``npm ci``; never in the package): without it the accessibility checks are skipped, with
the command that installs it. ``TERTS_SCREENSHOTS=DIR`` keeps a screenshot of every panel at
390 x 844 and 1000 x 1300 there, for a person to look at.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.serve_helpers import request, running, win_quickly
from tests.web.browser import AXE, Person, axe_clean

pytestmark = pytest.mark.slow  # a browser per module: out of the fast loop (-m "not slow")

REPO = Path(__file__).resolve().parents[2]
SIZES = {"phone": {"width": 390, "height": 844}, "wide": {"width": 1000, "height": 1300}}

WORDS = {
    "en": {"winner": "Аня wins the game", "next": "The next game", "claim": "needs both"},
    "ru": {"winner": "Аня выигрывает партию", "next": "Следующая партия", "claim": "нужно и то"},
}


class Player(Person):
    """A person at the table with the page open (any state: with a game file or without)."""

    def __init__(self, page, server):
        self.page = page
        self.server = server
        page.goto(server.url)
        page.wait_for_selector("body[data-ready]")

    def new_game(self, a: str, b: str) -> dict:
        self.action("new")
        # quick is the default of every new-game form: trick by trick is the choice
        assert self.pressed("mode") == "quick"
        self.page.locator('[data-field="name-a"]').fill(a)
        self.page.locator('[data-field="name-b"]').fill(b)
        return self.record("new")

    def pressed(self, field: str) -> str | None:
        found = self.page.locator(f'[data-field="{field}"] [aria-pressed="true"]')
        return found.first.get_attribute("data-value") if found.count() else None

    def view(self, name: str, ready: str) -> None:
        self.tap(f'[data-view="{name}"]')
        self.page.wait_for_selector(ready)

    def text(self, selector: str) -> str:
        return self.page.locator(selector).first.text_content()

    def totals(self) -> list[str]:
        return self.page.locator("#score .total").all_text_contents()


def shot(page, name: str) -> None:
    """A screenshot of the page as it is now, at both sizes, when TERTS_SCREENSHOTS says where."""
    folder = os.environ.get("TERTS_SCREENSHOTS")
    if not folder:
        return
    before = page.viewport_size
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(Path(folder) / f"phone-{name}-{size}.png"))
    page.set_viewport_size(before)


def _quick_win(me: Player, winner: str, loser: str) -> None:
    """Two quick deals from the page: ``winner`` 340 then 300 (four jacks each time), the
    loser taking the last trick of both."""
    for suit in ("♥", "♠"):
        assert me.deal(suit)["ok"]
        assert me.declare(winner, "4J")["ok"]
        assert me.score(140 if suit == "♥" else 100, winner, loser)["ok"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_whole_evening_on_the_phone(terts, tmp_path, chromium, lang):
    words = WORDS[lang]
    served = terts.game  # none yet: the evening starts on the phone
    library = tmp_path / "library"
    with running(served, lang=lang) as server:
        first, second = chromium.new_page(), chromium.new_page()
        try:
            me = Player(first, server)
            assert me.new_game("Аня", "Боря")["ok"]
            other = Player(second, server)  # a second phone at the table, live
            first.bring_to_front()  # the one tapped is in front (a page behind gets no frames)
            _quick_win(me, "Аня", "Боря")
            for page in (first, second):
                page.wait_for_function(
                    "w => document.querySelector('#status').textContent.includes(w)",
                    arg=words["winner"],
                    polling=50,
                    timeout=2000,
                )
            assert other.totals() == ["640", "60"]
            finished = served.read_bytes()

            # the sheet saved from the phone: export --html's page
            with first.expect_download() as saved:
                me.tap('#tools [data-tool="save"]')
            out = tmp_path / "exported.html"
            terts.ok("--lang", lang, "export", "--html", str(out))
            assert Path(saved.value.path()).read_bytes() == out.read_bytes()
            shot(first, f"{lang}-finished")

            # the next game: the same players offered, the dealer by the rules (Боря took the
            # last trick of the last deal), quick; the finished game goes to the library
            me.action("new")
            assert me.text("#panel h2") == words["next"]
            assert me.page.locator('[data-field="name-a"]').input_value() == "Аня"
            assert me.page.locator('[data-field="name-b"]').input_value() == "Боря"
            assert me.pressed("dealer") == "1" and me.pressed("mode") == "quick"
            shot(first, f"{lang}-next-game")
            assert me.record("new")["ok"]
            first.wait_for_selector('[data-act="deal"]')
            (moved,) = library.glob("*.toml")
            assert moved.read_bytes() == finished
            assert me.deal("♦")["ok"]
            assert terts.sheet()["deals"][0]["dealer"] == "Боря"

            # a quick claim says what it needs in the page's words, and sends nothing
            posts = []
            first.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
            me.action("claim")
            me.pick("player", "Аня")
            me.tap('[data-submit="claim"]')
            assert words["claim"] in me.message()
            assert "error" in first.locator("#message").get_attribute("class")
            assert first.locator('[data-field="tricks"][aria-invalid]').count() == 1
            assert posts == []
            me.tap('[data-act="claim"]')  # closed again

            # the history: the finished game, and its sheet opened from it (the game's view
            # gone meanwhile, at any width)
            me.view("history", "ul.games button.game")
            for size in SIZES.values():
                first.set_viewport_size(size)
                assert not first.locator("#game").is_visible()
            first.set_viewport_size(SIZES["phone"])
            assert first.locator("ul.games button.game").count() == 1
            assert "640 : 60" in me.text("ul.games")
            shot(first, f"{lang}-history")
            me.tap("ul.games button.game")
            first.wait_for_selector("#library .sheet table")
            assert "640 : 60" in me.text("#library .score-line")
            shot(first, f"{lang}-library-game")
            with first.expect_download() as old_sheet:
                me.tap('#library [data-tool="save"]')
            again = ("--lang", lang, "export", "--html", out, "--game", moved, "--force")
            assert terts(*again, game=False).code == 0
            assert Path(old_sheet.value.path()).read_bytes() == out.read_bytes()

            # the statistics: each player, head to head in points, the best games
            me.view("stats", "#library section.card")
            stats = request(server, "GET", "api/stats").json()
            cards = first.locator("#library section.card")
            assert cards.count() == len(stats["players"]) == 2
            assert first.locator('#library [data-record="largest_margin"]').count() == 1
            assert "580" in me.text('#library [data-record="largest_margin"]')
            assert "640 : 60" in me.text("#library ul.pairs")
            shot(first, f"{lang}-stats")
            me.view("game", "#score .player")
        finally:
            first.close()
            second.close()


def test_the_page_reconnects_after_the_server_restarts(terts, tmp_path, page):
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")
    terts.ok("score", "96", "--by", "Аня", "--last-trick", "Аня")
    with running(terts.game) as server:
        me = Player(page, server)
        port = server.server_address[1]
        assert me.totals() == ["100", "50"]
    # the server is gone: the page says it is reconnecting, and its totals are not current
    page.wait_for_selector("#link:not([hidden])", timeout=5000)
    assert page.evaluate("document.body.classList.contains('offline')")
    assert "may not be current" in me.text("#link")
    assert page.locator("#score").get_attribute("aria-describedby") == "link"
    axe_clean(page, "reconnecting")  # greyed, still readable
    shot(page, "en-reconnecting")
    terts.ok("deal", "--trump", "п")  # the game moves on meanwhile, from a terminal
    terts.ok("score", "50", "--by", "Аня", "--last-trick", "Боря")
    time.sleep(0.5)
    with running(terts.game, port=port):
        page.wait_for_selector("#link[hidden]", state="attached", timeout=10000)
        page.wait_for_function(
            "() => document.querySelector('#score .total').textContent === '150'", timeout=3000
        )
        assert me.totals() == ["150", "150"]
        assert not page.evaluate("document.body.classList.contains('offline')")
        assert "Connected again" in me.message()
        # and it is live again: a change reaches it
        terts.ok("deal", "--trump", "б")
        page.wait_for_function(
            "() => document.querySelector('#status').textContent.startsWith('Deal 3')",
            polling=50,
            timeout=2000,
        )


class Remedies:
    """Today's backend, with other remedies than the referee gives those refusals: a refused
    declaration offers an undo, a refused score a penalty for Боря (the kind left to choose)."""

    def __init__(self, inner):
        self.inner = inner
        self.path = inner.path
        self.actions = inner.actions

    def version(self):
        return self.inner.version()

    def ui(self):
        return self.inner.ui()

    def state(self):
        return self.inner.state()

    def act(self, action, body, page=False):
        status, answer = self.inner.act(action, body, page)
        if status == 422 and action == "declare":
            answer = {**answer, "code": "test.undo", "remedy": {"action": "undo", "fields": {}}}
        if status == 422 and action == "score":
            fields = {"player": "Боря", "kind": None}
            answer = {
                **answer,
                "code": "test.penalty",
                "remedy": {"action": "penalty", "fields": fields},
            }
        return status, answer


def test_a_refusal_s_remedy_is_a_button_that_opens_its_panel(terts, tmp_path, page):
    """A remedy never records at a tap: an undo opens the undo panel, naming the event it
    removes, and only its own button (Undo) removes it."""
    from terts_referee.web.backend import GameBackend

    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")
    terts.ok("declare", "Аня", "4J")
    with running(terts.game, backend=Remedies(GameBackend(str(terts.game), "en"))) as server:
        me = Player(page, server)
        refused = me.declare("Аня", "terts:8♥")  # no terts from the eight
        assert not refused["ok"] and refused["remedy"]["action"] == "undo"
        assert me.message() == refused["error"]  # the refusal's line alone, the button apart
        button = page.locator('#remedy button[data-remedy="undo"]')
        assert button.text_content() == "Undo event 2"  # what it would undo, named
        axe_clean(page, "a refusal with its remedy")
        shot(page, "en-remedy")
        before = terts.game.read_bytes()
        posts = []
        page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
        me.tap('#remedy button[data-remedy="undo"]')
        page.wait_for_selector('[data-submit="undo"]')
        assert me.text("#panel h2") == "Undo event 2?"
        assert "4J" in me.text("#panel .fixing")
        assert page.locator('[data-submit="undo"]').text_content() == "Undo"
        assert posts == [] and terts.game.read_bytes() == before  # nothing done yet
        assert me.record("undo")["ok"]
        page.wait_for_function("() => !document.querySelector('#recent li[data-event=\"2\"]')")
        assert len(terts.ok("log", "--json").json()["events"]) == 1
        refused = me.score(200, "Аня", "Боря")  # more than a deal holds
        assert refused["remedy"]["action"] == "penalty"
        me.tap('#remedy button[data-remedy="penalty"]')  # the kind is open: its panel
        page.wait_for_selector('[data-submit="penalty"]')
        assert me.pressed("player") == "Боря"


def test_a_note_is_information_and_a_refusal_an_error(terts, tmp_path, page):
    """A rule's note under an event is not red like a refusal: two styles, and a mark that is
    not colour alone."""
    terts.ok("new", "Аня", "Боря", "--quick")
    terts.ok("deal", "--trump", "ч")
    terts.ok("score", "96", "--by", "Аня", "--last-trick", "Аня")
    terts.ok("deal", "--dealer", "Боря", "--trump", "п")  # out of turn: a note, not a refusal
    with running(terts.game) as server:
        me = Player(page, server)
        note = page.locator("#recent .note").first
        assert note.text_content()
        refused = me.declare("Аня", "terts:8♥")
        assert not refused["ok"]
        colour = "el => getComputedStyle(el).color"
        mark = "el => getComputedStyle(el, '::before').content"
        message = page.locator("#message")
        assert note.evaluate(colour) != message.evaluate(colour)
        assert (
            "error" in message.get_attribute("class") and message.get_attribute("role") == "alert"
        )
        assert note.evaluate(mark) != message.evaluate(mark)
        shot(page, "en-note-and-refusal")


# --- every panel, checked by axe-core and looked at -------------------------------------------


def _panels(me: Player, page, lang: str, where: str) -> list[str]:
    """Every action panel the page offers now: opened, checked, shot, closed."""
    checked = []
    page.wait_for_selector("body:not([data-busy])", state="attached")
    names = page.evaluate(
        "[...document.querySelectorAll('#actions button')].map(b => b.dataset.act)"
    )
    for name in names:
        me.tap(f'[data-act="{name}"]')
        page.wait_for_selector("#panel:not([hidden])")
        axe_clean(page, f"{lang}: the {name} panel ({where})")
        shot(page, f"{lang}-{where}-{name}")
        me.tap(f'[data-act="{name}"]')
        page.wait_for_selector("#panel[hidden]", state="attached")
        checked.append(name)
    return checked


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_panel_is_accessible(terts, tmp_path, page, lang):
    if not AXE.exists():
        pytest.skip(f"no axe-core at {AXE}: npm ci --prefix .ci/node (as .ci/run does)")
    checked: set[str] = set()
    for size in SIZES.values():
        page.set_viewport_size(size)
        terts.game.unlink(missing_ok=True)
        with running(terts.game, lang=lang) as server:
            me = Player(page, server)
            axe_clean(page, f"{lang}: no game yet")
            checked.update(_panels(me, page, lang, "no-game"))
            assert me.new_game("Аня", "Боря")["ok"]
            checked.update(_panels(me, page, lang, "no-deal"))
            me.action("deal")
            me.record("deal")  # no trump yet: the trump panel is offered too
            checked.update(_panels(me, page, lang, "quick-deal"))
            me.action("trump")
            me.pick("trump-suit", "♥")
            me.record("trump")
            checked.update(_panels(me, page, lang, "quick-deal-trump"))
            # the corrections: replace, insert before, drop
            me.tap('[data-fix="1"]')
            axe_clean(page, f"{lang}: the correction buttons")
            for how in ("replace", "before", "drop"):
                if not page.locator("[data-how]").count():
                    me.tap('[data-fix="1"]')
                me.tap(f'#recent [data-event="1"] [data-how="{how}"]')
                page.wait_for_selector("#panel:not([hidden])")
                axe_clean(page, f"{lang}: a correction ({how})")
                shot(page, f"{lang}-fix-{how}")
                me.tap("#panel .row button:not(.go)")
            checked.add("corrections")
            # a deal trick by trick: the trick panel
            assert me.score(96, "Аня", "Аня")["ok"]
            me.action("deal")
            me.pick("trump-suit", "♠")
            me.pick("mode", "tricks")
            me.record("deal")
            checked.update(_panels(me, page, lang, "tricks"))
            # the game won (from a terminal), the next game, the library
            terts.ok("undo")
            win_quickly(terts)
            page.wait_for_selector("#status .winner")
            axe_clean(page, f"{lang}: the game won")
            checked.update(_panels(me, page, lang, "finished"))
            me.action("new")
            assert me.record("new")["ok"]
            for name, ready in (("history", "button.game"), ("stats", "section.card")):
                me.view(name, f"#library {ready}")
                axe_clean(page, f"{lang}: {name}")
                shot(page, f"{lang}-{name}")
                checked.add(name)
            me.view("history", "#library button.game")
            me.tap("#library button.game")
            page.wait_for_selector("#library .sheet table")
            axe_clean(page, f"{lang}: a game of the history")
            checked.add("library game")
            me.view("game", "#score .player")
            me.tap('#tools [data-tool="copy"]')
            page.wait_for_selector("textarea.result")
            axe_clean(page, f"{lang}: the result copied")
    expected = {"new", "deal", "trump", "declare", "challenge", "ask", "score", "exchange"}
    expected |= {"penalty", "claim", "undo", "trick", "corrections", "history", "stats"}
    assert expected <= checked, expected - checked


@pytest.fixture
def large_text(chromium):
    """A page whose text is twice the default size, as a phone's large-text setting makes it:
    the browser's default font size (what rem and the page's em media queries follow), set
    through the DevTools protocol."""
    page = chromium.new_page()
    chromium.new_cdp_session(page).send(
        "Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}}
    )
    yield page
    page.close()


def test_large_system_text_fits(terts, tmp_path, large_text):
    """The text twice its size (a phone's large-text setting): nothing wider than the screen,
    no label cut, and the header scrolls away rather than cover the page."""
    terts.ok("new", "Аня Мария", "Борислав", "--quick")
    terts.ok("deal", "--trump", "ч")
    terts.ok("declare", "Аня Мария", "терц:Дч")
    page = large_text
    with running(terts.game, lang="ru") as server:
        me = Player(page, server)
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "34px"
        for name in (None, "declare", "score", "claim", "penalty"):
            if name:
                me.action(name)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 390, f"{name}: the page is {wide} px wide"
            cut = page.evaluate(
                """() => [...document.querySelectorAll('button, .label, dt, dd')]
                    .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
                    .map(e => e.textContent)"""
            )
            assert cut == [], f"{name}: cut {cut}"
            if name:
                shot(page, f"ru-large-text-{name}")
                me.tap(f'[data-act="{name}"]')
        assert (
            page.evaluate("getComputedStyle(document.getElementById('top')).position") == "static"
        )
        axe_clean(page, "large text")


def test_the_referee_s_remedy_opens_the_deal_panel(terts, tmp_path, page):
    """A penalty before the first deal is refused with the referee's remedy, a deal: its button
    opens the deal panel (the trump still to choose), and the panel's button records it.

    (A score panel left open while a terminal counts the deal closes as soon as the page hears
    of the count, so that a tap racing the terminal's count is not a test that can be relied
    on.)"""
    terts.ok("new", "Аня", "Боря", "--quick")
    with running(terts.game) as server:
        me = Player(page, server)
        refused = me.penalty("Боря", "renege")
        assert not refused["ok"] and refused["remedy"] == {"action": "deal", "fields": {}}
        button = page.locator('#remedy button[data-remedy="deal"]')
        assert button.text_content() == "Deal"
        button.tap()
        page.wait_for_selector('[data-submit="deal"]')
        assert terts.sheet()["deals"] == []  # nothing recorded by the remedy's button
        me.pick("trump-suit", "♠")
        assert me.record("deal")["ok"]
        page.wait_for_function(
            "() => document.querySelector('#status').textContent.startsWith('Deal 1')"
        )


# --- the panels offer only what a player can record, in the page's language -------------------


def _offered(page, field: str) -> list[str]:
    """The values of a choice's buttons a player sees (the hidden ones left out)."""
    return page.evaluate(
        "(f) => [...document.querySelectorAll(`[data-field='${f}'] button`)]"
        ".filter(b => !b.hidden).map(b => b.dataset.value)",
        field,
    )


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_panels_offer_what_can_be_recorded_in_the_language(terts, tmp_path, page, lang):
    """«Не годится!» without a marriage; a run's top from its length (a terts from the nine, a
    fifty from the ten); the rulesets by what they are in the language; no «file» before a
    game."""
    terts.game.unlink(missing_ok=True)
    with running(terts.game, lang=lang) as server:
        me = Player(page, server)
        status = me.text("#status")
        assert {"ru": "Партии ещё нет", "uk": "Партії ще немає"}[lang] in status, status
        assert "файл" not in status.lower(), status
        me.action("new")
        labels = page.locator('[data-field="rules"] button').all_text_contents()
        assert "Правила Моряка" in labels, labels
        bare = {"book", "classic", "exact", "follow", "multi", "short", "strict"}
        assert not bare & set(labels), labels
        shot(page, f"{lang}-new-rulesets")
        me.tap('[data-act="new"]')
        assert me.new_game("Аня", "Боря")["ok"]
        me.action("deal")
        me.pick("trump-suit", "♥")
        me.record("deal")
        for panel in ("declare", "challenge"):
            me.action(panel)
            classes = _offered(page, "class")
            assert ("marriage" in classes) == (panel == "declare"), (panel, classes)
            assert _offered(page, "rank")[0] == "9", panel  # a terts, the class first offered
            me.pick("class", "50")
            assert _offered(page, "rank")[0] == "10", panel
            me.pick("rank", "10")
            me.pick("class", "100")  # a hundred tops at a jack at least: the ten let go
            assert _offered(page, "rank")[0] == "J" and me.pressed("rank") is None, panel
            shot(page, f"{lang}-{panel}-tops")
            me.tap(f'[data-act="{panel}"]')
            page.wait_for_selector("#panel[hidden]", state="attached")

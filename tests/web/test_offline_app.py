"""The offline app in headless Chromium at 390 x 844, in Russian, Ukrainian and English: the
site ``terts app build`` writes, served from loopback by a plain static server (no terts
behind it), a first visit, a whole quick game from the page's buttons to the next game, a
refusal and its remedy, the game file read back by ``terts sheet --game``, the page reloaded
with the network off (the game still there, an action still judged), a game file opened, the
modules the browser loaded, and axe-core over the page.

Pyodide is the tests' own copy (``.ci/node``, pinned: ``npm ci --prefix .ci/node``, as
``.ci/run`` does; or ``$TERTS_PYODIDE``); without it, or without Chromium, these tests are
skipped and say why. ``TERTS_SCREENSHOTS=DIR`` keeps screenshots there.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import threading
from pathlib import Path

import pytest

from tests.web.browser import CHROMIUM, FLAGS, PHONE, Person, axe_clean

pytestmark = pytest.mark.slow  # a browser and a Python in it: out of the fast loop

REPO = Path(__file__).resolve().parents[2]
PYODIDE = Path(os.environ.get("TERTS_PYODIDE") or REPO / ".ci/node/node_modules/pyodide")
LOADED = 60_000  # ms: the longest a first visit may take on a loaded machine before failing
FACES = {"typer", "click", "rich", "starlette", "uvicorn", "sse_starlette", "prompt_toolkit"}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The site, built once by the command the Pages workflow runs."""
    if not (PYODIDE / "pyodide.mjs").is_file():
        pytest.skip(f"no Pyodide at {PYODIDE}: npm ci --prefix .ci/node (as .ci/run does)")
    from terts_referee.cli import main

    out = tmp_path_factory.mktemp("app") / "site"
    assert main(["app", "build", str(out), "--runtime", str(PYODIDE)]) == 0
    return out


@pytest.fixture
def served(built):
    """The site on a loopback port of its own: each test its own origin, so its own storage."""
    handler = functools.partial(Quiet, directory=str(built))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("no Chromium: install the system package (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("no Playwright for Python: pip install '.[test]'")
    with sync_playwright() as p:
        try:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        except Exception as exc:  # a broken browser install: say why and skip
            pytest.skip(f"Chromium at {CHROMIUM} does not start: {str(exc).splitlines()[0]}")
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, accept_downloads=True
    )
    yield context
    context.close()


class Player(Person):
    """A person with the offline app open: no request leaves the page, so an action is done
    once the page says its answer (``data-busy`` gone) and is read from the page."""

    def __init__(self, page, url: str):
        self.page = page
        self.open(url)

    def open(self, url: str | None = None) -> None:
        if url is None:
            self.page.reload()
        else:
            self.page.goto(url)
        self.page.wait_for_function("() => window.terts", timeout=LOADED)
        self.page.evaluate("() => terts.ready")
        self.page.wait_for_selector("body[data-ready]", timeout=LOADED)

    def record(self, name: str) -> dict:
        self.tap(f'[data-submit="{name}"]')
        self.page.wait_for_selector("body:not([data-busy])", state="attached")
        box = self.page.locator("#message")
        ok = "error" not in (box.get_attribute("class") or "")
        remedy = self.page.locator("#remedy button[data-remedy]")
        return {
            "ok": ok,
            "text": box.text_content(),
            "remedy": remedy.first.get_attribute("data-remedy") if remedy.count() else None,
        }

    def new_game(self, a: str, b: str) -> dict:
        self.action("new")
        self.page.locator('[data-field="name-a"]').fill(a)
        self.page.locator('[data-field="name-b"]').fill(b)
        return self.record("new")

    def view(self, name: str, ready: str) -> None:
        self.tap(f'[data-view="{name}"]')
        self.page.wait_for_selector(ready)

    def state(self) -> dict:
        return self.page.evaluate("() => terts.state()")


def shot(page, name: str) -> None:
    folder = os.environ.get("TERTS_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"offline-{name}.png"), full_page=True)


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_whole_game_on_the_phone_with_no_server(terts, tmp_path, served, phone, lang):
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    me = Player(page, served + f"?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    assert me.state()["exists"] is False
    assert me.new_game("Аня", "Боря")["ok"]

    # a refusal and its remedy: a penalty before the first deal; the remedy opens the deal
    refused = me.penalty("Боря", "renege")
    assert not refused["ok"] and refused["remedy"] == "deal"
    axe_clean(page, f"{lang}: a refusal with its remedy")
    shot(page, f"{lang}-remedy")
    me.tap('#remedy button[data-remedy="deal"]')
    page.wait_for_selector('[data-submit="deal"]')
    assert me.state()["sheet"]["deals"] == []  # the remedy's button records nothing itself
    me.pick("trump-suit", "♥")
    assert me.record("deal")["ok"]

    # the rest of a quick game: four jacks and a count, twice
    assert me.declare("Аня", "4J")["ok"]
    assert me.score(140, "Аня", "Боря")["ok"]
    assert me.deal("♠")["ok"]
    assert me.declare("Аня", "4J")["ok"]
    assert me.score(100, "Аня", "Боря")["ok"]
    sheet = me.state()["sheet"]
    assert sheet["finished"] and sheet["winner"] == "Аня"
    assert sheet["totals"] == {"Аня": 640, "Боря": 60}
    axe_clean(page, f"{lang}: the game won")
    shot(page, f"{lang}-won")

    # the game file, saved from the page: the very bytes terts reads
    with page.expect_download() as saved:
        me.tap('#tools [data-tool="save-game"]')
    text = page.evaluate("() => terts.gameFile()")
    file = tmp_path / "from-the-phone.toml"
    file.write_bytes(Path(saved.value.path()).read_bytes())
    assert file.read_text("utf-8") == text
    read = terts("sheet", "--json", "--game", file, game=False)
    assert read.code == 0 and read.json()["totals"] == {"Аня": 640, "Боря": 60}

    # the next game: the same players offered; the finished one is this phone's history
    me.action("new")
    assert page.locator('[data-field="name-a"]').input_value() == "Аня"
    made = me.record("new")
    assert made["ok"], made
    assert me.state()["sheet"]["deals"] == []
    history = page.evaluate("() => tertsTransport.call('api/history').then(r => r.json())")
    assert [g["winner"] for g in history["games"]] == ["Аня"]
    # a filter asked for the first time: a query of the phone's index (SQLite in Pyodide)
    filtered = "() => tertsTransport.call('api/stats?player=бор').then(r => r.json())"
    found = page.evaluate(filtered)
    assert found["games"] == 1 and found["players"]["Боря"]["games"] == 1, found
    me.view("history", "ul.games button.game")
    assert page.locator("ul.games button.game").count() == 1
    axe_clean(page, f"{lang}: the history")
    me.view("game", "#score .player")
    assert me.deal("♦")["ok"]

    # offline: the app from the service worker's cache, the games from the phone's storage
    page.evaluate("() => navigator.serviceWorker.ready")
    phone.set_offline(True)
    try:
        me.open()
        state = me.state()
        assert state["sheet"]["players"] == ["Аня", "Боря"] and len(state["sheet"]["deals"]) == 1
        assert me.score(90, "Боря", "Боря")["ok"]  # still judged, with no network
        assert me.state()["sheet"]["totals"] == {"Аня": 60, "Боря": 90}
        axe_clean(page, f"{lang}: offline")
        shot(page, f"{lang}-offline")
    finally:
        phone.set_offline(False)

    loaded = {m.split(".")[0] for m in page.evaluate("() => terts.modules()")}
    assert "terts_referee" in loaded and not loaded & FACES
    assert errors == []
    page.close()


def test_a_game_file_is_opened_and_the_game_it_replaces_is_kept(terts, served, phone):
    page = phone.new_page()
    me = Player(page, served + "?lang=en")
    # a phone with no game yet opens a file (a laptop's game, saved there)
    terts.ok("new", "Аня", "Боря")
    page.set_input_files('[data-tool="open-file"]', str(terts.game))
    page.wait_for_selector("#score .player")
    assert me.message() == "opened the game Аня v Боря, rules classic"
    assert me.deal("♥")["ok"]
    terts.game.unlink()
    terts.ok("new", "Вика", "Гена")
    terts.ok("deal", "--trump", "пики")
    page.set_input_files('[data-tool="open-file"]', str(terts.game))
    page.wait_for_function(
        "() => document.querySelector('#score').textContent.includes('Вика')", timeout=10_000
    )
    assert me.message() == "opened the game Вика v Гена, rules classic"
    assert page.evaluate("() => terts.gameFile()").encode("utf-8") == terts.game.read_bytes()
    # the printable sheet, made in the page: export --html's page
    with page.expect_download() as sheet:
        me.tap('#tools [data-tool="save"]')
    out = terts.game.with_name("exported.html")
    assert terts("export", "--html", out, "--game", terts.game, game=False).code == 0
    assert Path(sheet.value.path()).read_bytes() == out.read_bytes()
    # the game it replaced, unfinished, is in the history (nothing is ever deleted)
    history = page.evaluate("() => tertsTransport.call('api/history').then(r => r.json())")
    assert [g["players"] for g in history["games"]] == [["Аня", "Боря"]]
    # a damaged file is refused, and the game stays
    refused = page.evaluate("() => terts.importGame('players = [')")
    assert refused["ok"] is False and refused["error"]
    assert "Вика" in page.evaluate("() => terts.gameFile()")
    # window.terts: the in-page twin of the HTTP routes
    answer = page.evaluate("() => terts.act('score', {points: 'lots'})")
    assert answer["ok"] is False and "points" in answer["error"]
    assert (
        json.loads(json.dumps(page.evaluate("() => terts.state()")))["sheet"]["rules"] == "classic"
    )
    page.close()


def test_an_update_replaces_the_cached_app_and_keeps_the_games(tmp_path, built, phone):
    """A new build at the same address (here: its manifest in another language, so another
    version): the next visit installs it, the earlier version's cache is deleted, the games
    stay, and the new version works offline."""
    from terts_referee.cli import main

    site = tmp_path / "site"
    assert main(["app", "build", str(site), "--runtime", str(PYODIDE)]) == 0
    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/?lang=en"
    keys = "() => caches.keys()"
    try:
        page = phone.new_page()
        me = Player(page, url)
        assert me.new_game("Аня", "Боря")["ok"]
        page.evaluate("() => navigator.serviceWorker.ready")
        first = json.loads((site / "app.json").read_text())["version"]
        page.wait_for_function(
            f"async () => (await caches.keys()).some(k => k.endsWith({first!r}))"
        )
        assert (
            main(["--lang", "ru", "app", "build", str(site), "--runtime", str(PYODIDE), "--force"])
            == 0
        )
        second = json.loads((site / "app.json").read_text())["version"]
        assert second != first
        me.open()  # the browser looks at sw.js again on the visit: the new one installs
        only = (
            "async (v) => { const k = await caches.keys(); "
            "return k.length === 1 && k[0].endsWith(v); }"
        )
        page.wait_for_function(only, arg=second, timeout=LOADED)
        # Chromium lists the deleted cache again for a moment after the list held the new one
        # alone (seen here: both for 0.2-0.5 s, then the new one for good; in 2 runs of 3 on
        # an idle machine): the caches are read once they have stayed one for a second
        settled = (
            "async ([v, most]) => { for (let same = 0, n = 0; n < most; n++) {"
            " const k = await caches.keys();"
            " same = k.length === 1 && k[0].endsWith(v) ? same + 1 : 0;"
            " if (same === 10) return true;"
            " await new Promise((r) => setTimeout(r, 100)); } return false; }"
        )
        assert page.evaluate(settled, [second, LOADED // 100])
        assert [k.rsplit(":", 1)[1] for k in page.evaluate(keys)] == [second]
        phone.set_offline(True)
        try:
            me.open()
            assert me.state()["sheet"]["players"] == ["Аня", "Боря"]
            manifest = page.evaluate("() => fetch('manifest.webmanifest').then(r => r.json())")
            assert manifest["lang"] == "ru"  # the new version's file, from the new cache
        finally:
            phone.set_offline(False)
        page.close()
    finally:
        server.shutdown()
        server.server_close()


def test_a_second_page_of_the_app_says_so_and_writes_nothing(served, phone):
    """Two pages of the app at once would each write its own copy of the games: the second
    one says the app is open elsewhere and never starts its referee."""
    first = phone.new_page()
    me = Player(first, served + "?lang=en")
    assert me.new_game("Аня", "Боря")["ok"]
    second = phone.new_page()
    second.goto(served + "?lang=en")
    second.wait_for_selector(".boot[role=alert]")
    assert "open in another tab" in second.locator(".boot").text_content()
    assert (
        second.evaluate("() => terts.ready.then(() => 'started', (e) => e.message)") == "other-tab"
    )
    second.close()
    assert me.state()["sheet"]["players"] == ["Аня", "Боря"]
    first.close()


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_second_page_shows_its_sentence_alone_in_the_language(served, phone, lang):
    """The blocked page in Russian or Ukrainian: its one sentence translated, and nothing else
    drawn (no raw message keys such as ``ui.act.new``, no New game form that could record)."""
    first = phone.new_page()
    me = Player(first, served + f"?lang={lang}")
    assert me.new_game("Аня", "Боря")["ok"]
    second = phone.new_page()
    second.goto(served + f"?lang={lang}")
    second.wait_for_selector(".boot[role=alert]")
    assert second.evaluate("() => terts.ready.then(() => 'started', (e) => e.message)") == (
        "other-tab"
    )
    second.wait_for_timeout(300)  # app.js has had its turn
    said = {"ru": "открыто в другой вкладке", "uk": "відкрито в іншій вкладці"}[lang]
    shown = second.evaluate("() => document.body.innerText")
    assert said in shown, shown
    assert not re.search(r"\b(?:ui|app)\.[a-z_]+", shown), shown
    visible = "() => [...document.querySelectorAll('button, input, a')].filter(e => e.offsetParent)"
    assert second.evaluate(visible + ".length") == 0
    assert second.locator("#main").get_attribute("hidden") is not None
    shot(second, f"{lang}-second-tab")
    second.close()
    assert me.state()["sheet"]["players"] == ["Аня", "Боря"]
    first.close()

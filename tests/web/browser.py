"""What the browser tests of ``terts serve`` share: the system's Chromium, a person who taps
the page's buttons, and axe-core's check of a page. The fixtures that start them are in
``conftest.py`` beside this."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
REPO = Path(__file__).resolve().parents[2]
# axe-core, the accessibility checker: the tests' own tool, from npm (.ci/node), never shipped
AXE = Path(os.environ.get("TERTS_AXE") or REPO / ".ci/node/node_modules/axe-core/axe.min.js")


class Person:
    """Taps the page's buttons as a player at the table would."""

    def __init__(self, page, server):
        self.page = page
        page.goto(server.url)
        page.wait_for_selector("#score .player")

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()

    def action(self, name: str) -> None:
        """Open the action's panel (a refused action's panel stays open, as it was filled)."""
        if not self.page.locator(f'[data-submit="{name}"]').count():
            self.tap(f'[data-act="{name}"]')
        self.page.wait_for_selector(f'[data-submit="{name}"]')

    def pick(self, field: str, value: str) -> None:
        self.tap(f'[data-field="{field}"] [data-value="{value}"]')

    def record(self, name: str) -> dict:
        with self.page.expect_response(
            lambda r: r.url.endswith(f"/api/{name}") and r.request.method == "POST"
        ) as reply:
            self.tap(f'[data-submit="{name}"]')
        self.page.wait_for_selector("body:not([data-busy])", state="attached")
        return reply.value.json()

    def message(self) -> str:
        return self.page.locator("#message").text_content()

    def deal(self, suit: str, face_up: str | None = None) -> dict:
        self.action("deal")
        self.pick("trump-suit", suit)
        if face_up:
            self.pick("face-up", face_up)
        return self.record("deal")

    def declare(self, player: str, cls: str, rank: str | None = None, suit=None) -> dict:
        self.action("declare")
        self.pick("player", player)
        if ":" in cls:  # typed whole («терц:7♥»): the buttons offer only the tops a run has
            self.page.locator('[data-field="typed"]').fill(cls)
            return self.record("declare")
        self.page.locator('[data-field="typed"]').fill("")  # a refused one's text, still there
        self.pick("class", cls)
        if rank:
            self.pick("rank", rank)
        if suit:
            self.pick("suit", suit)
        return self.record("declare")

    def challenge(self, player: str, typed: str) -> dict:
        self.action("challenge")
        self.pick("player", player)
        self.page.locator('[data-field="typed"]').fill(typed)
        return self.record("challenge")

    def score(self, points: int, by: str, last: str) -> dict:
        self.action("score")
        for digit in str(points):
            self.tap(f'[data-key="{digit}"]')
        self.pick("by", by)
        self.pick("last-trick", last)
        return self.record("score")

    def penalty(self, player: str, kind: str) -> dict:
        self.action("penalty")
        self.pick("player", player)
        self.page.locator('[data-field="kind"]').select_option(kind)
        return self.record("penalty")

    def undo(self) -> dict:
        self.action("undo")
        return self.record("undo")

    def trick(self, lead: str, follow: str) -> dict:
        self.action("trick")
        for prefix, card in (("lead-", lead), ("follow-", follow)):
            self.pick(prefix + "rank", card[:-1])
            self.pick(prefix + "suit", card[-1])
        return self.record("trick")


def axe_clean(page, where: str) -> list[dict]:
    """axe-core over the page as it is: no serious or critical violation (the others are
    returned, for the report)."""
    if not AXE.exists():
        pytest.skip(f"no axe-core at {AXE}: npm ci --prefix .ci/node (as .ci/run does)")
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # evaluated, not a <script>: the CSP holds
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 4).map(n => n.target.join(" "))}))"""
    )
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    if os.environ.get("TERTS_AXE_LOG"):
        with open(os.environ["TERTS_AXE_LOG"], "a", encoding="utf-8") as log:
            log.write(json.dumps({"where": where, "violations": found}, ensure_ascii=False) + "\n")
    assert not bad, f"{where}: {json.dumps(bad, ensure_ascii=False, indent=1)}"
    return found

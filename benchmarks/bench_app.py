"""The offline app (``terts app build``) in headless Chromium, as a phone with no laptop uses it.

The site is built into a temporary folder (``--runtime``: the Pyodide folder, default the
pinned one in ``.ci/node``) and served from loopback by the standard library's static server.
Measured, each in a fresh browser context (a first visit has nothing cached):

- **site**: its size, with and without the runtime (goals: 25 MiB and 1.5 MiB);
- **bare Pyodide**: the runtime alone loaded in a module worker of an empty page, from the
  page's start to ``loadPyodide`` resolved: the floor for the machine as loaded as it is now;
- **first visit**: from the navigation's start to ``terts.ready`` (goal 10 s), with the
  worker's own steps (the runtime, the wheels, the storage, the referee's import);
- **reload offline**: the network off (``context.set_offline``), the page reloaded from the
  service worker's cache, to ``terts.ready`` again (goal 5 s);
- **an action**: ``--actions`` actions through ``window.terts`` (a deal, a count, …), each
  from the call to its answer (the referee judged it and the game is in IndexedDB), and the
  state after it, as the page fetches it (goal: the median under 50 ms).

``--throttle 4`` repeats it all under Chromium's CPU throttling (CDP
``Emulation.setCPUThrottlingRate``, set on the page: the page's own thread, which is slowed;
whether the worker is slowed too is Chromium's to say, and the figures tell). Prints one JSON
document; exits 0 (the figures are for RESULTS.md, never a timed test).

    python benchmarks/bench_app.py --actions 40 --throttle 4
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

BARE_PAGE = """<!doctype html><html lang="en"><title>bare</title><script type="module">
const t0 = performance.now();
const w = new Worker("bare.js", {type: "module"});
window.done = new Promise((r) => (w.onmessage = () => r(performance.now() - t0)));
</script></html>"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", self.location.href).href });
self.postMessage("ready");"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def size(folder: Path, runtime: bool) -> int:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files if runtime or "pyodide" not in p.parts)


def throttled(context, page, rate: float) -> None:
    if rate > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def run(browser, url: str, bare_url: str, actions: int, rate: float) -> dict:
    out: dict = {"throttle": rate}
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    throttled(context, page, rate)
    page.goto(bare_url)
    out["bare_pyodide_ms"] = round(page.evaluate("done"))
    context.close()

    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    throttled(context, page, rate)
    start = time.perf_counter()
    page.goto(url + "?lang=ru")
    info = page.evaluate("() => terts.ready")
    out["first_visit_ms"] = round((time.perf_counter() - start) * 1000)
    out["first_visit_worker_steps_ms"] = info["steps"]
    page.wait_for_selector("body[data-ready]")
    page.evaluate("() => terts.act('new', {players: ['Аня', 'Боря']})")
    page.evaluate("() => navigator.serviceWorker.ready")

    answers, states = [], []
    script = """async ([action, fields]) => {
        const t0 = performance.now();
        const reply = await terts.act(action, fields);
        const t1 = performance.now();
        await terts.state();
        return [reply.ok, t1 - t0, performance.now() - t1];
    }"""
    for i in range(actions):
        # a quick deal and its count, over and over (a game to 501 ends: a new one then)
        if i % 2 == 0:
            step = ("deal", {"trump": "ч"})
        else:
            step = ("score", {"points": 80, "by": "Аня", "last_trick": "Боря"})
        ok, answered, state = page.evaluate(script, list(step))
        if not ok:
            page.evaluate("() => terts.act('new', {players: ['Аня', 'Боря']})")
            continue
        answers.append(answered)
        states.append(state)
    out["action_ms"] = {
        "n": len(answers),
        "median": round(statistics.median(answers), 1),
        "p95": round(sorted(answers)[int(0.95 * (len(answers) - 1))], 1),
        "state_after_median": round(statistics.median(states), 1),
    }

    context.set_offline(True)
    start = time.perf_counter()
    page.reload()
    info = page.evaluate("() => terts.ready")
    out["reload_offline_ms"] = round((time.perf_counter() - start) * 1000)
    out["reload_offline_worker_steps_ms"] = info["steps"]
    out["offline_game_kept"] = page.evaluate("() => terts.state()").get("exists")
    context.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", default=str(REPO / ".ci/node/node_modules/pyodide"))
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--throttle", type=float, default=0, help="also under CPU throttling")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from terts_referee.web.site import build

    scratch = Path(tempfile.mkdtemp(prefix="terts-bench-app-"))
    try:
        site = scratch / "site"
        build(str(site), args.runtime, False, "en")
        bare = scratch / "bare"
        bare.mkdir()
        shutil.copytree(site / "pyodide", bare / "pyodide")
        (bare / "index.html").write_text(BARE_PAGE)
        (bare / "bare.js").write_text(BARE_WORKER)
        report: dict = {
            "site_mib": round(size(site, True) / 2**20, 2),
            "own_mib": round(size(site, False) / 2**20, 2),
        }
        servers = [serve(site), serve(bare)]
        chromium = shutil.which("chromium") or "/usr/bin/chromium"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True)
            report["runs"] = [run(browser, servers[0][1], servers[1][1], args.actions, 1)]
            if args.throttle > 1:
                runs = report["runs"]
                runs.append(run(browser, servers[0][1], servers[1][1], args.actions, args.throttle))
            browser.close()
        for server, _ in servers:
            server.shutdown()
        print(json.dumps(report, ensure_ascii=False, indent=1))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

// The offline app (terts app build): the page of terts serve with the referee in the page.
// This script runs before app.js and gives it an in-page transport (window.tertsTransport):
// each request app.js would send to the server goes to the referee in a Web Worker
// (worker.js: Pyodide running the server's own backend), and comes back as the Response the
// server would have sent. It also registers the service worker (the whole app cached: it
// works offline after the first visit), asks for persistent storage, shows the referee
// loading, and exposes window.terts for scripts and tests.
"use strict";
(() => {
  const LANGS = ["en", "ru", "uk"];
  const BOOT = JSON.parse(document.getElementById("boot-words").textContent);

  // The page's language: ?lang=xx, else the phone's (its first of ours), else English.
  function pickLang() {
    const asked = new URLSearchParams(location.search).get("lang");
    if (LANGS.includes(asked)) return asked;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const code = String(tag).toLowerCase().split("-")[0];
      if (LANGS.includes(code)) return code;
    }
    return "en";
  }
  const lang = pickLang();
  const words = BOOT[lang] || BOOT.en;
  document.documentElement.lang = lang;
  document.title = words["ui.title"];

  // --- the referee in the worker ---------------------------------------------------------
  const worker = new Worker("worker.js", { type: "module" });
  const waiting = new Map();
  let next = 0;
  const box = document.createElement("div");
  box.className = "boot";
  box.setAttribute("role", "status");
  const bar = document.createElement("progress");
  bar.max = 3;
  bar.value = 0;
  const line = document.createElement("span");
  line.textContent = words["ui.loading"];
  box.append(line, bar);
  document.getElementById("top").after(box);
  const STEPS = ["app.ui.loading_runtime", "app.ui.loading_referee", "app.ui.loading_games"];

  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.progress) {
      bar.value = m.progress - 1;
      bar.setAttribute("aria-label", words[STEPS[m.progress - 1]]);
      line.textContent = words[STEPS[m.progress - 1]];
      return;
    }
    const p = waiting.get(m.id);
    waiting.delete(m.id);
    if (p) (m.error !== undefined ? p.reject(new Error(m.error)) : p.resolve(m.result));
  };
  function ask(kind, fields) {
    return new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, kind, ...(fields || {}) });
    });
  }

  // One page of the app at a time in this browser: each holds its own copy of the games in
  // memory and writes it to storage, so a second one would write over the first one's taps.
  // The lock (Web Locks) is held as long as the page lives; a second page says so and waits.
  const OTHER = "other-tab";
  function alone() {
    if (!navigator.locks) return Promise.resolve();
    return new Promise((resolve, reject) => {
      navigator.locks.request("terts-app:" + new URL("./", location.href).pathname,
        { ifAvailable: true }, (lock) => {
          if (!lock) { reject(new Error(OTHER)); return null; }
          resolve();
          return new Promise(() => {});
        }).catch(reject);
    });
  }

  const ready = alone().then(() => ask("start", { lang })).then((info) => {
    box.remove();
    document.body.dataset.referee = "ready";
    return info;
  }, (err) => {
    bar.remove();
    document.body.dataset.referee = "stopped";
    line.textContent = err.message === OTHER ? words["app.ui.other_tab"]
      : words["app.ui.failed"].split("{reason}").join(err.message);
    box.setAttribute("role", "alert");
    throw err;
  });

  // A request app.js sends, answered by the referee: (url, {method, body}) -> Response.
  const base = new URL("./", location.href);
  async function call(url, options) {
    const u = new URL(url, base);
    const route = decodeURIComponent(u.pathname.slice(base.pathname.length));
    const method = ((options && options.method) || "GET").toUpperCase();
    const query = [...u.searchParams.entries()];
    const body = options && typeof options.body === "string" ? options.body : null;
    let a;
    try {
      await ready.catch(() => { throw new Error(line.textContent); }); // said in the box too
      a = await ask("request", { method, route, query, body });
    } catch (err) {
      a = { status: 500, type: "application/json", body: JSON.stringify({ ok: false, error: String(err.message) }) };
    }
    return new Response(method === "HEAD" ? null : a.body, {
      status: a.status, headers: { "Content-Type": a.type } });
  }

  async function json(route, fields) {
    const r = await call(route, fields === undefined ? {} : { method: "POST", body: JSON.stringify(fields) });
    return r.json();
  }

  // --- the game's file: saved or shared, and opened --------------------------------------
  function fileName(text) {
    const m = /^players\s*=\s*\[(.*)\]/m.exec(text || "");
    const names = m ? m[1].split(",").map((s) => s.trim().replace(/^"|"$/g, "")) : [];
    const safe = names.join("-").replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 60);
    return "terts-" + (safe ? safe + "-" : "") + new Date().toISOString().slice(0, 10) + ".toml";
  }

  // The game file to the phone's share sheet (a secure context: HTTPS or loopback), else a
  // download. Answers the file's name, or null when there is no game.
  async function saveGame(share) {
    const text = await ask("gameFile");
    if (text === null) return null;
    const name = fileName(text);
    const file = new File([text], name, { type: "application/toml" });
    if (share && navigator.canShare && navigator.canShare({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: name });
        return name;
      } catch (e) {
        if (e && e.name === "AbortError") return name;
      }
    }
    const a = document.createElement("a");
    a.href = URL.createObjectURL(file);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 30000);
    return name;
  }

  // The printable sheet: the server's page, made by the referee, opened or saved from memory.
  document.addEventListener("click", async (ev) => {
    const a = ev.target.closest && ev.target.closest('a[href^="sheet.html"]');
    if (!a || a.dataset.made) return;
    ev.preventDefault();
    const r = await call(a.getAttribute("href"));
    const blob = new Blob([await r.text()], { type: r.ok ? "text/html" : "application/json" });
    const made = document.createElement("a");
    made.href = URL.createObjectURL(blob);
    made.dataset.made = "1";
    if (a.hasAttribute("download")) made.download = a.getAttribute("download");
    else made.target = "_blank";
    document.body.append(made);
    made.click();
    made.remove();
    setTimeout(() => URL.revokeObjectURL(made.href), 60000);
  }, true);

  window.tertsTransport = {
    local: true,
    // app.js waits for it: a page whose referee never starts (another tab has the app, or
    // this browser cannot run it) shows the box's sentence alone, no form that could record
    ready,
    words: { "ui.loading": words["ui.loading"] },
    call,
    saveGame,
    canShare: !!(navigator.share && window.isSecureContext),
    importGame: (text) => ask("importGame", { text }),
  };

  // For scripts and tests: the in-page twin of the HTTP routes.
  window.terts = {
    ready,
    act: (action, fields) => ready.then(() => json("api/" + action, fields || {})),
    state: () => ready.then(() => json("api/state")),
    gameFile: () => ready.then(() => ask("gameFile")),
    importGame: (text) => ready.then(() => ask("importGame", { text })),
    modules: () => ready.then(() => ask("modules")),
  };

  // --- offline after the first visit, and kept -------------------------------------------
  // registered once the referee has loaded: on a first visit its files come first, and the
  // cache fills after (the same files, from the browser's HTTP cache where it kept them)
  if ("serviceWorker" in navigator && window.isSecureContext) {
    ready.then(() => navigator.serviceWorker.register("sw.js")).catch(() => {});
  }
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
})();

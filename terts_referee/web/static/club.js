// terts serve --club: the lobby and the standings page. No framework, no build step. User text
// (names, messages) is only ever set with textContent, never parsed as HTML.
"use strict";
(() => {
  const W = {};
  const page = document.body.dataset.page || "lobby";
  let lang = document.documentElement.lang || "en";
  let rulesets = ["classic"];
  let S = null; // the last state: {version, tables, standings, rounds, ...}
  let version = null;
  let loading = false;
  let again = false;
  let busy = false; // a POST under way: its button stays disabled

  const $ = (id) => document.getElementById(id);
  const w = (key, vars) => {
    let text = Object.prototype.hasOwnProperty.call(W, key) ? W[key] : key;
    for (const [k, v] of Object.entries(vars || {})) text = text.split("{" + k + "}").join(v);
    return text;
  };
  function el(tag, props, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
    return e;
  }
  const fill = (node, ...kids) => { node.replaceChildren(...kids.filter((k) => k)); };

  // --- server ------------------------------------------------------------------------------

  async function getJSON(url) {
    const r = await fetch(url, { cache: "no-store" });
    return r.json();
  }

  async function post(route, body) {
    let reply;
    busy = true;
    render();
    try {
      const r = await fetch(route, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      reply = await r.json();
    } catch (e) {
      reply = { ok: false, error: w("club.ui.offline") };
    }
    busy = false;
    say(reply.ok ? reply.message : reply.error, reply.ok);
    await refresh();
    return reply;
  }

  async function refresh() {
    if (loading) { again = true; return; }
    loading = true;
    try {
      do {
        again = false;
        S = await getJSON("api/state");
        version = S.version;
        render();
      } while (again);
    } catch (e) {
      say(w("club.ui.offline"), false);
    } finally {
      loading = false;
    }
  }

  function listen() {
    if (!window.EventSource) { setInterval(refresh, 1000); return; }
    const source = new EventSource("api/events");
    source.onmessage = (ev) => { if (ev.data !== version) refresh(); };
    document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  }

  function say(text, ok) {
    const m = $("message");
    m.hidden = !text;
    m.textContent = text || "";
    m.className = "message " + (ok ? "ok" : "bad");
  }

  // --- rendering ---------------------------------------------------------------------------

  function when(iso) {
    const d = new Date(iso);
    if (isNaN(d)) return iso;
    return d.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
  }

  const clock = (iso) => {
    const d = new Date(iso);
    return isNaN(d) ? iso : d.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
  };

  function tableCard(t) {
    if (t.error) {
      return el("a", { class: "table", href: t.url },
        el("div", { class: "name", text: t.name }),
        el("div", { class: "error", text: w("club.ui.unreadable") + ": " + t.error }));
    }
    const pair = el("div", { class: "pair" });
    for (const p of t.players) {
      pair.append(el("span", { class: "name" + (t.winner === p ? " won" : ""), text: p }),
        el("span", { class: "total", text: String(t.totals[p] ?? 0) }));
    }
    let state;
    if (t.finished) {
      state = el("span", { class: "winner", text: w("club.ui.winner", { p: t.winner || "—" }) });
    } else {
      const deal = t.deals ? w("club.ui.deal_n", { n: t.deals }) : w("club.ui.no_deal");
      const dealer = t.dealer ? " · " + w("club.ui.deals", { p: t.dealer }) : "";
      state = el("span", { text: deal + dealer });
    }
    // a table is named by its players (the pair below); two tables of one pair differ by the
    // time each opened, said above them (its file's name is the folder's business)
    const opened = t.started ? w("club.ui.opened_at", { t: clock(t.started) }) : t.name;
    return el("a", { class: "table" + (t.finished ? " finished" : ""), href: t.url },
      el("div", { class: "table-name", text: opened }), pair,
      el("div", { class: "line" }, state, el("span", { class: "open", text: w("club.ui.open") })));
  }

  function renderTables() {
    const tables = S.tables || [];
    fill($("tables"), el("h2", { text: w("club.ui.tables") }),
      tables.length
        ? el("div", { class: "cards" }, ...tables.map(tableCard))
        : el("p", { class: "muted", text: w("club.ui.no_tables") }));
  }

  function pairState(pair) {
    if (typeof pair.opened === "string") {
      return el("a", { class: "state playing", href: "t/" + encodeURIComponent(pair.opened) + "/",
        text: w("club.ui.playing") });
    }
    if (!pair.opened && pair.waiting.length) {
      return el("span", { class: "state", text: w("club.ui.waits_for", { names: pair.waiting.join(", ") }) });
    }
    return el("span", { class: "state", text: w(pair.opened ? "club.ui.played" : "club.ui.waiting") });
  }
  // A pair of the round may have its table now: not opened, and neither player at another.
  const ready = (r) => r.pairs.some((p) => p.opened === false && !p.waiting.length);

  function renderRounds() {
    const box = $("rounds");
    if (!S.rounds) { box.hidden = true; return; }
    box.hidden = false;
    const next = S.rounds.find((r) => r.next);
    const rounds = S.rounds.map((r) => el("div", { class: "round" + (r.next ? " next" : "") },
      el("h3", { text: w("club.ui.round_n", { n: r.number }) }),
      el("ul", {}, ...r.pairs.map((p) => el("li", {},
        el("span", { text: p.players.join(" – ") }), pairState(p)))),
      r.bye ? el("div", { class: "bye", text: w("club.ui.bye", { p: r.bye }) }) : null,
      r.next && ready(r) ? el("button", { class: "go", type: "button", disabled: busy,
        onclick: () => post("api/round", { round: r.number, rules: chosenRules() }),
        text: w("club.ui.open_round", { n: r.number }) }) : null));
    fill(box, el("h2", { text: w("club.ui.rounds") }),
      next ? null : el("p", { class: "muted", text: w("club.ui.all_played") }), ...rounds);
  }

  let form = null;
  function chosenRules() { return form ? form.rules.value : "classic"; }

  function renderNew() {
    if (form) { form.go.disabled = busy; return; }
    const a = el("input", { type: "text", id: "name-a", maxlength: 200, autocomplete: "off" });
    const b = el("input", { type: "text", id: "name-b", maxlength: 200, autocomplete: "off" });
    const rules = el("select", { id: "rules" },
      ...rulesets.map((r) => el("option", { value: r, text: r, selected: r === "classic" })));
    const go = el("button", { class: "go", type: "button", text: w("club.ui.open_table") });
    go.addEventListener("click", async () => {
      const reply = await post("api/tables",
        { players: [a.value.trim(), b.value.trim()], rules: rules.value });
      if (reply.ok) { a.value = ""; b.value = ""; }
    });
    const field = (label, input) => el("label", { class: "field" },
      el("span", { class: "label", text: label }), input);
    form = { a, b, rules, go };
    fill($("new"), el("h2", { text: w("club.ui.new_table") }), el("div", { class: "panel" },
      field(w("club.ui.name_a"), a), field(w("club.ui.name_b"), b),
      field(w("club.ui.rules"), rules), go));
  }

  // A rating as the page's language writes it: one decimal, the decimal comma in Russian and
  // Ukrainian (6,2), as the terminal and the player's own page write it.
  const decimal = (v) => new Intl.NumberFormat(lang, { useGrouping: false,
    minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);

  function renderStandings() {
    const st = S.standings;
    const head = el("tr", {}, ...[["rank", "rank"], ["player", "player"], ["games", "num"],
      ["wins", "num"], ["points", "num"], ["rating", "rating"]].map(([k, c]) =>
      el("th", { class: c || null, scope: "col", text: w("club.ui.col." + k) })));
    const rows = st.players.map((p) => {
      const change = p.change === null ? null
        : el("span", { class: "change", text: "(" + (p.change >= 0 ? "+" : "") + decimal(p.change) + ")" });
      const playing = p.playing ? el("span", { class: "playing", text: w("club.ui.playing") }) : null;
      return el("tr", {},
        el("td", { class: "rank", text: String(p.rank) }),
        el("td", { class: "player" }, document.createTextNode(p.name), playing),
        el("td", { text: String(p.games) }),
        el("td", { text: String(p.wins) }),
        el("td", { text: String(p.points) }),
        el("td", {}, document.createTextNode(p.rating === null ? "—" : decimal(p.rating)), change));
    });
    fill($("standings"), el("h2", { text: w("club.ui.standings") }),
      el("p", { class: "muted", text: w("club.ui.since", { when: when(st.since) }) }),
      rows.length
        ? el("table", { class: "standings" }, el("thead", {}, head), el("tbody", {}, ...rows))
        : el("p", { class: "muted", text: w("club.ui.no_players") }),
      rows.length ? el("p", { class: "muted", text: w("club.ui.rating_note") }) : null);
  }

  function renderFinished() {
    const games = S.standings.finished;
    const items = games.map((g) => {
      const score = g.players.map((p) => p + " " + (g.totals[p] ?? 0)).join(" : ");
      const link = g.table
        ? el("a", { href: "t/" + encodeURIComponent(g.table) + "/", text: w("club.ui.open") })
        : el("a", { href: "sheet.html?game=" + encodeURIComponent(g.key), text: w("club.ui.sheet") });
      return el("li", {},
        el("span", { class: "who" }, document.createTextNode(score),
          el("br"), el("span", { class: "muted", text: w("club.ui.winner", { p: g.winner || "—" }) })),
        link);
    });
    fill($("finished"), el("h2", { text: w("club.ui.finished_games") }),
      items.length ? el("ul", { class: "finished-list" }, ...items)
        : el("p", { class: "muted", text: w("club.ui.no_finished") }));
  }

  function renderSkipped() {
    const box = $("skipped");
    const skipped = S.skipped || [];
    const notes = S.notes || []; // the library's troubles, worded by the server
    box.hidden = !skipped.length && !notes.length;
    const lines = notes.map((n) => el("p", { class: "muted", text: n }));
    if (skipped.length) {
      lines.push(el("p", { class: "muted",
        text: w("club.ui.skipped", { files: skipped.map((s) => s.file).join(", ") }) }));
    }
    if (lines.length) fill(box, ...lines);
  }

  function render() {
    if (!S) return;
    if (S.error) { say(S.error, false); return; }
    if (page === "lobby") {
      renderTables();
      renderRounds();
      renderNew();
      renderSkipped();
    } else {
      for (const id of ["tables", "rounds", "new", "skipped"]) $(id).hidden = true;
    }
    renderStandings();
    renderFinished();
  }

  function links() {
    const nav = $("links");
    nav.replaceChildren(page === "lobby"
      ? el("a", { href: "standings.html", text: w("club.ui.big_screen") })
      : el("a", { href: "./", text: w("club.ui.lobby") }));
  }

  async function start() {
    try {
      const ui = await getJSON("api/ui");
      Object.assign(W, ui.words);
      lang = ui.lang || lang;
      rulesets = ui.rulesets || rulesets;
    } catch (e) {
      say(w("club.ui.offline"), false);
    }
    links();
    await refresh();
    listen();
  }
  start();
})();

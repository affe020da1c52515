// terts serve: the page. No framework, no build step. User text (names, messages) is only ever
// set with textContent, never parsed as HTML.
"use strict";
(() => {
  const W = {};
  let lang = document.documentElement.lang || "en";
  let rulesets = ["classic"];
  let S = null; // the last state: {version, sheet, status, log} or {error}
  let open = null; // the open action panel's name
  let version = null;
  let loading = null; // the refresh under way (a promise), if any
  let again = false;
  let fix = null; // a correction in progress: {mode: "replace"|"before"|"drop", n, event}
  let fixing = null; // the event number whose correction buttons are shown
  let allEvents = false; // the events list: every event, or the latest only
  let preset = null; // fields a panel starts from (a remedy's, the next game's)
  let view = "game"; // the view shown: game, history, stats, or a library game
  let live = false; // the server answers and the event stream is open
  let lostAt = null; // when the connection was lost (the time the totals shown are from)
  let said = null; // the version of the state the message shown speaks of
  let posting = 0; // actions sent whose answer (and the state after it) is not shown yet
  let shownAt = null; // the version the tools' box speaks of (the result copied, a note)
  let uid = 0;

  const $ = (id) => document.getElementById(id);
  // The answer's box moves (into the open panel, back under the header): held here, so that
  // it is found while it is out of the document for a moment.
  const FEEDBACK = $("feedback"), MESSAGE = $("message"), REMEDY = $("remedy");
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
  const newId = (base) => base + "-" + (++uid);

  const SUITS = [
    { value: "♠", name: "spades", red: false }, { value: "♣", name: "clubs", red: false },
    { value: "♦", name: "diamonds", red: true }, { value: "♥", name: "hearts", red: true },
  ];
  const SUIT_OF = { spades: "♠", clubs: "♣", diamonds: "♦", hearts: "♥" };
  const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];
  // the rank letters of the page's language (ui.rank.*: Т К Д В in Russian and Ukrainian)
  const rankLabel = (r) => (Object.prototype.hasOwnProperty.call(W, "ui.rank." + r) && W["ui.rank." + r]) || r;
  const SEQ = ["terts", "50", "100", "106", "107", "108"];
  const FOURS = ["4J", "4Q", "4K", "4A"];
  const PENALTIES = ["false-declaration", "miscount", "empty-challenge", "late-declaration",
    "out-of-turn-draw", "wrong-hand-size", "draw-before-break", "renege", "trump-seven",
    "lowering"];
  const ACTIONS = ["deal", "trump", "declare", "challenge", "ask", "trick", "score", "exchange",
    "penalty", "claim", "note", "undo"];
  // The commands that record an event: each takes a correction (replace N / before N).
  const RECORDING = ["deal", "trump", "declare", "challenge", "ask", "trick", "score", "exchange",
    "penalty", "claim", "note"];
  // The fields each action cannot do without (docs/http.md): the page checks its form for them
  // before sending, and says what is missing in its own words (ui.need.*).
  const REQUIRED = { new: ["players"], declare: ["player", "combos"], challenge: ["player", "combo"],
    ask: ["player"], trump: ["trump"], trick: ["cards"], exchange: ["player"],
    score: ["points", "by", "last_trick"], penalty: ["player", "kind"], claim: ["player"],
    note: ["text"], drop: ["number"] };
  // A suit as the state writes it (hearts), as a symbol (♥), or the suit of a card (7♥).
  const suitOf = (v) => (typeof v !== "string" ? null
    : SUIT_OF[v] || (SUITS.some((s) => s.value === v) ? v : SUITS.map((s) => s.value).find((s) => v.endsWith(s)) || null));

  // --- server ------------------------------------------------------------------------------

  // How the page reaches the referee: over HTTP to terts serve, or, in the offline app (terts
  // app build), through the transport offline.js sets before this script runs, which answers
  // each request with the same Response, from the referee running in the page itself. The
  // local one has no stream to listen to and no connection to lose: every change is its own.
  const LOCAL = window.tertsTransport || null;

  // A request that gives up after `ms`: a laptop asleep never answers, and a page that waited
  // for it would show its totals as current.
  async function call(url, options, ms) {
    if (LOCAL) return LOCAL.call(url, options);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), ms || 8000);
    try {
      return await fetch(url, { cache: "no-store", ...(options || {}), signal: stop.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async function getJSON(url) {
    const r = await call(url);
    return r.json();
  }

  // An action sent; its answer said, and the state after it shown, before it returns the reply.
  async function post(action, body) {
    let reply;
    posting++;
    try {
      try {
        const r = await call("api/" + action, {
          method: "POST",
          // the page's own requests: a missing field is refused in the page's words
          headers: { "Content-Type": "application/json", "Terts-Page": "1" },
          body: JSON.stringify(body),
        }, 15000);
        reply = await r.json();
      } catch (e) {
        lost();
        reply = { ok: false, error: w("ui.no_answer") };
      }
      const text = reply.ok ? reply.message : reply.error;
      say(text, reply.ok ? "ok" : "error", reply.ok ? null : reply.remedy);
      await refresh();
      if (MESSAGE.textContent) said = version; // the answer speaks of the state after it
    } finally {
      posting--;
    }
    return reply;
  }

  // A new state: what this page said of an earlier one (its answer, another page's change
  // since), and the result it copied then, are stale once the game has moved on.
  function arrived(next) {
    if (next.version !== version) {
      if (!posting && said !== null && said !== next.version) say(null);
      if (shownAt !== null && shownAt !== next.version) {
        shown.replaceChildren();
        shownAt = null;
      }
    }
    S = next;
    version = next.version;
  }

  // One fetch of the state at a time; a refresh asked for meanwhile fetches once more after it,
  // and its caller waits for that one: after an action, the state shown is the state after it.
  function refresh() {
    if (loading) { again = true; return loading; }
    loading = (async () => {
      try {
        do {
          again = false;
          arrived(await getJSON("api/state"));
          if (!live) found();
          render();
        } while (again);
      } catch (e) {
        lost();
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  // --- the connection: live, or lost and trying again -----------------------------------------

  let source = null;
  let retry = null;
  let delay = 500;

  function listen() {
    if (LOCAL) return;
    if (!window.EventSource) { setInterval(refresh, 1000); return; }
    if (source) source.close();
    source = new EventSource("api/events");
    // the stream's first event is the file's version now: a change missed meanwhile shows
    source.onopen = () => { delay = 500; };
    source.onmessage = (ev) => { if (ev.data !== version || !live) refresh(); };
    // Closed at once: the page tries again on its own schedule, and says so meanwhile.
    source.onerror = () => { source.close(); source = null; lost(); };
  }

  function lost() {
    if (live || lostAt === null) {
      live = false;
      lostAt = lostAt || new Date();
      showLink();
    }
    if (source) { source.close(); source = null; }
    if (!retry) retry = setTimeout(probe, delay);
  }

  // The server again: the state first (the totals caught up), then the stream.
  async function probe() {
    retry = null;
    delay = Math.min(delay * 2, 3000);
    try {
      const r = await call("api/state", {}, 4000);
      const next = await r.json();
      if (!r.ok && next.code === "club.web.table_closed") { closed(next.error); return; }
      if (!r.ok) { showLink(next.error); retry = setTimeout(probe, delay); return; }
      arrived(next);
      found();
      render();
      listen();
    } catch (e) {
      retry = setTimeout(probe, delay);
    }
  }

  function found() {
    const was = lostAt !== null && !live;
    live = true;
    lostAt = null;
    showLink();
    if (was) say(w("ui.reconnected"), "info");
  }

  function showLink(error) {
    const box = $("link");
    document.body.classList.toggle("offline", !live);
    $("score").setAttribute("aria-describedby", live ? "status" : "link");
    if (live) { box.hidden = true; box.replaceChildren(); return; }
    const at = lostAt ? lostAt.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }) : "";
    box.replaceChildren(el("strong", { text: w("ui.reconnecting") }), " ",
      el("span", { text: w("ui.stale", { t: at }) }));
    if (error) box.append(el("span", { class: "why", text: error }));
    box.hidden = false;
  }

  // A club night's table that has closed (its game gone to the library when the next round
  // opened): the server answers, the table will not come back. Said once, with the way to the
  // lobby, and no more tries.
  function closed(error) {
    if (retry) { clearTimeout(retry); retry = null; }
    const box = $("link");
    box.replaceChildren(el("strong", { text: w("club.ui.table_closed") }), " ",
      el("span", { class: "why", text: error }),
      el("a", { href: $("club").querySelector("a")?.getAttribute("href") || "../../",
        text: "← " + w("club.ui.lobby") }));
    box.hidden = false;
  }

  // A stream may stay open on a connection nothing arrives by any more (a laptop asleep, a
  // network gone): a light request every 15 s, while the page is shown, finds that out.
  function heartbeat() {
    if (LOCAL) return;
    setInterval(async () => {
      if (!live || document.hidden) return;
      try {
        const r = await call("api/events", { method: "HEAD" }, 5000);
        if (!r.ok) throw new Error(String(r.status));
      } catch (e) {
        lost();
      }
    }, 15000);
  }

  // --- messages: an answer, a note, a refusal ---------------------------------------------------

  function say(text, kind, remedy) {
    const m = MESSAGE;
    m.hidden = !text;
    m.textContent = text || "";
    m.className = "message " + (kind || "ok");
    m.setAttribute("role", kind === "error" ? "alert" : "status");
    said = text ? version : null;
    REMEDY.replaceChildren();
    REMEDY.hidden = true;
    if (remedy && remedy.action && PANELS[remedy.action]) {
      REMEDY.append(el("span", { text: w("ui.remedy") }), el("button", {
        type: "button", class: "go", "data-remedy": remedy.action,
        text: remedyLabel(remedy), onclick: () => doRemedy(remedy),
      }));
      REMEDY.hidden = false;
    }
  }

  // The event a remedy changes or removes, if it changes the past: {mode, n}.
  function pastOf(remedy) {
    const f = remedy.fields || {};
    if (f.replace) return { mode: "replace", n: f.replace };
    if (f.before) return { mode: "before", n: f.before };
    if (remedy.action === "drop") return { mode: "drop", n: f.number };
    if (remedy.action === "undo" && S && S.log && S.log.events.length) {
      return { mode: "undo", n: S.log.events.length };
    }
    return null;
  }

  // A remedy's button names what it would do, and the event when it changes the past.
  function remedyLabel(remedy) {
    const past = pastOf(remedy);
    const label = { replace: "ui.replace_n", before: "ui.insert_n", drop: "ui.drop_event_n",
      undo: "ui.undo_last" };
    return past ? w(label[past.mode], { n: past.n }) : w("ui.act." + remedy.action);
  }

  // What the referee says to do, as a button. It never records by itself: it opens the
  // action's panel, filled in with what the remedy names, and the players record it with the
  // panel's own button once they have seen it. A remedy that changes the past (an undo, a
  // drop, an event replaced or put before another) opens as the same correction from the
  // events list does: the event named, and a button that says what it does to it.
  function doRemedy(remedy) {
    const fields = remedy.fields || {};
    const body = {};
    // a field given as null (or a list with a null: one of two names, one of two combos) is
    // the players' to choose; a correction's event is the panel's banner, not a field
    for (const [k, v] of Object.entries(fields)) {
      if (v !== null && v !== undefined && k !== "replace" && k !== "before") body[k] = v;
    }
    const past = pastOf(remedy);
    fix = past && past.mode !== "undo"
      ? { mode: past.mode, n: past.n, event: (S && S.log.events[past.n - 1]) || {} } : null;
    preset = body;
    open = remedy.action;
    REMEDY.replaceChildren(); // the panel is the remedy now: the refusal stays, as the reason
    REMEDY.hidden = true;
    if (view !== "game") showView("game");
    buildPanel();
    renderActions();
  }

  // --- the state ---------------------------------------------------------------------------

  const players = () => (S && S.sheet ? S.sheet.players : []);
  const current = () => {
    const st = S && S.status;
    return st && st.deal > 0 && st.phase !== "over" ? st : null;
  };

  function render() {
    const score = $("score"), status = $("status");
    score.replaceChildren();
    status.replaceChildren();
    if (!S || S.error) {
      if (S && !S.exists) status.append(el("div", { text: w("ui.no_game") }));
      if (S && S.exists) status.append(el("span", { class: "error-text", text: S.error }));
      if (!S) status.append(el("span", { text: w("ui.loading") }));
      $("sheet").replaceChildren();
      $("recent").replaceChildren();
      // the offline app with no game yet: a game file can be opened (one from a laptop)
      $("tools").replaceChildren(...(LOCAL && S ? [el("div", { class: "toolrow" }, ...gameFileTools(false))] : []));
      renderActions();
      ready();
      return;
    }
    const sh = S.sheet, st = current();
    for (const p of sh.players) {
      score.append(el("div", { class: "player" + (st && st.leader === p ? " leads" : "") },
        el("div", { class: "name", text: p }),
        el("div", { class: "total", text: String(sh.totals[p]) }),
        el("div", { class: "target", text: w("ui.of", { n: sh.targets[p] }) })));
    }
    if (sh.finished && sh.winner) {
      status.append(el("span", { class: "winner", text: w("ui.winner", { p: sh.winner }) }));
    } else if (st) {
      const bits = [w("ui.deal_n", { n: st.deal }),
        w("ui.trump") + " " + (SUIT_OF[st.trump] || "?")];
      if (st.quick) {
        bits.push(w("ui.quick"));  // no trick is recorded: no phase, stock or leader to show
      } else {
        bits.push(w("phase." + st.phase), w("ui.trick_n", { n: st.trick }),
          w("ui.stock", { n: st.stock }));
        if (st.leader) bits.push(w("ui.leads", { p: st.leader }));
      }
      status.textContent = bits.join(" · ");
    } else {
      // between deals (and before the first): who deals next by the rules, when that is known
      const next = S.status && S.status.next_dealer;
      status.textContent = w("ui.no_deal") + (next ? " · " + w("ui.next_dealer", { p: next }) : "");
    }
    renderActions();
    renderSheet(sh, $("sheet"), w("ui.sheet"));
    renderRecent();
    renderTools();
    if (open && !$("panel").hidden) refreshPanel();
    awakeWhilePlaying();
    ready();
    // when each version reached the screen: benchmarks/bench_serve.py times a tap by it
    if (window.performance && performance.mark) {
      performance.clearMarks("terts-render");
      performance.mark("terts-render", { detail: S.version });
    }
  }

  // The first sheet is on the page: a mark for the benchmark, and a hook for the tests.
  function ready() {
    if (document.body.dataset.ready) return;
    document.body.dataset.ready = "1";
    if (window.performance && performance.mark) performance.mark("terts-first-sheet");
  }

  function visible() {
    if (!S || S.error) return S && !S.exists ? ["new"] : [];
    const st = current();
    // a note goes on a deal: offered once there is one, even after the game (a dispute)
    const note = S.sheet.deals.length ? ["note"] : [];
    if (S.sheet.finished) return ["new", "penalty", ...note, "undo"];
    if (!st) return ["deal", "penalty", ...note, "undo"];
    // the 7 offered only when it may be exchanged (not with the 7 itself face up, not twice)
    return ACTIONS.filter((a) => a !== "deal" && !(a === "trump" && st.trump)
      && !(a === "trick" && st.quick) && !(a === "score" && !st.quick)
      && !(a === "exchange" && st.may_exchange === false));
  }

  function renderActions() {
    const nav = $("actions");
    nav.replaceChildren();
    const shown = visible();
    for (const a of shown) {
      nav.append(el("button", {
        type: "button", "data-act": a, "aria-pressed": open === a && !fix ? "true" : "false",
        class: a === "new" || a === "deal" || a === "trump" || (a === "trick" && current()) ? "primary" : null,
        text: w("ui.act." + a), onclick: () => toggle(a),
      }));
    }
    if (open && !fix && !preset && !shown.includes(open)) close();
  }

  function renderSheet(sh, box, title) {
    const [a, b] = sh.players;
    const heading = el("h2", { id: newId("sheet"), text: title });
    box.replaceChildren(heading);
    if (!sh.deals.length) {
      box.append(el("p", { class: "quiet", text: w("ui.no_deals") }));
      return;
    }
    const head = el("tr", {}, el("th", { class: "l", scope: "col", text: w("ui.col.deal") }),
      el("th", { class: "l", scope: "col", text: w("ui.col.trump") }),
      el("th", { scope: "col", text: a }), el("th", { scope: "col", text: b }));
    const body = el("tbody");
    for (const d of sh.deals.slice().reverse()) {
      const suit = SUIT_OF[d.trump] || "";
      const name = SUITS.find((s) => s.value === suit);
      body.append(el("tr", {},
        el("td", { class: "l", text: String(d.number) }),
        el("td", { class: "l" + (name && name.red ? " red" : ""),
          "aria-label": name ? w("ui.suit." + name.name) : null, text: suit }),
        sheetCell(d, a), sheetCell(d, b)));
    }
    const open = sh.deals.some((d) => !d.finished && !d.claimed_by);
    box.append(el("table", { "aria-labelledby": heading.id }, el("thead", {}, head), body),
      el("p", { class: "legend", text: w("ui.sheet_legend") + (open ? " " + w("ui.sheet_legend.open") : "") }));
    // the players' notes on their deals, as written, under the sheet (as on paper)
    const notes = sh.deals.flatMap((d) => (d.notes || []).map((n) => w("ui.deal_n", { n: d.number }) + ": " + n));
    if (notes.length) box.append(el("ul", { class: "deal-notes" }, ...notes.map((n) => el("li", { text: n }))));
  }

  // One player's cell: a closed deal's points, a deal still open as the terminal writes it (card
  // points «?» until counted, then its declarations and penalties signed); under it the running
  // total, marked Σ, so that no number in the cell goes unnamed (the legend says both).
  function sheetCell(d, p) {
    const sum = el("span", { class: "sum", text: "Σ " + String(d.totals[p]) });
    if (d.finished || d.claimed_by) return el("td", {}, String(d.points[p]), sum);
    const signed = (n) => (n > 0 ? "+" : "") + String(n);
    const parts = ["?"];
    if (d.declarations[p]) parts.push(signed(d.declarations[p]));
    if (d.penalties[p]) parts.push(signed(d.penalties[p]));
    return el("td", { class: "open" }, parts.join(" "), sum);
  }

  const noteText = (n) => (typeof n === "string" ? n : n && n.text ? n.text : JSON.stringify(n));

  function eventText(e, names) {
    if (e.line) return e.line; // worded as the log words it (the referee's own line, a note's too)
    const bits = [w("ui.ev." + e.type)];
    if (e.player) bits.unshift(e.player);
    if (e.type === "deal" || e.type === "trump") bits.push(SUIT_OF[e.trump] || "", e.trump_card || "");
    if (names && names.length) bits.push(names.join(", "));
    else if (e.combos) bits.push(e.combos.join(" "));
    else if (e.combo) bits.push(e.combo);
    if (e.cards) bits.push(e.cards.join(" "));
    if (e.kind) bits.push(w("pen." + e.kind));

    if (e.points !== undefined && e.points !== null && typeof e.points !== "object") {
      bits.push(String(e.points));
    }
    if (e.by) bits.push(e.by);
    return bits.filter(Boolean).join(" ");
  }

  function declaredNames() {
    // "терц от Дамы ♥": the sheet's names of each declaration event (in the page's language),
    // on a Russian or Ukrainian page; the English page shows the combos as written (terts:Q♥).
    const names = {};
    if (lang === "en") return names;
    for (const d of S.sheet.deals) {
      for (const x of d.declared || []) (names[x.event] = names[x.event] || []).push(x.table_name || x.name);
    }
    return names;
  }

  const LATEST = 8;

  function renderRecent() {
    const named = declaredNames();
    const box = $("recent");
    const events = S.log.events;
    box.replaceChildren(el("h2", { text: w(allEvents ? "ui.events" : "ui.recent") }));
    const list = el("ol");
    for (const e of (allEvents ? events : events.slice(-LATEST)).slice().reverse()) {
      const text = el("span", { class: "what" }, eventText(e, named[e.number]));
      if (e.corrected) text.append(el("span", { class: "mark", title: w("ui.corrected"), text: " *" }));
      // a stored event the referee no longer takes: shown, kept, not counted (its note says why)
      if (e.set_aside) text.append(el("span", { class: "mark aside", title: w("ui.set_aside"),
        text: " — " + w("ui.set_aside") }));
      const expanded = fixing === e.number;
      const item = el("li", { "data-event": String(e.number) },
        el("div", { class: "line" }, el("span", { class: "n", text: String(e.number) }), text,
          el("button", { type: "button", class: "fix", "data-fix": String(e.number),
            "aria-expanded": expanded ? "true" : "false", "aria-label": w("ui.fix_n", { n: e.number }),
            text: w("ui.fix"), onclick: () => { fixing = expanded ? null : e.number; renderRecent(); } })));
      // A rule's note (a burned combination, a lower price) is information, not a refusal.
      for (const n of e.notices || []) item.append(el("span", { class: "note", text: noteText(n) }));
      if (expanded) {
        const how = (mode, label, cls) => el("button", { type: "button", "data-how": mode, class: cls,
          text: w(label), onclick: () => startFix(mode, e) });
        item.append(el("div", { class: "fixes" }, how("replace", "ui.fix.replace"),
          how("before", "ui.fix.before"), how("drop", "ui.fix.drop", "danger")));
      }
      list.append(item);
    }
    box.append(list);
    if (events.length > LATEST) {
      box.append(el("button", { type: "button", class: "more", "data-more": "1",
        text: allEvents ? w("ui.fewer") : w("ui.all_events", { n: events.length }),
        onclick: () => { allEvents = !allEvents; renderRecent(); } }));
    }
  }

  // A correction from the events list: the matching panel, set to replace event N or to go
  // before it (the submitted action carries replace: N or before: N), or a drop to confirm.
  function startFix(mode, event) {
    say(null); // a new panel starts clean
    fix = { mode, n: event.number, event };
    preset = null;
    fixing = null;
    if (mode === "replace" && RECORDING.includes(event.type)) open = event.type;
    else if (mode === "replace" || mode === "before") open = "insert";
    else open = "drop";
    buildPanel();
    renderActions();
    renderRecent();
  }

  // --- tools: the result to copy, the printable sheet, the screen kept on ----------------------

  function resultText() {
    const sh = S.sheet, [a, b] = sh.players;
    const score = `${a} ${sh.totals[a]} : ${sh.totals[b]} ${b}`;
    const day = new Date().toLocaleDateString(lang, { day: "numeric", month: "long", year: "numeric" });
    if (sh.finished && sh.winner) {
      return w("ui.result.done", { d: day, s: score, p: sh.winner, n: sh.deals.length });
    }
    return w("ui.result.running", { d: day, s: score, n: sh.deals.length, t: sh.target });
  }

  async function copyResult(text, box) {
    let done = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        done = true;
      }
    } catch (e) { /* below: the old way, then the text to select by hand */ }
    const area = el("textarea", { readonly: true, rows: "3", "aria-label": w("ui.result"),
      class: "result", "data-result": "1" });
    area.value = text;
    const note = el("p", { class: "hint", "data-note": "copy" });
    box.replaceChildren(note, area);
    shownAt = version; // the result of this state: gone once the game moves on
    if (!done) {
      area.select();
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
    }
    // said beside the button tapped (the page's answer is at its top, out of sight from here)
    note.textContent = w(done ? "ui.copied" : "ui.copy_by_hand");
    reveal(box);
  }

  let wake = null; // the screen's wake lock, where the browser gives one (a secure context)
  async function keepAwake(on) {
    try {
      if (on) {
        wake = await navigator.wakeLock.request("screen");
        wake.addEventListener("release", () => { if (wake && wake.released) renderTools(); });
      } else if (wake) {
        await wake.release();
        wake = null;
      }
    } catch (e) {
      wake = null;
      shown.replaceChildren(el("p", { class: "hint", "data-note": "awake", text: w("ui.awake_refused") }));
      shownAt = version;
    }
    renderTools();
  }
  document.addEventListener("visibilitychange", () => {
    // the browser lets the lock go when the page is hidden: take it again on return
    if (!document.hidden && wake && wake.released) keepAwake(true);
  });

  // the result's text once copied, and what the tools have to say, below their buttons
  const shown = el("div", { class: "shown", "aria-live": "polite" });
  function renderTools() {
    const box = $("tools");
    if (!S || S.error) { box.replaceChildren(); return; }
    const buttons = [
      el("button", { type: "button", "data-tool": "copy", text: w("ui.copy_result"),
        onclick: () => copyResult(resultText(), shown) }),
      el("a", { class: "button", href: "sheet.html", target: "_blank", rel: "noopener",
        "data-tool": "print", text: w("ui.printable") }),
      el("a", { class: "button", href: "sheet.html", download: "terts-sheet.html",
        "data-tool": "save", text: w("ui.save_sheet") }),
    ];
    if (navigator.share && window.isSecureContext) {
      buttons.push(el("button", { type: "button", "data-tool": "share", text: w("ui.share"),
        onclick: () => navigator.share({ text: resultText() }).catch(() => {}) }));
    }
    if (LOCAL) buttons.push(...gameFileTools());
    if ("wakeLock" in navigator) {
      const on = !!(wake && !wake.released);
      buttons.push(el("button", { type: "button", "data-tool": "awake", "aria-pressed": on ? "true" : "false",
        text: w("ui.keep_awake"), onclick: () => keepAwake(!on) }));
    }
    box.replaceChildren(el("h2", { text: w("ui.tools") }), el("div", { class: "toolrow" }, ...buttons), shown);
  }

  // The offline app's game file: saved (shared where the phone can), and opened. The file is
  // the very one terts reads on a laptop (terts import, terts sheet --game).
  function gameFileTools(saving = true) {
    const save = (share) => async () => {
      const name = await LOCAL.saveGame(share);
      if (name) note(w("app.ui.saved", { name }), "game-file");
    };
    const input = el("input", { type: "file", accept: ".toml,application/toml,text/plain", hidden: true,
      "data-tool": "open-file", "aria-hidden": "true", tabindex: "-1" });
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      input.value = "";
      posting++; // as an action's answer: said of the state after it (post() above)
      try {
        const reply = await LOCAL.importGame(await file.text());
        say(reply.ok ? reply.message : reply.error, reply.ok ? "ok" : "error", reply.remedy || null);
        await refresh();
        if (MESSAGE.textContent) said = version;
      } finally {
        posting--;
      }
    });
    const tools = saving ? [el("button", { type: "button", "data-tool": "save-game", text: w("app.ui.save_game"),
      onclick: save(false) })] : [];
    if (saving && LOCAL.canShare) {
      tools.push(el("button", { type: "button", "data-tool": "share-game", text: w("app.ui.share_game"),
        onclick: save(true) }));
    }
    tools.push(el("button", { type: "button", "data-tool": "open-game", text: w("app.ui.open_game"),
      onclick: () => input.click() }), input);
    return tools;
  }
  function note(text, kind) {
    shown.replaceChildren(el("p", { class: "hint", "data-note": kind, text }));
    shownAt = version;
  }

  // The offline app keeps the screen on while a game is open (the browser gives the lock in a
  // secure context only; the tools' button lets it go).
  let awakeAsked = false;
  function awakeWhilePlaying() {
    if (!LOCAL || awakeAsked || !("wakeLock" in navigator) || !current() || document.hidden) return;
    awakeAsked = true;
    navigator.wakeLock.request("screen").then((lock) => {
      wake = lock;
      lock.addEventListener("release", () => renderTools());
      renderTools();
    }, () => {});
  }

  // --- pickers -----------------------------------------------------------------------------

  function choice(name, options, initial, onchange, wide) {
    let value = initial;
    const kind = name.endsWith("suit") ? " suits wide" : wide ? " wide" : "";
    const box = el("div", { class: "choices" + kind, "data-field": name, role: "group" });
    const buttons = options.map((o) => el("button", {
      type: "button", "data-value": o.value, class: o.red ? "red" : null, "aria-label": o.aria || null,
      "aria-pressed": o.value === value ? "true" : "false", text: o.label,
      onclick: () => { pick(o.value); unmark(box.closest(".field")); if (onchange) onchange(value); },
    }));
    function pick(v) {
      value = v;
      for (const b of buttons) b.setAttribute("aria-pressed", b.dataset.value === v ? "true" : "false");
    }
    box.append(...buttons);
    return { node: box, buttons, get value() { return value; }, set: pick };
  }

  // A field: its label names the control (a group by aria-labelledby, an input by for=).
  // ``need`` is the request's field it fills (data-need), for the check before sending.
  function field(label, node, hint, need) {
    const id = newId("label");
    const target = node.matches && node.matches("input, select, textarea") ? node : null;
    const tag = target ? "label" : "span";
    const caption = el(tag, { class: "label", id, text: label });
    if (target) {
      target.id = target.id || newId("input");
      caption.setAttribute("for", target.id);
    } else {
      const group = node.getAttribute("role") === "group" ? node : node.querySelector('[role="group"]');
      (group || node).setAttribute("aria-labelledby", id);
      if (!group) node.setAttribute("role", "group");
    }
    const box = el("div", { class: "field", "data-need": need || null }, caption, node,
      hint ? el("p", { class: "hint", text: hint }) : null);
    if (target) target.addEventListener("input", () => unmark(box));
    return box;
  }

  // A field the form cannot be sent without, marked: its words under its label (and read
  // with the control), its control outlined; unmarked as soon as it is filled in.
  function mark(box, text) {
    const id = newId("need");
    box.classList.add("invalid");
    box.querySelector(".label").after(el("p", { class: "need", id, text }));
    const control = box.querySelector('input, select, textarea, [role="group"]');
    if (!control) return;
    control.setAttribute("aria-describedby", id);
    if (control.matches("input, select, textarea")) control.setAttribute("aria-invalid", "true");
  }
  function unmark(box) {
    if (!box || !box.classList.contains("invalid")) return;
    box.classList.remove("invalid");
    for (const p of box.querySelectorAll(":scope > .need")) p.remove();
    for (const c of box.querySelectorAll("[aria-describedby], [aria-invalid]")) {
      c.removeAttribute("aria-describedby");
      c.removeAttribute("aria-invalid");
    }
  }
  const needWord = (action, name) => {
    const own = "ui.need." + action + "." + name;
    return Object.prototype.hasOwnProperty.call(W, own) ? W[own] : w("ui.need." + name);
  };
  // The fields of REQUIRED a body leaves empty, each as the panel's field and its words.
  function lacking(action, body, box) {
    const empty = (v) => v === null || v === undefined || v === "" || (Array.isArray(v)
      && (!v.length || v.some((x) => x === null || x === undefined || x === "")));
    return (REQUIRED[action] || []).filter((k) => empty(body[k])).map((k) => ({
      node: box.querySelector(`[data-need="${k}"]`), text: needWord(action, k) }));
  }
  const playerChoice = (name, initial) =>
    choice(name, players().map((p) => ({ value: p, label: p })), initial || null, null, true);
  const suitChoice = (name, initial) => choice(name, SUITS.map((s) => ({ value: s.value, label: s.value,
    red: s.red, aria: w("ui.suit." + s.name) })), initial || null);
  const rankChoice = (name, withNone) => choice(name,
    [...(withNone ? [{ value: "", label: w("ui.none"), aria: w("ui.no_card") }] : []),
      ...RANKS.map((r) => ({ value: r, label: rankLabel(r) }))], withNone ? "" : null, null, true);
  const numberInput = (name, optional) => el("input", { type: "number", inputmode: "numeric",
    min: "0", "data-field": name, placeholder: optional ? w("ui.optional") : null });
  const readNumber = (input) => (input.value.trim() === "" ? null : Number(input.value));

  function cardPicker(prefix, label) {
    const rank = rankChoice(prefix + "rank", false);
    const suit = suitChoice(prefix + "suit");
    rank.node.setAttribute("aria-label", label + ": " + w("ui.rank"));
    suit.node.setAttribute("aria-label", label + ": " + w("ui.suit"));
    return {
      nodes: [rank.node, suit.node],
      get value() { return rank.value && suit.value ? rank.value + suit.value : null; },
      reset() { rank.set(null); suit.set(null); },
    };
  }

  // A run's length by its class: its top is at least the length's rank up from the seven (a
  // terts tops at 9 or higher, a fifty at 10, a hundred at a jack).
  const RUN_LENGTH = { terts: 3, 50: 4, 100: 5, 106: 6, 107: 7, 108: 8 };

  // ``challenge``: a marriage cannot challenge (it is no class to beat a run or a four with).
  function comboPicker(recorded, need, challenge) {
    const trump = current() ? SUIT_OF[current().trump] : null;
    const classes = [...SEQ, ...FOURS, ...(challenge ? [] : ["marriage"])];
    const cls = choice("class", classes.map((c) => ({ value: c, label: w("ui.cls." + c) })),
      "terts", (v) => { top.hidden = !SEQ.includes(v); tops(v); });
    const rank = rankChoice("rank", false);
    // only the tops the class's run can have: the lower ranks' buttons hidden, a chosen one
    // that the new class cannot top at let go
    const tops = (v) => {
      const lowest = (RUN_LENGTH[v] || 1) - 1;
      for (const b of rank.buttons) b.hidden = RANKS.indexOf(b.dataset.value) < lowest;
      if (rank.value && RANKS.indexOf(rank.value) < lowest) rank.set(null);
    };
    tops("terts");
    const suit = suitChoice("suit", trump);
    suit.node.setAttribute("aria-label", w("ui.suit"));
    const top = el("div", {}, field(w("ui.top"), rank.node, null, need), suit.node);
    const typed = el("input", { type: "text", "data-field": "typed", autocomplete: "off",
      autocapitalize: "off", spellcheck: "false", placeholder: w("ui.typed_example") });
    if (recorded) typed.value = recorded; // a replacement starts from what was recorded
    return {
      nodes: [field(w("ui.class"), cls.node), top, field(w("ui.or_cards"), typed)],
      combos() {
        const text = typed.value.trim();
        if (text) return text.split(/\s+/);
        // In the table's words of the page's language, so that a refusal quotes them back.
        const word = W["ui.combo_word." + cls.value] || null;
        if (SEQ.includes(cls.value)) {
          if (!rank.value || !suit.value) return [];
          return [(word || cls.value) + ":" + rankLabel(rank.value) + suit.value];
        }
        return [word || cls.value];
      },
    };
  }

  // --- the panels --------------------------------------------------------------------------

  const PANELS = {
    new() {
      // The next game: the same players offered (and changeable), the dealer by the rules.
      const next = preset || {};
      const named = (next.players || []).filter(Boolean); // a remedy may leave both open
      const text = (name, label, value) => {
        const input = el("input", { type: "text", "data-field": name, autocomplete: "off",
          maxlength: "40", enterkeyhint: "next" });
        input.value = value || "";
        return input;
      };
      const a = text("name-a", w("ui.name_a"), named[0]), b = text("name-b", w("ui.name_b"), named[1]);
      const mode = choice("mode", [
        { value: "quick", label: w("ui.mode.quick") },
        { value: "tricks", label: w("ui.mode.tricks") }], next.quick === false ? "tricks" : "quick", null, true);
      const initial = next.rules && rulesets.includes(next.rules) ? next.rules
        : rulesets.includes("classic") ? "classic" : rulesets[0];
      // each ruleset's button says what it is: its name alone (book, classic …) says nothing
      const about = el("p", { class: "hint", "aria-live": "polite" });
      const tell = (r) => { about.textContent = W["ruleset." + r] || ""; };
      // the button says it in the page's language: the description's head («Правила Моряка»),
      // its sources left to the line below; a ruleset without one keeps its name
      const shortly = (r) => (W["ruleset." + r] || r).split(":")[0].replace(/\s*\[\d+\]/g, "").trim() || r;
      const rules = choice("rules", rulesets.map((r) => ({ value: r, label: shortly(r),
        aria: W["ruleset." + r] ? r + ": " + W["ruleset." + r] : null })), initial, tell);
      tell(initial);
      const dealer = choice("dealer", [{ value: "0", label: "" }, { value: "1", label: "" }],
        next.dealer && named.indexOf(next.dealer) >= 0 ? String(named.indexOf(next.dealer)) : null, null, true);
      const label = () => {
        dealer.buttons[0].textContent = a.value.trim() || w("ui.name_a");
        dealer.buttons[1].textContent = b.value.trim() || w("ui.name_b");
      };
      a.addEventListener("input", label);
      b.addEventListener("input", label);
      label();
      // the rotation runs on into the next game; without a last trick, the lot decides
      const lot = !next.players ? w("ui.dealer_hint") : next.dealer ? w("ui.dealer_rotation") : w("ui.dealer_lot");
      return {
        title: w(named.length ? "ui.next_title" : "ui.act.new"),
        nodes: [field(w("ui.name_a"), a, null, "players"), field(w("ui.name_b"), b, null, "players"),
          field(w("ui.first_dealer"), dealer.node, lot),
          field(w("ui.mode"), mode.node), field(w("ui.rules"), el("div", {}, rules.node, about))],
        check() {
          // each empty name marked (both fields fill one request field, the players)
          return [a, b].filter((i) => !i.value.trim())
            .map((i) => ({ node: i.closest(".field"), text: w("ui.need.players") }));
        },
        body() {
          const names = [a.value.trim(), b.value.trim()];
          const body = { players: names, rules: rules.value, quick: mode.value === "quick" };
          if (dealer.value !== null && names[Number(dealer.value)]) body.dealer = names[Number(dealer.value)];
          return body;
        },
      };
    },
    deal() {
      const suit = suitChoice("trump-suit", suitOf(old("trump")));
      const rank = rankChoice("face-up", true);
      const card = old("trump_card") || (typeof old("trump") === "string" && old("trump").length > 1
        && suitOf(old("trump")) && !SUIT_OF[old("trump")] ? old("trump") : null);
      if (card) rank.set(card.slice(0, -1));
      const mode = choice("mode", [
        { value: "", label: w("ui.mode.default") },
        { value: "quick", label: w("ui.mode.quick") },
        { value: "tricks", label: w("ui.mode.tricks") }],
      old("quick") === undefined ? "" : old("quick") ? "quick" : "tricks", null, true);
      const dealer = old("dealer"); // a remedy's or the replaced deal's: the panel shows no dealer
      return {
        nodes: [field(w("ui.trump_suit"), suit.node), field(w("ui.face_up"), rank.node),
          field(w("ui.mode"), mode.node)],
        body() {
          const b = {};
          if (suit.value) b.trump = rank.value ? rank.value + suit.value : suit.value;
          if (mode.value) b.quick = mode.value === "quick";
          if (typeof dealer === "string") b.dealer = dealer;
          return b;
        },
      };
    },
    declare() {
      const st = current();
      const who = playerChoice("player", old("player") || (st && st.leader));
      const combo = comboPicker((old("combos") || []).filter(Boolean).join(" "), "combos");
      return { nodes: [field(w("ui.player"), who.node, null, "player"), ...combo.nodes],
        body: () => ({ player: who.value, combos: combo.combos() }) };
    },
    challenge() {
      const st = current();
      const other = st && st.leader ? players().find((p) => p !== st.leader) : null;
      const who = playerChoice("player", old("player") || other);
      const combo = comboPicker(old("combo"), "combo", true);
      return { nodes: [field(w("ui.player"), who.node, null, "player"), ...combo.nodes],
        body: () => ({ player: who.value, combo: combo.combos().join(" ") }) };
    },
    trick() {
      const lead = cardPicker("lead-", w("ui.lead_card")), follow = cardPicker("follow-", w("ui.follow_card"));
      const leadField = field(w("ui.lead_card"), el("div", {}, ...lead.nodes));
      const followField = field(w("ui.follow_card"), el("div", {}, ...follow.nodes));
      return {
        keep: true,
        nodes: [leadField, followField],
        check: () => [[lead, leadField, "ui.need.lead"], [follow, followField, "ui.need.follow"]]
          .filter(([c]) => !c.value).map(([, node, key]) => ({ node, text: w(key) })),
        body: () => ({ cards: [lead.value, follow.value].filter(Boolean) }),
        done() { lead.reset(); follow.reset(); },
      };
    },
    score() {
      let digits = old("points") !== undefined && old("points") !== null ? String(old("points")) : "";
      const display = el("div", { class: "display", "data-field": "points", role: "status",
        "aria-live": "polite", text: digits || "0" });
      let fresh = digits !== "";
      const key = (k) => el("button", { type: "button", "data-key": k, text: k === "back" ? w("ui.clear") : k,
        "aria-label": k === "back" ? w("ui.clear_name") : null,
        onclick: () => {
          unmark(display.closest(".field"));
          if (fresh) { fresh = false; if (k !== "back") digits = ""; } // a digit retypes the old count
          if (k === "back") digits = digits.slice(0, -1);
          else if (digits.length < 3) digits = (digits === "0" ? "" : digits) + k;
          display.textContent = digits || "0";
        } });
      const pad = el("div", { class: "pad" }, ...["1", "2", "3", "4", "5", "6", "7", "8", "9", "", "0", "back"]
        .map((k) => (k ? key(k) : el("span"))));
      const by = playerChoice("by", old("by")), last = playerChoice("last-trick", old("last_trick"));
      return {
        nodes: [field(w("ui.points"), el("div", {}, display, pad), null, "points"),
          field(w("ui.counted_by"), by.node, null, "by"),
          field(w("ui.last_trick"), last.node, null, "last_trick")],
        // nothing typed is no count (a 0 is typed as one)
        body: () => ({ points: digits === "" ? null : Number(digits), by: by.value, last_trick: last.value }),
      };
    },
    ask() {
      // The asker answers the opponent's latest declaration in this deal.
      let declarer = null;
      for (const e of S.log.events.slice().reverse()) {
        if (e.type === "deal") break;
        if (e.type === "declare" || e.type === "challenge") { declarer = e.player; break; }
      }
      const asker = declarer ? players().find((p) => p !== declarer) : null;
      const who = playerChoice("player", old("player") || asker);
      return { nodes: [field(w("ui.asker"), who.node, null, "player")], body: () => ({ player: who.value }) };
    },
    trump() {
      const suit = suitChoice("trump-suit", suitOf(old("trump")));
      return { nodes: [field(w("ui.trump_suit"), suit.node, null, "trump")], body: () => ({ trump: suit.value }) };
    },
    insert() {
      // "Insert before N": which event goes there; the chosen panel keeps the correction.
      const what = el("div", { class: "choices grid", "data-field": "insert", role: "group" },
        ...RECORDING.map((a) => el("button", { type: "button", "data-value": a, text: w("ui.act." + a),
          onclick: () => { open = a; buildPanel(); } })));
      return { title: w("ui.act.insert"), nodes: [field(w("ui.insert_what"), what)], noGo: true };
    },
    drop() {
      const n = fix ? fix.n : old("number") || old("event"); // a remedy names the event
      return {
        title: w("ui.drop_n", { n }),
        nodes: [el("p", { class: "warn", text: w("ui.drop_note") })],
        go: w("ui.drop_go"), danger: true,
        body: () => ({ number: n }),
      };
    },
    exchange() {
      const who = playerChoice("player", old("player") || (current() && current().leader));
      return { nodes: [field(w("ui.player"), who.node, null, "player")], body: () => ({ player: who.value }) };
    },
    penalty() {
      const who = playerChoice("player", old("player"));
      const kind = el("select", { "data-field": "kind" },
        ...PENALTIES.map((k) => el("option", { value: k, text: w("pen." + k) })));
      const points = numberInput("amount", true), event = numberInput("event", true);
      // the false one of an event's several combinations (a remedy may name the event only)
      const combo = el("input", { type: "text", "data-field": "combo", autocomplete: "off",
        autocapitalize: "off", spellcheck: "false", placeholder: w("ui.optional") });
      if (old("kind")) kind.value = old("kind");
      if (typeof old("points") === "number") points.value = String(old("points"));
      if (typeof old("event") === "number") event.value = String(old("event"));
      if (typeof old("combo") === "string") combo.value = old("combo");
      return {
        nodes: [field(w("ui.player"), who.node, null, "player"), field(w("ui.kind"), kind, null, "kind"),
          field(w("ui.amount"), points), field(w("ui.event"), event, w("ui.event_hint")),
          field(w("ui.false_combo"), combo, w("ui.false_combo_hint"))],
        body: () => ({ player: who.value, kind: kind.value, points: readNumber(points), event: readNumber(event),
          combo: combo.value.trim() || null }),
      };
    },
    note() {
      // the players' words on a deal (a misdeal, a dispute): the last deal unless another is named
      const text = el("input", { type: "text", "data-field": "text", maxlength: "200",
        autocomplete: "off" });
      const deal = numberInput("deal", true);
      const deals = S.sheet.deals.length;
      deal.min = "1";
      deal.max = String(deals);
      if (typeof old("text") === "string") text.value = old("text");
      if (typeof old("deal") === "number") deal.value = String(old("deal"));
      return {
        nodes: [field(w("ui.note_text"), text, null, "text"),
          field(w("ui.note_deal"), deal, w("ui.note_deal_hint", { n: deals }))],
        body: () => ({ text: text.value.trim(), deal: readNumber(deal) }),
      };
    },
    claim() {
      // A quick deal has no tricks to count from: the claim says what was taken so far, both
      // figures; followed trick by trick, the page has nothing to ask.
      const who = playerChoice("player", old("player"));
      const tricks = numberInput("tricks"), points = numberInput("card-points");
      if (typeof old("tricks") === "number") tricks.value = String(old("tricks"));
      if (typeof old("card_points") === "number") points.value = String(old("card_points"));
      const quick = current() && current().quick;
      const nodes = [field(w("ui.player"), who.node, null, "player")];
      if (quick) {
        tricks.max = "16";
        points.max = "150";
        nodes.push(el("p", { class: "hint", text: w("ui.claim_quick") }),
          field(w("ui.tricks_so_far"), tricks), field(w("ui.card_points_so_far"), points));
      }
      return {
        nodes,
        check(body) {
          const need = lacking("claim", body, $("panel"));
          if (quick) {
            for (const i of [tricks, points]) {
              if (i.value.trim() === "") need.push({ node: i.closest(".field"), text: w("ui.claim_needs") });
            }
          }
          return need;
        },
        body: () => ({ player: who.value, tricks: readNumber(tricks), card_points: readNumber(points) }),
      };
    },
    undo() {
      const n = S.log.events.length;
      const last = n ? S.log.events[n - 1] : null;
      return {
        // the event it removes named; with nothing to remove, only the sentence
        title: last ? w("ui.undo_q", { n }) : w("ui.nothing_to_undo"),
        nodes: last ? [el("p", { class: "fixing", text: n + ". " + eventText(last, declaredNames()[n]) })] : [],
        go: w("ui.undo_go"), noGo: !last, danger: true,
        body: () => ({}),
      };
    },
  };

  let panel = null;
  // A field the panel starts from: a remedy's or the next game's (``preset``), else the event
  // being replaced (to start its panel from what was recorded).
  const old = (name) => {
    if (preset && Object.prototype.hasOwnProperty.call(preset, name)) return preset[name];
    return fix && fix.mode === "replace" && fix.event.type === open ? fix.event[name] : undefined;
  };

  async function toggle(action) {
    say(null); // the last answer was about what came before: a new panel starts clean
    if (open === action && !fix) { close(); return; }
    fix = null;
    preset = null;
    if (action === "new" && S && S.sheet && S.sheet.finished) {
      // the next game: ask the server who plays and deals it
      try {
        const next = await getJSON("api/next");
        if (next.finished) preset = next;
      } catch (e) { lost(); }
    }
    open = action;
    buildPanel();
    renderActions();
  }

  function close() {
    open = null;
    fix = null;
    preset = null;
    panel = null;
    $("panel").hidden = true;
    $("panel").replaceChildren();
    placeFeedback();
    renderActions();
  }

  // --- where things are on the screen ------------------------------------------------------

  // The answer's box: in the open panel, above its buttons (where the eyes are when one is
  // tapped), else under the header. It is never in the sticky header, which it would grow to
  // cover half a phone's screen.
  function placeFeedback() {
    const box = $("panel");
    const row = view === "game" && !box.hidden ? box.querySelector(":scope > .row") : null;
    if (row) {
      if (FEEDBACK.nextSibling !== row) box.insertBefore(FEEDBACK, row);
    } else if (FEEDBACK.previousElementSibling !== $("top")) {
      $("top").after(FEEDBACK);
    }
  }

  // The sticky header's height (none once large text has it scroll away): what the panels'
  // tops keep clear of (scroll-margin-top: var(--top-h), app.css).
  function headerHeight() {
    const top = $("top");
    return getComputedStyle(top).position === "sticky" ? Math.ceil(top.getBoundingClientRect().height) : 0;
  }
  function syncHeader() {
    document.documentElement.style.setProperty("--top-h", headerHeight() + "px");
  }

  // A node brought into view between the sticky header and the tab bar, by the least scroll
  // that shows it whole (what is above it, the buttons tapped, stays in sight); one taller
  // than the view shows its top. Left where it is when it is all in view already.
  function reveal(node) {
    if (!node || !node.isConnected) return;
    syncHeader();
    const bar = $("views");
    const foot = getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().height : 0;
    const gap = 8, top = headerHeight() + gap, bottom = window.innerHeight - foot - gap;
    const r = node.getBoundingClientRect();
    if (r.top >= top && r.bottom <= bottom) return;
    if (r.top < top || r.height > bottom - top) node.scrollIntoView({ block: "start" });
    else window.scrollBy(0, r.bottom - bottom);
  }

  // The panel's form checked before it is sent: what is missing marked, said, and in view.
  function refuseForm(box, problems) {
    for (const f of box.querySelectorAll(".field.invalid")) unmark(f);
    const found = problems.filter((p) => p.node);
    for (const p of found) mark(p.node, p.text);
    say([...new Set(problems.map((p) => p.text))].join("\n"), "error");
    if (!found.length) { reveal(FEEDBACK); return; }
    const first = found[0].node;
    const control = first.querySelector("input, select, textarea, button");
    if (control) control.focus({ preventScroll: true });
    reveal(first);
  }

  function buildPanel(again) {
    const box = $("panel");
    panel = PANELS[open]();
    let label = panel.go || w("ui.record");
    // a correction's button says what it does, to which event (as its banner does)
    if (fix && fix.mode === "replace") label = w("ui.replace_n", { n: fix.n });
    if (fix && fix.mode === "before") label = w("ui.insert_n", { n: fix.n });
    const go = el("button", { type: "button", class: "go" + (panel.danger ? " danger" : ""),
      "data-submit": open, text: label,
      onclick: async () => {
        const action = open, current = panel;
        const raw = current.body();
        const problems = current.check ? current.check(raw) : lacking(action, raw, box);
        if (problems.length) { refuseForm(box, problems); return; }
        for (const f of box.querySelectorAll(".field.invalid")) unmark(f);
        const body = {};
        for (const [k, v] of Object.entries(raw)) if (v !== null && v !== undefined) body[k] = v;
        if (fix && (fix.mode === "replace" || fix.mode === "before")) body[fix.mode] = fix.n;
        go.disabled = true;
        document.body.dataset.busy = "1"; // until the answer and the new state are shown
        try {
          const reply = await post(action, body);
          if (reply.ok && open === action && current.keep && !fix) {
            current.done();
          } else if (reply.ok && (open === action || open === null)) {
            // (the new state may have closed it already: a count ends the deal and its panel)
            if (open) close();
            // the answer, the totals, the sheet and the next action's button in view; with
            // large text (the header not sticky, no room for all) the answer at the top
            window.scrollTo(0, 0);
            if (!headerHeight() && !MESSAGE.hidden) FEEDBACK.scrollIntoView({ block: "start" });
          } else if (!reply.ok && open === action) {
            // the server's missing field (a form the page let through) marked as the page's
            const need = reply.field && box.querySelector(`[data-need="${reply.field}"]`);
            if (need) refuseForm(box, [{ node: need, text: reply.error }]);
            else reveal(FEEDBACK);
          }
        } finally {
          go.disabled = false;
          delete document.body.dataset.busy;
        }
      } });
    const what = fix ? eventText(fix.event, declaredNames()[fix.n]) : "";
    const banner = fix && fix.mode !== "drop" ? el("p", { class: "fixing", "data-fixing": fix.mode,
      text: w(fix.mode === "replace" ? "ui.replacing" : "ui.inserting", { n: fix.n, e: what }) }) : null;
    const shown = fix && fix.mode === "drop" ? el("p", { class: "fixing", text: fix.n + ". " + what }) : null;
    const row = el("div", { class: "row" },
      el("button", { type: "button", text: w("ui.cancel"), onclick: close }), panel.noGo ? null : go);
    const title = el("h2", { tabindex: "-1", id: "panel-title", text: panel.title || w("ui.act." + open) });
    box.replaceChildren(...[title, banner, shown, ...panel.nodes, row].filter(Boolean));
    box.setAttribute("aria-labelledby", "panel-title");
    box.hidden = false;
    placeFeedback();
    if (again) return; // rebuilt under the person's eyes: the focus and the scroll stay
    title.focus({ preventScroll: true });
    reveal(box);
  }

  function refreshPanel() {
    // The undo panel names the event it would remove: keep it true to the latest state.
    if (open === "undo") buildPanel(true);
  }

  // --- the library: history, statistics, a game of the history ---------------------------------

  const VIEWS = ["game", "history", "stats"];
  let libraryPlayers = null; // every name the library knows, for the filters

  function renderViews() {
    const nav = $("views");
    nav.setAttribute("aria-label", w("ui.views"));
    nav.replaceChildren(...VIEWS.map((v) => el("button", { type: "button", "data-view": v,
      "aria-current": view === v || (view === "libgame" && v === cameFrom) ? "page" : null,
      text: w("ui.view." + v), onclick: () => showView(v) })));
  }

  let cameFrom = "history"; // the view a library game was opened from (its tab stays lit)
  function showView(v, arg) {
    if (v === "libgame") cameFrom = arg.from;
    if (v !== view && v !== "libgame") libraryPlayers = null; // a fresh look at the library
    if (v !== view) say(null); // an answer belongs to the view it was given in
    view = v;
    $("game").hidden = v !== "game";
    $("library").hidden = v === "game";
    placeFeedback();
    renderViews();
    if (v === "history") showHistory(arg || {});
    else if (v === "stats") showStats(arg || {});
    else if (v === "libgame") showLibraryGame(arg);
    window.scrollTo(0, 0);
  }

  const query = (filters) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
    const s = q.toString();
    return s ? "?" + s : "";
  };

  async function library(url) {
    const box = $("library");
    try {
      const r = await call(url, {}, 20000);
      const data = await r.json();
      if (!r.ok) {
        box.replaceChildren(el("p", { class: "error-text", text: data.error }));
        say(data.error, "error");
        return null;
      }
      return data;
    } catch (e) {
      lost();
      box.replaceChildren(el("p", { class: "quiet", text: w("ui.no_answer") }));
      return null;
    }
  }

  async function knownPlayers() {
    if (libraryPlayers) return libraryPlayers;
    const all = await library("api/history");
    if (!all) return [];
    const names = new Map();
    for (const g of all.games) for (const p of g.players) names.set(p.toLowerCase(), p);
    libraryPlayers = [...names.values()].sort((x, y) => x.localeCompare(y, lang));
    return libraryPlayers;
  }

  function playerFilter(name, label, names, chosen, onchange, disabled) {
    const select = el("select", { "data-filter": name, disabled: disabled || null });
    select.append(el("option", { value: "", text: w("ui.all_players") }),
      ...names.map((p) => el("option", { value: p, text: p })));
    select.value = chosen || "";
    select.addEventListener("change", () => onchange(select.value));
    return field(label, select);
  }

  const day = (iso) => new Date(iso).toLocaleDateString(lang, { day: "numeric", month: "short", year: "numeric" });
  const scoreLine = (g) => `${g.players[0]} ${g.totals[g.players[0]]} : ${g.totals[g.players[1]]} ${g.players[1]}`;

  // A library view: its heading while it loads, then the names for the filters and the route's
  // answer (null when it failed, or the person went elsewhere meanwhile).
  async function libraryView(name, filters) {
    $("library").replaceChildren(el("h2", { text: w("ui.view." + name) }),
      el("p", { class: "quiet", text: w("ui.loading") }));
    const names = await knownPlayers();
    const data = await library("api/" + name + query(filters));
    return data && view === name ? { names, data } : null;
  }

  // Copies of one game continued differently (none counted): named, as the terminal does.
  const conflicts = (data) => (data.conflicts || []).map((c) =>
    el("p", { class: "error-text", "data-conflict": "", text: w("ui.conflict", { files: c.files.join(", ") }) }));

  async function showHistory(filters) {
    const box = $("library");
    const shown = await libraryView("history", filters);
    if (!shown) return;
    const { names, data } = shown;
    const list = el("ul", { class: "games" });
    for (const g of data.games) {
      const result = g.winner ? w("ui.won_by", { p: g.winner }) : w("ui.unfinished");
      const bits = [w("ui.deals_n", { n: g.deals })];
      if (g.minutes !== null && g.minutes !== undefined) bits.push(w("ui.minutes_n", { n: Math.round(g.minutes) }));
      list.append(el("li", {}, el("button", { type: "button", class: "game", "data-game": g.file,
        onclick: () => showView("libgame", { file: g.file, from: "history", back: filters }) },
        el("span", { class: "when", text: day(g.started) + " · " + g.rules }),
        el("span", { class: "score-line", text: scoreLine(g) }),
        el("span", { class: "quiet", text: result + " · " + bits.join(" · ") }))));
    }
    box.replaceChildren(el("h2", { text: w("ui.view.history") }),
      playerFilter("player", w("ui.filter_player"), names, filters.player,
        (p) => showHistory({ ...filters, player: p })),
      ...conflicts(data),
      data.games.length ? list : el("p", { class: "quiet", text: w(filters.player ? "ui.no_games_match" : "ui.no_games") }));
  }

  async function showLibraryGame(arg) {
    const box = $("library");
    box.replaceChildren(el("p", { class: "quiet", text: w("ui.loading") }));
    const data = await library("api/game" + query({ file: arg.file }));
    if (!data || view !== "libgame") return;
    const sh = data.sheet, [a, b] = sh.players;
    const sheet = el("section", { class: "sheet" });
    renderSheet(sh, sheet, w("ui.sheet"));
    const result = sh.winner ? w("ui.won_by", { p: sh.winner }) : w("ui.unfinished");
    const file = query({ file: arg.file });
    box.replaceChildren(
      el("button", { type: "button", class: "back", "data-back": "history",
        onclick: () => showView(arg.from, arg.back), text: w("ui.back") }),
      el("h2", { text: `${a} — ${b}` }),
      el("p", { class: "score-line", text: `${sh.totals[a]} : ${sh.totals[b]} · ${result}` }),
      el("p", { class: "quiet", text: (sh.started ? day(sh.started) + " · " : "") + sh.rules }),
      sheet,
      el("div", { class: "toolrow" },
        el("a", { class: "button", href: "sheet.html" + file, target: "_blank", rel: "noopener",
          "data-tool": "print", text: w("ui.printable") }),
        el("a", { class: "button", href: "sheet.html" + file, download: "terts-sheet.html",
          "data-tool": "save", text: w("ui.save_sheet") })));
  }

  // A number as the page's language writes it: the decimal comma in Russian and Ukrainian
  // (2,5; 6,2), no thousands separator (the program's numbers are small, as on the terminal);
  // ``digits`` fixes the decimals (a rating's one). Anything but a number as it is.
  function num(v, digits) {
    if (typeof v !== "number") return v;
    const fixed = digits === undefined ? { maximumFractionDigits: 3 }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    return new Intl.NumberFormat(lang, { useGrouping: false, ...fixed }).format(v);
  }

  function figures(pairs) {
    // label, value: a list of terms, read in order by any reader, wrapped at any width
    return el("dl", { class: "figures" }, ...pairs.flatMap(([k, v]) =>
      [el("dt", { text: k }), el("dd", { text: v === null || v === undefined ? "—" : String(v) })]));
  }

  async function showStats(filters) {
    const box = $("library");
    const shown = await libraryView("stats", filters);
    if (!shown) return;
    const { names, data } = shown;
    const parts = [el("h2", { text: w("ui.view.stats") }),
      el("div", { class: "filters" },
        playerFilter("player", w("ui.filter_player"), names, filters.player,
          (p) => showStats(p ? { ...filters, player: p } : {})),
        playerFilter("vs", w("ui.filter_vs"), names.filter((p) => p !== filters.player), filters.vs,
          (p) => showStats({ ...filters, vs: p }), !filters.player)), ...conflicts(data)];
    if (!data.games) {
      parts.push(el("p", { class: "quiet", text: w(filters.player ? "ui.no_games_match" : "ui.no_games") }));
      box.replaceChildren(...parts);
      return;
    }
    const avg = (v) => (v === null || v === undefined ? "—" : String(num(v)));
    parts.push(el("p", { class: "summary", text: w("ui.stats_summary", { g: data.games, u: data.unfinished,
      d: avg(data.average_deals), m: avg(data.average_minutes) }) }));
    const cards = el("div", { class: "cards" });
    for (const [name, p] of Object.entries(data.players)) {
      const rows = [[w("ui.st.games"), p.games], [w("ui.st.wins"), p.wins],
        [w("ui.st.rate"), Math.round(p.win_rate * 100) + "%"],
        [w("ui.st.streak"), p.current_streak + " / " + p.longest_streak],
        [w("ui.st.per_deal"), num(p.points_per_deal)], [w("ui.st.best_deal"), p.best_deal]];
      if (p.rating !== undefined) rows.push([w("ui.st.rating"), p.rating === null ? null : num(p.rating, 1)]);
      // what happened in the player's deals: only what did (a row of noughts says nothing)
      const d = p.declarations || {};
      const scored = ["terts", "fifty", "hundred", "four", "marriage"].filter((c) => d[c])
        .map((c) => w("ui.st.cls." + c) + " " + d[c]);
      const contested = [["challenges_won", "ui.st.won"], ["burned", "ui.st.burned"],
        ["false_declarations", "ui.st.false"], ["uphill", "ui.st.uphill"]]
        .filter(([k]) => p[k]).map(([k, label]) => w(label) + " " + p[k]);
      rows.push([w("ui.st.declared"), scored.join(", ") || null]);
      rows.push([w("ui.st.contested"), contested.join(", ") || null]);
      cards.append(el("section", { class: "card", "data-player": name },
        el("h3", { text: name }), figures(rows)));
    }
    parts.push(cards);
    // a rating is a bare number («-1,8»): one line says what it measures
    if (Object.values(data.players).some((p) => p.rating !== undefined && p.rating !== null)) {
      parts.push(el("p", { class: "quiet", "data-note": "rating", text: w("ui.st.rating_note") }));
    }
    if (data.head_to_head.length) {
      const h2h = el("ul", { class: "pairs" });
      for (const pair of data.head_to_head) {
        const [a, b] = pair.players;
        const points = pair.points ? " · " + w("ui.st.points") + " " + pair.points[a] + " : " + pair.points[b] : "";
        h2h.append(el("li", { "data-pair": a + " — " + b },
          el("span", { class: "score-line", text: `${a} ${pair.wins[a]} : ${pair.wins[b]} ${b}` }),
          el("span", { class: "quiet", text: w("ui.games_n", { n: pair.games }) + points })));
      }
      parts.push(el("h3", { text: w("ui.st.h2h") }), h2h);
    }
    const best = data.best_games;
    if (best) {
      const records = el("ul", { class: "records" });
      const record = (key, entry, who, figure) => {
        if (!entry) return;
        records.append(el("li", { "data-record": key }, el("button", { type: "button", class: "game",
          onclick: () => showView("libgame", { file: entry.file, from: "stats", back: filters }) },
          el("span", { class: "when", text: w("ui.best." + key) + " · " + figure }),
          el("span", { class: "score-line", text: who }),
          el("span", { class: "quiet", text: day(entry.date) + " · " + scoreLine(entry) }))));
      };
      record("largest_margin", best.largest_margin, best.largest_margin && best.largest_margin.winner,
        best.largest_margin && best.largest_margin.margin);
      record("highest_total", best.highest_total, best.highest_total && best.highest_total.player,
        best.highest_total && best.highest_total.total);
      record("fastest_win", best.fastest_win, best.fastest_win && best.fastest_win.winner,
        best.fastest_win && w("ui.deals_n", { n: best.fastest_win.deals }));
      if (records.childNodes.length) parts.push(el("h3", { text: w("ui.st.best") }), records);
    }
    box.replaceChildren(...parts);
  }

  // A table of a club night (terts serve --club): its name, and the way back to the lobby.
  function renderClub(club) {
    const name = w("club.ui.table_name", { name: club.title || club.table });
    $("club").replaceChildren(el("a", { href: club.lobby, text: "← " + w("club.ui.lobby") }),
      el("span", { class: "table-name", text: name }));
    $("club").hidden = false;
    document.title = name + " · " + w("ui.title");
  }

  // --- start -------------------------------------------------------------------------------

  async function start() {
    if (LOCAL) Object.assign(W, LOCAL.words);
    $("status").textContent = w("ui.loading");
    if (LOCAL && LOCAL.ready) {
      // The in-page referee says first whether it starts at all: a page that is not to start
      // (the app open in another tab) is left to its one sentence, nothing drawn, inert.
      try {
        await LOCAL.ready;
      } catch (err) {
        $("status").textContent = "";
        for (const id of ["views", "main", "feedback", "club"]) {
          $(id).hidden = true;
          $(id).inert = true;
        }
        return;
      }
    }
    // the words and the state at once: the first sheet waits for one round trip, not two
    const words = getJSON("api/ui").catch(() => null);
    const state = getJSON("api/state").catch(() => null);
    const ui = await words;
    if (ui) {
      Object.assign(W, ui.words);
      lang = ui.lang;
      rulesets = ui.rulesets || rulesets;
      document.title = w("ui.title");
      if (ui.club) renderClub(ui.club);
    }
    renderViews();
    syncHeader();
    if (window.ResizeObserver) new ResizeObserver(syncHeader).observe($("top"));
    const first = await state;
    if (first) {
      S = first;
      version = first.version;
      live = true;
      render();
    } else {
      lost();
    }
    listen();
    heartbeat();
    // A phone that slept may have missed events while the stream was down.
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) return;
      if (live) refresh(); else if (retry) { clearTimeout(retry); retry = null; probe(); }
    });
    if (LOCAL) return;
    window.addEventListener("online", () => { if (!live) { clearTimeout(retry); retry = null; probe(); } });
    window.addEventListener("offline", () => lost());
  }
  start();
})();

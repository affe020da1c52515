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
  let loading = false;
  let again = false;
  let fix = null; // a correction in progress: {mode: "replace"|"before"|"drop", n, event}
  let fixing = null; // the event number whose correction buttons are shown
  let allEvents = false; // the events list: every event, or the latest only

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

  const SUITS = [
    { value: "♠", red: false }, { value: "♣", red: false },
    { value: "♦", red: true }, { value: "♥", red: true },
  ];
  const SUIT_OF = { spades: "♠", clubs: "♣", diamonds: "♦", hearts: "♥" };
  const RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"];
  const RANK_RU = { J: "В", Q: "Д", K: "К", A: "Т" };
  const rankLabel = (r) => (lang === "ru" && RANK_RU[r]) || r;
  const SEQ = ["terts", "50", "100", "106", "107", "108"];
  const FOURS = ["4J", "4Q", "4K", "4A"];
  const PENALTIES = ["false-declaration", "miscount", "empty-challenge", "late-declaration",
    "out-of-turn-draw", "wrong-hand-size", "draw-before-break", "renege", "trump-seven",
    "lowering"];
  const ACTIONS = ["deal", "trump", "declare", "challenge", "ask", "trick", "score", "exchange",
    "penalty", "claim", "undo"];
  // The commands that record an event: each takes a correction (replace N / before N).
  const RECORDING = ["deal", "trump", "declare", "challenge", "ask", "trick", "score", "exchange",
    "penalty", "claim"];

  // --- server ------------------------------------------------------------------------------

  async function getJSON(url) {
    const r = await fetch(url, { cache: "no-store" });
    return r.json();
  }

  async function post(action, body) {
    let reply;
    try {
      const r = await fetch("api/" + action, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      reply = await r.json();
    } catch (e) {
      reply = { ok: false, error: w("ui.offline") };
    }
    say(reply.ok ? reply.message : reply.error, reply.ok);
    await refresh();
    return reply.ok;
  }

  async function refresh() {
    if (loading) { again = true; return; }
    loading = true;
    try {
      do {
        again = false;
        const next = await getJSON("api/state");
        S = next;
        version = next.version;
        render();
      } while (again);
    } catch (e) {
      say(w("ui.offline"), false);
    } finally {
      loading = false;
    }
  }

  function listen() {
    if (!window.EventSource) { setInterval(refresh, 1000); return; }
    const source = new EventSource("api/events");
    source.onmessage = (ev) => { if (ev.data !== version) refresh(); };
    // A phone that slept may have missed events while the stream was down.
    document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  }

  function say(text, ok) {
    const m = $("message");
    m.hidden = !text;
    m.textContent = text || "";
    m.className = "message " + (ok ? "ok" : "bad");
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
      status.append(el("span", { class: "red", text: S ? S.error : w("ui.loading") }));
      $("sheet").replaceChildren();
      $("recent").replaceChildren();
      renderActions();
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
      status.textContent = w("ui.no_deal");
    }
    renderActions();
    renderSheet();
    renderRecent();
    if (open && !document.getElementById("panel").hidden) refreshPanel();
  }

  function visible() {
    if (!S || S.error) return S && !S.exists ? ["new"] : [];
    const st = current();
    if (S.sheet.finished) return ["penalty", "undo"];
    if (!st) return ["deal", "penalty", "undo"];
    return ACTIONS.filter((a) => a !== "deal" && !(a === "trump" && st.trump)
      && !(a === "trick" && st.quick) && !(a === "score" && !st.quick));
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
    if (open && !fix && !shown.includes(open)) close();
  }

  function renderSheet() {
    const sh = S.sheet, [a, b] = sh.players;
    const box = $("sheet");
    box.replaceChildren(el("h3", { text: w("ui.sheet") }));
    if (!sh.deals.length) return;
    const head = el("tr", {}, el("th", { class: "l", text: w("ui.col.deal") }),
      el("th", { class: "l", text: w("ui.col.trump") }),
      el("th", { text: a }), el("th", { text: b }));
    const body = el("tbody");
    for (const d of sh.deals.slice().reverse()) {
      const suit = SUIT_OF[d.trump] || "";
      body.append(el("tr", {},
        el("td", { class: "l", text: String(d.number) }),
        el("td", { class: "l" + (suit === "♦" || suit === "♥" ? " red" : ""), text: suit }),
        el("td", {}, String(d.points[a]), el("span", { class: "sum", text: String(d.totals[a]) })),
        el("td", {}, String(d.points[b]), el("span", { class: "sum", text: String(d.totals[b]) }))));
    }
    box.append(el("table", {}, el("thead", {}, head), body));
  }

  function eventText(e, names) {
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
    // "терц от Дамы ♥": the sheet's (Russian) names of each declaration event, on the
    // Russian page; the English page shows the combos as written (terts:Q♥).
    const names = {};
    if (lang !== "ru") return names;
    for (const d of S.sheet.deals) {
      for (const x of d.declared || []) (names[x.event] = names[x.event] || []).push(x.name);
    }
    return names;
  }

  const LATEST = 8;

  function renderRecent() {
    const named = declaredNames();
    const box = $("recent");
    const events = S.log.events;
    box.replaceChildren(el("h3", { text: w(allEvents ? "ui.events" : "ui.recent") }));
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
      for (const n of e.notices || []) {
        item.append(el("span", { class: "note", text: typeof n === "string" ? n : JSON.stringify(n) }));
      }
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
    fix = { mode, n: event.number, event };
    fixing = null;
    if (mode === "replace" && RECORDING.includes(event.type)) open = event.type;
    else if (mode === "replace" || mode === "before") open = "insert";
    else open = "drop";
    buildPanel();
    renderActions();
    renderRecent();
    $("panel").scrollIntoView({ block: "start" });
  }

  // --- pickers -----------------------------------------------------------------------------

  function choice(name, options, initial, onchange, wide) {
    let value = initial;
    const kind = name.endsWith("suit") ? " suits wide" : wide ? " wide" : "";
    const box = el("div", { class: "choices" + kind, "data-field": name, role: "group" });
    const buttons = options.map((o) => el("button", {
      type: "button", "data-value": o.value, class: o.red ? "red" : null,
      "aria-pressed": o.value === value ? "true" : "false", text: o.label,
      onclick: () => { pick(o.value); if (onchange) onchange(value); },
    }));
    function pick(v) {
      value = v;
      for (const b of buttons) b.setAttribute("aria-pressed", b.dataset.value === v ? "true" : "false");
    }
    box.append(...buttons);
    return { node: box, get value() { return value; }, set: pick };
  }

  const field = (label, node) => el("div", { class: "field" }, el("span", { class: "label", text: label }), node);
  const playerChoice = (name, initial) =>
    choice(name, players().map((p) => ({ value: p, label: p })), initial || null, null, true);
  const suitChoice = (name, initial) =>
    choice(name, SUITS.map((s) => ({ value: s.value, label: s.value, red: s.red })), initial || null);
  const rankChoice = (name, withNone) => choice(name,
    [...(withNone ? [{ value: "", label: w("ui.none") }] : []),
      ...RANKS.map((r) => ({ value: r, label: rankLabel(r) }))], withNone ? "" : null, null, true);
  const numberInput = (name) => el("input", { type: "number", inputmode: "numeric",
    "data-field": name, placeholder: w("ui.optional") });
  const readNumber = (input) => (input.value.trim() === "" ? null : Number(input.value));

  function cardPicker(prefix) {
    const rank = rankChoice(prefix + "rank", false);
    const suit = suitChoice(prefix + "suit");
    return {
      nodes: [rank.node, suit.node],
      get value() { return rank.value && suit.value ? rank.value + suit.value : null; },
      reset() { rank.set(null); suit.set(null); },
    };
  }

  function comboPicker(recorded) {
    const trump = current() ? SUIT_OF[current().trump] : null;
    const cls = choice("class", [...SEQ, ...FOURS, "marriage"].map((c) => ({ value: c, label: w("ui.cls." + c) })),
      "terts", (v) => { top.hidden = !SEQ.includes(v); });
    const rank = rankChoice("rank", false);
    const suit = suitChoice("suit", trump);
    const top = el("div", {}, field(w("ui.top"), rank.node), suit.node);
    const typed = el("input", { type: "text", "data-field": "typed", autocomplete: "off",
      autocapitalize: "off", spellcheck: "false", placeholder: w("ui.typed_example") });
    if (recorded) typed.value = recorded; // a replacement starts from what was recorded
    return {
      nodes: [field(w("ui.class"), cls.node), top, field(w("ui.or_cards"), typed)],
      combos() {
        const text = typed.value.trim();
        if (text) return text.split(/\s+/);
        // In the table's words of the page's language, so that a refusal quotes them back.
        const word = lang === "ru" ? { terts: "терц", marriage: "марьяж" }[cls.value] : null;
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
      const text = (name, label) => el("input", { type: "text", "data-field": name,
        autocomplete: "off", maxlength: "40", "aria-label": label, placeholder: label });
      const a = text("name-a", w("ui.name_a")), b = text("name-b", w("ui.name_b"));
      const mode = choice("mode", [
        { value: "", label: w("ui.mode.tricks") },
        { value: "quick", label: w("ui.mode.quick") }], "", null, true);
      const rules = choice("rules", rulesets.map((r) => ({ value: r, label: r })),
        rulesets.includes("classic") ? "classic" : rulesets[0]);
      return {
        nodes: [field(w("ui.names"), el("div", { class: "names" }, a, b)),
          field(w("ui.mode"), mode.node), field(w("ui.rules"), rules.node)],
        body() {
          const b2 = { players: [a.value.trim(), b.value.trim()], rules: rules.value };
          if (mode.value) b2.quick = true;
          return b2;
        },
      };
    },
    deal() {
      const suit = suitChoice("trump-suit", SUIT_OF[old("trump")]);
      const rank = rankChoice("face-up", true);
      const card = old("trump_card");
      if (card) rank.set(card.slice(0, -1));
      const mode = choice("mode", [
        { value: "", label: w("ui.mode.default") },
        { value: "quick", label: w("ui.mode.quick") },
        { value: "tricks", label: w("ui.mode.tricks") }],
      old("quick") === undefined ? "" : old("quick") ? "quick" : "tricks", null, true);
      return {
        nodes: [field(w("ui.trump_suit"), suit.node), field(w("ui.face_up"), rank.node),
          field(w("ui.mode"), mode.node)],
        body() {
          const b = {};
          if (suit.value) b.trump = rank.value ? rank.value + suit.value : suit.value;
          if (mode.value) b.quick = mode.value === "quick";
          return b;
        },
      };
    },
    declare() {
      const st = current();
      const who = playerChoice("player", old("player") || (st && st.leader));
      const combo = comboPicker((old("combos") || []).join(" "));
      return { nodes: [field(w("ui.player"), who.node), ...combo.nodes],
        body: () => ({ player: who.value, combos: combo.combos() }) };
    },
    challenge() {
      const st = current();
      const other = st && st.leader ? players().find((p) => p !== st.leader) : null;
      const who = playerChoice("player", old("player") || other);
      const combo = comboPicker(old("combo"));
      return { nodes: [field(w("ui.player"), who.node), ...combo.nodes],
        body: () => ({ player: who.value, combo: combo.combos().join(" ") }) };
    },
    trick() {
      const lead = cardPicker("lead-"), follow = cardPicker("follow-");
      return {
        keep: true,
        nodes: [field(w("ui.lead_card"), el("div", {}, ...lead.nodes)),
          field(w("ui.follow_card"), el("div", {}, ...follow.nodes))],
        body: () => ({ cards: [lead.value, follow.value].filter(Boolean) }),
        done() { lead.reset(); follow.reset(); },
      };
    },
    score() {
      let digits = old("points") !== undefined ? String(old("points")) : "";
      const display = el("div", { class: "display", "data-field": "points", text: digits || "0" });
      let fresh = digits !== "";
      const key = (k) => el("button", { type: "button", "data-key": k, text: k === "back" ? w("ui.clear") : k,
        onclick: () => {
          if (fresh) { fresh = false; if (k !== "back") digits = ""; } // a digit retypes the old count
          if (k === "back") digits = digits.slice(0, -1);
          else if (digits.length < 3) digits = (digits === "0" ? "" : digits) + k;
          display.textContent = digits || "0";
        } });
      const pad = el("div", { class: "pad" }, ...["1", "2", "3", "4", "5", "6", "7", "8", "9", "", "0", "back"]
        .map((k) => (k ? key(k) : el("span"))));
      const by = playerChoice("by", old("by")), last = playerChoice("last-trick", old("last_trick"));
      return {
        nodes: [field(w("ui.points"), el("div", {}, display, pad)), field(w("ui.counted_by"), by.node),
          field(w("ui.last_trick"), last.node)],
        body: () => ({ points: Number(digits || "0"), by: by.value, last_trick: last.value }),
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
      return { nodes: [field(w("ui.asker"), who.node)], body: () => ({ player: who.value }) };
    },
    trump() {
      const suit = suitChoice("trump-suit", SUIT_OF[old("trump")]);
      return { nodes: [field(w("ui.trump_suit"), suit.node)], body: () => ({ trump: suit.value }) };
    },
    insert() {
      // "Insert before N": which event goes there; the chosen panel keeps the correction.
      const what = el("div", { class: "choices grid", "data-field": "insert", role: "group" },
        ...RECORDING.map((a) => el("button", { type: "button", "data-value": a, text: w("ui.act." + a),
          onclick: () => { open = a; buildPanel(); } })));
      return { title: w("ui.act.insert"), nodes: [field(w("ui.insert_what"), what)], noGo: true };
    },
    drop() {
      return {
        title: w("ui.drop_n", { n: fix.n }),
        nodes: [el("p", { class: "warn", text: w("ui.drop_note") })],
        go: w("ui.drop_go"), danger: true,
        body: () => ({ number: fix.n }),
      };
    },
    exchange() {
      const who = playerChoice("player", old("player") || (current() && current().leader));
      return { nodes: [field(w("ui.player"), who.node)], body: () => ({ player: who.value }) };
    },
    penalty() {
      const who = playerChoice("player", old("player"));
      const kind = el("select", { "data-field": "kind" },
        ...PENALTIES.map((k) => el("option", { value: k, text: w("pen." + k) })));
      const points = numberInput("amount"), event = numberInput("event");
      if (old("kind")) kind.value = old("kind");
      if (typeof old("points") === "number") points.value = String(old("points"));
      if (typeof old("event") === "number") event.value = String(old("event"));
      return {
        nodes: [field(w("ui.player"), who.node), field(w("ui.kind"), kind),
          field(w("ui.amount"), points), field(w("ui.event"), event)],
        body: () => ({ player: who.value, kind: kind.value, points: readNumber(points), event: readNumber(event) }),
      };
    },
    claim() {
      const who = playerChoice("player", old("player"));
      const tricks = numberInput("tricks"), points = numberInput("card-points");
      const nodes = [field(w("ui.player"), who.node)];
      if (current() && current().quick) {
        nodes.push(field(w("ui.tricks"), tricks), field(w("ui.card_points"), points));
      }
      return { nodes, body: () => ({ player: who.value, tricks: readNumber(tricks), card_points: readNumber(points) }) };
    },
    undo() {
      const n = S.log.events.length;
      const last = n ? S.log.events[n - 1] : null;
      return {
        title: last ? w("ui.undo_last", { n }) : w("ui.nothing_to_undo"),
        nodes: last ? [el("p", { text: eventText(last, declaredNames()[n]) })] : [],
        body: () => ({}),
      };
    },
  };

  let panel = null;
  // A field of the event being replaced (to start its panel from what was recorded).
  const old = (name) => (fix && fix.mode === "replace" && fix.event.type === open
    ? fix.event[name] : undefined);

  function toggle(action) {
    if (open === action && !fix) { close(); return; }
    fix = null;
    open = action;
    buildPanel();
    renderActions();
  }

  function close() {
    open = null;
    fix = null;
    panel = null;
    $("panel").hidden = true;
    $("panel").replaceChildren();
    renderActions();
  }

  function buildPanel() {
    const box = $("panel");
    panel = PANELS[open]();
    const go = el("button", { type: "button", class: "go" + (panel.danger ? " danger" : ""),
      "data-submit": open, text: panel.go || w("ui.record"),
      onclick: async () => {
        const action = open, current = panel;
        const raw = current.body();
        const body = {};
        for (const [k, v] of Object.entries(raw)) if (v !== null && v !== undefined) body[k] = v;
        if (fix && (fix.mode === "replace" || fix.mode === "before")) body[fix.mode] = fix.n;
        go.disabled = true;
        document.body.dataset.busy = "1"; // until the answer and the new state are shown
        try {
          const ok = await post(action, body);
          if (ok && open === action) {
            if (current.keep && !fix) current.done();
            else close();
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
    box.replaceChildren(...[el("h2", { text: panel.title || w("ui.act." + open) }), banner, shown,
      ...panel.nodes, row].filter(Boolean));
    box.hidden = false;
  }

  function refreshPanel() {
    // The undo panel names the event it would remove: keep it true to the latest state.
    if (open === "undo") buildPanel();
  }

  // --- start -------------------------------------------------------------------------------

  async function start() {
    try {
      const ui = await getJSON("api/ui");
      Object.assign(W, ui.words);
      lang = ui.lang;
      rulesets = ui.rulesets || rulesets;
      document.title = w("ui.title");
    } catch (e) { /* the state call below reports the connection */ }
    $("status").textContent = w("ui.loading");
    await refresh();
    listen();
  }
  start();
})();

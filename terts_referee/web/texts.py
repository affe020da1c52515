"""Every word of ``terts serve`` and its page, in Russian and English.

``web.*``: the server's own lines (terminal, request errors); ``ui.*``: the page's words, sent to
the page with the table's shared words (phases, penalties) by ``GET api/ui``.
"""

from __future__ import annotations

from ..i18n import N_np, N_p, register

TEXTS = register(
    # --- the terminal ---------------------------------------------------------------------
    N_p("web.listening", "terts serve: {path} at {url}"),
    N_p("web.stop", "Ctrl-C stops the server."),
    N_p("web.stopped", "terts serve: stopped"),
    N_p("web.lan_note", "Phones on the same network: open the address above or scan the code."),
    N_p("web.no_qr", "(no QR code: the segno package is not installed)"),
    N_p("web.cannot_bind", "cannot listen on {host}:{port}: {reason}; choose another --port"),
    N_p(
        "web.cannot_bind_host",
        "cannot listen on {host}:{port}: {reason}; choose an address of this machine with "
        "--host (127.0.0.1, or its network address)",
    ),
    N_p(
        "web.bad_host",
        "--host {host!r} is not an address: {reason}; expected an IP address such as "
        "127.0.0.1 or 192.168.1.20, or a name of this machine",
    ),
    # --- request errors (HTTP 4xx bodies) -------------------------------------------------
    N_p(
        "web.err.forbidden",
        "forbidden: open the address with its access token, as the server printed it (or "
        "scan its QR code)",
    ),
    N_p("web.err.not_found", "no such page: {path}"),
    N_p("web.err.method", "{method} is not allowed here: expected {allowed}"),
    N_np(
        "web.err.too_large",
        "request body too large: {size} byte, at most {limit}",
        "request body too large: {size} bytes, at most {limit}",
        "size",
    ),
    N_p("web.err.length", "missing or bad Content-Length: expected the body's size in bytes"),
    N_p("web.err.content_type", "expected Content-Type: application/json"),
    N_p("web.err.json", "the body is not valid JSON: {detail}"),
    N_p("web.err.rules", "unknown ruleset '{name}': the page offers the bundled ones: {names}"),
    N_p("web.err.utf8", "not UTF-8 text"),
    N_p("web.err.object", "expected a JSON object such as {example}"),
    N_p("web.err.unknown_field", "unknown field '{field}' for {action}: expected {fields}"),
    N_p("web.err.missing_field", "{action} needs the field '{field}'"),
    N_p("web.err.field_type", "field '{field}' of {action} must be {expected}"),
    N_p("web.type.text", "a text"),
    N_p("web.type.number", "a whole number"),
    N_p("web.type.flag", "true or false"),
    N_p("web.type.event", "an event number from 1 to {n} (see the log)"),
    N_p(
        "web.err.both",
        "{action} takes 'replace' or 'before', not both: a correction either takes an "
        "event's place or goes before it",
    ),
    N_p("web.type.texts", "a list of 1 to {n} texts"),
    N_p("web.err.host", "unexpected Host or Origin: open the address the server printed"),
    N_p("web.err.field_value", "field '{field}' of {action}: {reason}"),
    N_np(
        "web.err.deep",
        "the body nests deeper than {limit} level: the page sends an object of fields, each "
        "a text, a number, true or false, or a list of texts",
        "the body nests deeper than {limit} levels: the page sends an object of fields, each "
        "a text, a number, true or false, or a list of texts",
        "limit",
    ),
    N_np(
        "web.err.bad_request",
        "not a request this server can read: expected an HTTP/1.1 request line such as GET / "
        "HTTP/1.1, headers of at most {limit} byte, and a Content-Length in digits",
        "not a request this server can read: expected an HTTP/1.1 request line such as GET / "
        "HTTP/1.1, headers of at most {limit} bytes, and a Content-Length in digits",
        "limit",
    ),
    N_np(
        "web.err.headers_large",
        "request headers too large: {size} byte, at most {limit}",
        "request headers too large: {size} bytes, at most {limit}",
        "size",
    ),
    N_p(
        "web.err.http_version",
        "HTTP/{version} is not spoken here: expected HTTP/1.1 (or 1.0)",
    ),
    N_p("web.err.timeout", "the request took longer than {seconds} s to arrive: send it again"),
    N_p(
        "web.err.busy",
        "too many connections (at most {limit} at once): try again in a moment",
    ),
    N_p("web.err.failed", "the server failed to answer this request ({kind})"),
    # --- the page -------------------------------------------------------------------------
    N_p("ui.title", "Terts referee"),
    N_p("ui.loading", "Loading…"),
    N_p("ui.offline", "No connection to the server: retrying…"),
    N_p("ui.deal_n", "Deal {n}"),
    N_p("ui.no_deal", "No deal in progress: start one with Deal"),
    N_p("ui.trump", "trump"),
    N_p("ui.trick_n", "trick {n}"),
    N_p("ui.stock", "stock {n}"),
    N_p("ui.leads", "{p} leads"),
    N_p("ui.quick", "quick"),
    N_p("ui.of", "of {n}"),
    N_p("ui.winner", "{p} wins the game"),
    N_p("ui.sheet", "Sheet"),
    N_p("ui.col.deal", "#"),
    N_p("ui.col.trump", "trump"),
    N_p("ui.recent", "Latest events"),
    N_p("ui.record", "Record"),
    N_p("ui.cancel", "Close"),
    N_p("ui.player", "Player"),
    N_p("ui.optional", "optional"),
    N_p("ui.none", "—"),
    N_p("ui.act.new", "New game"),
    N_p("ui.no_game", "No game file yet: start one with New game"),
    N_p("ui.names", "Players (the first named leads)"),
    N_p("ui.name_a", "First player"),
    N_p("ui.name_b", "Second player (deals first)"),
    N_p("ui.rules", "Rules"),
    N_p("ui.act.deal", "Deal"),
    N_p("ui.act.declare", "Declare"),
    N_p("ui.act.challenge", "Challenge"),
    N_p("ui.act.trick", "Trick"),
    N_p("ui.act.exchange", "Exchange 7"),
    N_p("ui.act.score", "Score"),
    N_p("ui.act.penalty", "Penalty"),
    N_p("ui.act.claim", "Claim"),
    N_p("ui.act.undo", "Undo"),
    N_p("ui.act.ask", "“From what?”"),
    N_p("ui.act.trump", "Trump"),
    N_p("ui.asker", "Who asked (and did not beat it)"),
    N_p("ui.events", "Events"),
    N_p("ui.all_events", "All {n} events"),
    N_p("ui.fewer", "Latest only"),
    N_p("ui.corrected", "put in by a correction"),
    N_p("ui.set_aside", "set aside: no longer holds, not counted"),
    N_p("ui.fix", "Fix"),
    N_p("ui.fix_n", "Fix event {n}"),
    N_p("ui.fix.replace", "Replace"),
    N_p("ui.fix.before", "Insert before"),
    N_p("ui.fix.drop", "Drop"),
    N_p("ui.replacing", "Replaces event {n}: {e}"),
    N_p("ui.inserting", "Goes before event {n}: {e}"),
    N_p("ui.act.insert", "Insert an event"),
    N_p("ui.insert_what", "What to insert"),
    N_p("ui.drop_n", "Drop event {n}?"),
    N_p(
        "ui.drop_note",
        "Every later event is judged again; the file keeps the drop in its trail.",
    ),
    N_p("ui.drop_go", "Drop it"),
    N_p("ui.trump_suit", "Trump suit"),
    N_p("ui.face_up", "Face-up card"),
    N_p("ui.mode", "Mode"),
    N_p("ui.mode.default", "as the game"),
    N_p("ui.mode.quick", "quick"),
    N_p("ui.mode.tricks", "trick by trick"),
    N_p("ui.class", "Declaration"),
    N_p("ui.top", "Top card"),
    N_p("ui.or_cards", "Or type it"),
    N_p("ui.typed_example", "terts:Q♥ or Q♥,J♥,10♥"),
    N_p("ui.cls.terts", "terts"),
    N_p("ui.cls.50", "fifty"),
    N_p("ui.cls.100", "hundred"),
    N_p("ui.cls.106", "106"),
    N_p("ui.cls.107", "107"),
    N_p("ui.cls.108", "108"),
    N_p("ui.cls.4J", "four jacks"),
    N_p("ui.cls.4Q", "four queens"),
    N_p("ui.cls.4K", "four kings"),
    N_p("ui.cls.4A", "four aces"),
    N_p("ui.cls.marriage", "marriage"),
    # TRANSLATORS: the rank letters of the page's card picker (Russian Т К Д В)
    N_p("ui.rank.A", "A"),
    N_p("ui.rank.K", "K"),
    N_p("ui.rank.Q", "Q"),
    N_p("ui.rank.J", "J"),
    # TRANSLATORS: the class word the page puts before a picked card (терц:Дч), as the
    # commands accept it on input
    N_p("ui.combo_word.terts", "terts"),
    N_p("ui.combo_word.marriage", "marriage"),
    N_p("ui.lead_card", "Led card"),
    N_p("ui.follow_card", "Answer"),
    N_p("ui.points", "Card points"),
    N_p("ui.counted_by", "Counted by"),
    N_p("ui.last_trick", "Last trick"),
    N_p("ui.kind", "Penalty"),
    N_p("ui.amount", "Amount"),
    N_p("ui.event", "Event number"),
    N_p("ui.tricks", "Tricks taken"),
    N_p("ui.card_points", "Card points taken"),
    N_p("ui.undo_last", "Undo event {n}"),
    N_p("ui.nothing_to_undo", "Nothing to undo"),
    N_p("ui.clear", "⌫"),
    N_p("ui.ev.deal", "deal"),
    N_p("ui.ev.declare", "declares"),
    N_p("ui.ev.challenge", "challenges"),
    N_p("ui.ev.trick", "trick"),
    N_p("ui.ev.exchange", "exchanges the 7"),
    N_p("ui.ev.score", "score"),
    N_p("ui.ev.penalty", "penalty"),
    N_p("ui.ev.claim", "claims"),
    N_p("ui.ev.ask", "asks “From what?”"),
    N_p("ui.ev.trump", "trump"),
)


def page_words(lang: str) -> dict[str, str]:
    """The page's words in ``lang``: every ``ui.*`` text and the table's phase/penalty words."""
    from ..i18n import t, vocabulary

    keys = [k for k in TEXTS if k.startswith("ui.")]
    keys += [k for k in vocabulary.TERMS if k.startswith(("phase.", "pen."))]
    return {key: t(key, lang) for key in keys}

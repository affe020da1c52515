"""The domain's words: errors, rule notices, verdict reasons and penalty notes, in both languages.

The domain, the referee and the game layer return verdicts (``domain.verdicts``): a code, which
is a key here, and its parameters. A face words one when it shows it (``i18n.sentences.say``), in
the language it was asked for; no sentence here names a command to type, for the remedy is
data the face adds in its own terms (``output.remedies``: the terminal's command). Nothing here is
ever written to the game file. Source tags like [000] and ruleset keys like
``declarations.when = "lead"`` stay verbatim in both languages. The list of codes, with their
rule sections and parameters, is ``docs/verdicts.md``.

Key prefixes: ``err.`` (bad input, a rule refusing an event), ``rule.`` (ruleset files),
``store.`` (the game file), ``notice.`` (rule notices), ``note.`` (the notes of declarations
and penalties), ``verdict.`` (which declaration wins and why), ``win.`` (why a game was won),
``name.`` (words put into other messages), ``msg.`` (other command output).
"""

from __future__ import annotations

from . import N_np, N_p, register, t

__all__ = ["MESSAGES", "WORDS", "t", "clipped"]

MESSAGES = register(
    # --- what is accepted (cards.py, declarations.py) ------------------------------------
    N_p(
        "err.accept.suit",
        "a suit: s c d h, ♠ ♣ ♦ ♥, spades clubs diamonds hearts, п т/к/х б ч, пики трефы бубны "
        "черви, піки (вино) трефи (хрести, жир) бубни (дзвінка) чирви",
    ),
    # Latin T (a ten) and Cyrillic Т (an ace) look alike: each is named by its alphabet
    N_p(
        "err.accept.rank",
        "a rank: A K Q J 10 9 8 7 (a ten also as Latin T), or the Cyrillic Т К Д В",
    ),
    N_p(
        "err.accept.combo",
        "a declaration like terts:Q♥, 50:K♠, 105:J♦ (also 100/106/107/108), терц:Дч, "
        "4J/4A/4K/4Q (200 = four jacks), marriage, or the cards themselves: Q♥,J♥,10♥",
    ),
    # --- cards.py -----------------------------------------------------------------------
    N_p("err.suit.unknown", "unknown suit {text!r}: expected {accepted}"),
    N_p("err.rank.unknown", "unknown rank {text!r}: expected {accepted}"),
    N_p("err.card.empty", "empty card: expected a rank then a suit, like Q♥, Qh, Дч or 10h"),
    N_p(
        "err.card.no_suit",
        "card {text!r} has no suit: expected a rank then a suit, like Q♥, Qh, Дч or 10h",
    ),
    N_p("err.card.rank", "card {text!r}: unknown rank {part!r}: expected {accepted}{hint}"),
    N_p("err.card.suit", "card {text!r}: unknown suit {part!r}: expected {accepted}{hint}"),
    N_p("err.card.twice", "card {card} is listed twice: each card is in the deck once"),
    N_p(
        "err.card_or_suit",
        "{text!r} is neither a card nor a suit: expected a card like 7♥ or Qh, or {accepted}",
    ),
    # --- declarations.py: notation ------------------------------------------------------
    N_np(
        "err.run.length",
        "a run of {length} card is no declaration: runs have 3 to 8 cards",
        "a run of {length} cards is no declaration: runs have 3 to 8 cards",
        "length",
    ),
    N_np(
        "err.run.top",
        "no {name} can top at {top}: {length} card in sequence run down from the top card, "
        "so the top is one of {tops}",
        "no {name} can top at {top}: {length} cards in sequence run down from the top card, "
        "so the top is one of {tops}",
        "length",
    ),
    N_p(
        "err.four.rank",
        "four {rank}s score nothing: fours are 4J (200), 4A, 4K or 4Q (100 each)",
    ),
    N_p("err.combo.empty", "empty declaration: expected {accepted}"),
    N_p("err.combo.class", "{text!r}: unknown class {head!r}: expected {accepted}"),
    N_p("err.combo.one_top", "{text!r}: name one top card after the colon, like terts:Q♥"),
    N_p("err.combo.four", "{text!r}: expected 4J, 4A, 4K or 4Q (4В 4Т 4К 4Д)"),
    N_p("err.combo.top", "{text!r}: name the top card too, like {notation}:Q♥"),
    N_p("err.combo.suit", "{text!r}: name the suit too, like {notation}:Q♥"),
    N_p("err.combo.not", "{text!r} is not a declaration ({reason}): expected {accepted}"),
    N_p(
        "err.marriage.trump",
        "a marriage is the King and Queen of trumps ({suit}) under declarations.marriage = "
        '"trump" [001][003][004]',
    ),
    N_p(
        "err.cards.few",
        "{cards} forms no declaration: a run needs 3 to 8 cards of one suit, a four 4 cards "
        "of one rank, a marriage K and Q of one suit",
    ),
    N_p(
        "err.cards.suits",
        "{cards} forms no declaration: a run is of one suit, a four of one rank",
    ),
    N_p(
        "err.cards.gap",
        "{cards} is not in sequence (missing {gap}): runs follow A K Q J 10 9 8 7",
    ),
    # --- declarations.py: which is higher -----------------------------------------------
    N_p(
        "err.tie_needs_trump",
        "{first} and {second} tie on length and top: the trump suit decides; record the trump",
    ),
    N_p(
        "verdict.marriage",
        "a marriage is outside the order: it beats nothing and nothing beats it",
    ),
    N_p("verdict.jacks", "four jacks beat everything, a trump 108 included"),
    N_p("verdict.trump", "same length and top card: the trump one wins"),
    N_p(
        "verdict.first",
        "same length and top card, neither trump: the one declared first keeps it",
    ),
    N_p("verdict.fours", "{high} beats {low}: fours rank A > K > Q"),
    N_p(
        "verdict.four_over_run",
        "{high} beats the run {low}: fours rank above runs of this length",
    ),
    N_p(
        "verdict.run_over_four",
        "the run {high} beats {low}: every hundreds-run beats the fours",
    ),
    N_p("verdict.longer", "{high} beats {low}: the longer run wins"),
    N_p("verdict.higher_top", "{high} beats {low}: same length, the higher top card wins"),
    # the same reasons without the two declarations, where the sentence has named them already
    # («терц … не перебивает пятьдесят …: старше более длинная последовательность»)
    N_p("verdict.why.fours", "fours rank A > K > Q"),
    N_p("verdict.why.four_over_run", "fours rank above runs of this length"),
    N_p("verdict.why.run_over_four", "every hundreds-run beats the fours"),
    N_p("verdict.why.longer", "the longer run wins"),
    N_p("verdict.why.higher_top", "same length, the higher top card wins"),
    N_p(
        "verdict.same_class",
        "{challenger} is a {c_class}, {declared} a {d_class}: after «От чего?» only a "
        "declaration of equal value may beat it (a terts by a terts, a fifty by a fifty, a "
        "hundred by a hundred)",
    ),
    N_p("name.run.3", "terts"),
    N_p("name.run.4", "fifty"),
    N_p("name.run.5", "hundred (105)"),
    N_p("name.run.6", "hundred (106)"),
    N_p("name.run.7", "hundred (107)"),
    N_p("name.run.8", "hundred (108)"),
    N_p("name.class.terts", "terts"),
    N_p("name.class.fifty", "fifty"),
    N_p("name.class.hundred", "hundred"),
    N_p("name.class.jacks", "jacks"),
    N_p("name.class.marriage", "marriage"),
    N_p("name.suit.spades", "spades"),
    N_p("name.suit.clubs", "clubs"),
    N_p("name.suit.diamonds", "diamonds"),
    N_p("name.suit.hearts", "hearts"),
    # --- rules.py -----------------------------------------------------------------------
    N_p(
        "rule.missing_bundled",
        "the bundled rulesets are missing from this installation: reinstall terts",
    ),
    N_p("rule.type.bool", "true or false"),
    N_p("rule.type.int_or", "a whole number or {choices}"),
    N_p("rule.type.int", "a whole number"),
    N_p("rule.type.one_of", "one of {choices}"),
    N_p("rule.type.string", "a string"),
    N_p("rule.type.ruleset", "a ruleset name"),
    N_p("rule.or", "{first} or {rest}"),
    N_p("rule.suggest", " (did you mean {word}?)"),
    N_p(
        "rule.not_allowed",
        "{origin}: {setting} = {value} is not allowed: expected {expected}",
    ),
    N_np(
        "rule.too_long",
        "{origin}: {setting} is {chars} character long: expected at most {most}",
        "{origin}: {setting} is {chars} characters long: expected at most {most}",
        "chars",
    ),
    N_p(
        "rule.too_small",
        "{origin}: {setting} = {value} is too small: expected at least {minimum}",
    ),
    N_p("rule.too_big", "{origin}: {setting} = {value} is too big: expected at most {maximum}"),
    N_p(
        "rule.unknown_top",
        "{origin}: unknown key {setting!r}{suggest}: expected {keys} or a table {tables}",
    ),
    N_p("rule.not_table", "{origin}: {setting} must be a table [{setting}], not {value!r}"),
    N_p("rule.unknown_key", "{origin}: unknown key {setting}{suggest}: expected one of {keys}"),
    N_p("rule.not_found", "ruleset file {path} not found"),
    N_p("rule.unreadable", "ruleset file {path} cannot be read: {reason}"),
    N_p(
        "rule.special",
        "ruleset file {path} is {kind}, not a regular file: expected a .toml file",
    ),
    N_p(
        "rule.file_too_big",
        "ruleset file {path} is larger than {limit}: expected a ruleset of a few lines",
    ),
    N_p("rule.bad_toml", "{path}: not valid TOML: {reason}"),
    N_p(
        "rule.unknown_ruleset",
        "unknown ruleset {name!r}{suggest}: expected one of {names}, or a path to a .toml file",
    ),
    N_np(
        "rule.chain_too_long",
        "{path}: its extends chain is longer than {maximum} rulesets: expected a ruleset "
        "extending a few others at most",
        "{path}: its extends chain is longer than {maximum} rulesets: expected a ruleset "
        "extending a few others at most",
        "maximum",
    ),
    N_p("rule.loop", "{path}: extends loops back on itself ({loop})"),
    N_p(
        "err.number",
        "{text!r} is not a number: expected ASCII digits 0-9 (at most {most}), such as 54",
    ),
    N_np(
        "err.deal.declarations",
        "deal {deal} already holds {most} declarations (event {number} would be one more), "
        "more than any real deal: this program records at most {most} in one deal",
        "deal {deal} already holds {most} declarations (event {number} would be one more), "
        "more than any real deal: this program records at most {most} in one deal",
        "most",
    ),
    N_p("err.number_max", "{number} is too big: expected at most {maximum}"),
    N_p("err.number_min", "{number} is too small: expected at least {minimum}"),
    # --- events.py, game/model.py -------------------------------------------------------
    N_p("err.penalty_kind", "unknown penalty kind {text!r}: expected one of {kinds}"),
    N_p(
        "store.event_field",
        "{origin}: event {number}: {field} = {value} is not allowed: expected {expected}; "
        "the file is damaged and will not be overwritten",
    ),
    N_p(
        "store.field",
        "{origin}: {field} = {value} is not allowed: expected {expected}; the file is "
        "damaged and will not be overwritten",
    ),
    N_p("store.missing", "(missing)"),
    N_p("store.expect.int", "a whole number from {low} to {high}"),
    N_p("store.expect.player", "{a} or {b}"),
    N_p("store.expect.string", "a string"),
    N_p("store.expect.bool", "true or false"),
    N_p("store.expect.datetime", "a TOML date-time such as 2026-11-30T20:15:00+03:00"),
    N_p(
        "store.expect.game_id",
        "a game id: a UUID such as 0b6f3c1e-5d2a-4c3b-9e8f-7a6b5c4d3e2f",
    ),
    N_p("store.expect.one_of", "one of {choices}"),
    N_p("store.expect.keys", "only the fields of a {kind} event: {keys}"),
    N_p("store.expect.table", "a table [[events]]"),
    N_p("store.expect.card", "a card such as Q♥ or 10s"),
    N_p("store.expect.suit", "a suit: s c d h"),
    N_p("store.expect.note", "a line of 1 to {most} characters"),
    N_p("store.expect.combo", "a declaration such as terts:Q♥"),
    N_p("store.expect.combos", 'a list of 1 to {most} declarations such as ["terts:Q♥"]'),
    N_p(
        "store.expect.two_cards",
        'a list of two cards, the leader\'s first, such as ["Q♥", "7♥"]',
    ),
    N_p("store.expect.players", "a list of two different player names"),
    N_p("store.expect.rules", "the resolved ruleset as a table [rules]"),
    N_p("store.expect.list", "a list"),
    N_p("store.expect.top_keys", "only the game file's keys: {keys}"),
    N_p("err.players.two", "Terts is for two players: name two, not {n}"),
    N_p("err.players.empty", "a player's name may not be empty"),
    N_p(
        "err.players.long",
        "a player's name is at most {most} characters and {most_bytes} bytes (UTF-8): "
        "{name!r} has {chars}, {size}; write it shorter",
    ),
    N_np("err.players.long#chars", "{chars} character", "{chars} characters", "chars"),
    N_np("err.players.long#size", "{size} byte", "{size} bytes", "size"),
    N_p("err.players.same", "the players need different names, not {name!r} twice"),
    N_p("store.game_file", "game file"),
    N_p(
        "store.corrupt_players",
        "{origin} is corrupt (players or rules missing: {reason}); it will not be overwritten",
    ),
    N_p("store.bad_rules", "{reason}; the game file will not be overwritten"),
    N_p(
        "store.events_not_list",
        "{origin} is corrupt: its list of events is missing or damaged; it will not be overwritten",
    ),
    N_p("err.player.ambiguous", "{name!r} is ambiguous: expected {a} or {b}"),
    N_p("err.player.unknown", "{name!r} is not a player of this game: expected {a} or {b}"),
    N_p("err.undo.empty", "nothing to undo: the game has no events yet"),
    # --- corrections.py, Game.correct -------------------------------------------------
    N_p(
        "err.fix.both",
        "--replace and --before cannot be used together: a correction either takes an "
        "event's place or goes before it",
    ),
    N_p("err.fix.empty", "there is no event to correct: the game has no events yet"),
    N_p(
        "err.fix.range.replace",
        "there is no event {number} to replace: expected a number from 1 to {n}",
    ),
    N_p(
        "err.fix.range.insert",
        "there is no event {number} to insert before: expected a number from 1 to {n}",
    ),
    N_p(
        "err.fix.range.drop",
        "there is no event {number} to drop: expected a number from 1 to {n}",
    ),
    N_p(
        "err.fix.opening",
        "event {n} opens a deal whose events {first}-{last} still stand: drop them first, or "
        "replace event {n}",
    ),
    N_p(
        "err.fix.opening.one",
        "event {n} opens a deal whose event {first} still stands: drop it first, or replace "
        "event {n}",
    ),
    N_p("err.fix.names_dropped", "it names event {n}, which would be removed"),
    N_p("err.fix.broken", "{label}, no longer holds: {reason}; the correction is refused"),
    N_p("err.fix.own.replace", "event {n} cannot be replaced by this: {reason}"),
    N_p("err.fix.own.insert", "this cannot go before event {n}: {reason}"),
    N_p("err.fix.label_player", "event {n}, {p}'s {kind}"),
    N_p("err.fix.label", "event {n}, the {kind}"),
    N_p("name.event.deal", "deal"),
    N_p("name.event.declare", "declaration"),
    N_p("name.event.challenge", "challenge"),
    N_p("name.event.score", "count"),
    N_p("name.event.trick", "trick"),
    N_p("name.event.exchange", "exchange"),
    N_p("name.event.penalty", "penalty"),
    N_p("name.event.claim", "claim"),
    N_p("name.event.ask", "question «От чего?»"),
    N_p("name.event.note", "note"),
    N_p("name.event.trump", "trump"),
    N_p(
        "store.correction_malformed",
        "correction {number} in the game file is malformed ({reason}): the file is corrupt; "
        "fix or restore it",
    ),
    N_p(
        "store.correction_range",
        "correction {number} in the game file names event {event}, but there were {n}: the "
        "file is corrupt; fix or restore it",
    ),
    N_p(
        "store.correction_after",
        "correction {number} in the game file is out of order (after = {after}, {n} events "
        "recorded): the file is corrupt; fix or restore it",
    ),
    # --- storage.py ---------------------------------------------------------------------
    N_p("store.not_found", "game file {path} not found: start one"),
    N_p("store.directory", "game file {path} is a directory: name a game file"),
    N_p("store.unreadable", "cannot read game file {path}: {reason}"),
    N_p("store.not_utf8", "not UTF-8 text: bad byte at offset {offset}"),
    N_p("store.not_toml", "not valid TOML: {reason}"),
    N_p("store.not_table", "the document is not a table"),
    N_p("store.no_format", "no format key"),
    N_p("store.bad_format", "format must be a positive integer, not {version}"),
    N_p(
        "store.newer",
        "game file {path} was written by a newer terts (format {version}; this one reads up "
        "to {newest}): upgrade terts-referee to use it",
    ),
    N_p("store.special", "game file {path} is {kind}, not a regular file: name a game file"),
    N_p(
        "store.too_big",
        "game file {path} is larger than {limit}, more than any game: name a game file",
    ),
    N_p(
        "store.write_too_big",
        "game file {path} would grow to {size}, more than the {limit} a game file may hold "
        "(it could not be read back): nothing is written; start a new game",
    ),
    N_p(
        "store.not_replaceable",
        "{path} is {kind}, not a game file: it will not be replaced; name a game file",
    ),
    N_p(
        "store.read_only",
        "game file {path} is read-only and will not be replaced: make it writable (chmod "
        "u+w) to record, or name another",
    ),
    N_p("file.directory", "a directory"),
    N_p("file.fifo", "a FIFO (named pipe)"),
    N_p("file.device", "a device"),
    N_p("file.socket", "a socket"),
    N_p("file.special", "a special file"),
    N_p("file.too_deep", "arrays or tables nested too deeply"),
    N_p("file.too_many_digits", "an integer with too many digits"),
    # --- the TOML parser's reasons (files.py), its place kept -------------------------------
    N_p("toml.at", "{reason} (at line {line}, column {column})"),
    N_p("toml.at_end", "{reason} (at end of document)"),
    N_p("toml.statement", "Invalid statement"),
    N_p("toml.newline", "Expected newline or end of document after a statement"),
    N_p("toml.equals", "Expected '=' after a key in a key/value pair"),
    N_p("toml.table_end", "Expected ']' at the end of a table declaration"),
    N_p("toml.array_table_end", "Expected ']]' at the end of an array declaration"),
    N_p("toml.expected", "Expected {what}"),
    N_p("toml.character", "Invalid character {what}"),
    N_p("toml.twice", "{what} is given twice"),
    N_p("toml.overwrite", "Cannot overwrite a value"),
    N_p("toml.key", "Invalid initial character for a key"),
    N_p("toml.unclosed_array", "Unclosed array"),
    N_p("toml.unclosed_table", "Unclosed inline table"),
    N_p("toml.backslash", "Unescaped '\\' in a string"),
    N_p("toml.escape", "Invalid escape in a string"),
    N_p("toml.unterminated", "Unterminated string"),
    N_p("toml.date", "Invalid date or datetime"),
    N_p("toml.value", "Invalid value"),
    N_p("store.unwritable", "cannot write game file {path}: {reason}"),
    N_p(
        "store.no_directory",
        "cannot lock game file {path}: directory {directory} does not exist",
    ),
    N_p("store.locked", "game file {path} is locked by another command; try again"),
    N_p("store.lock_failed", "cannot lock game file {path} (lock file {lock}): {reason}"),
    N_p(
        "store.exists",
        "game file {path} already exists and was not moved to the library (an unfinished or "
        "damaged game)",
    ),
    N_p(
        "store.corrupt",
        "game file {path} is corrupt ({detail}) and will not be overwritten: repair or move "
        "it, or name another",
    ),
    # --- referee/: players, deals, the end of the game ----------------------------------
    N_p(
        "err.player.not_in_game",
        "unknown player {player!r}: this game's players are {a} and {b}",
    ),
    N_p("err.no_deal", "no deal is open to {what}: start one"),
    N_p("err.no_deal.declare", "declare in"),
    N_p("err.no_deal.challenge", "challenge in"),
    N_p("err.no_deal.score", "score"),
    N_p("err.no_deal.trick", "play a trick in"),
    N_p("err.no_deal.exchange", "exchange in"),
    N_p("err.no_deal.claim", "claim in"),
    N_p("err.no_deal.ask", "ask about a declaration in"),
    N_p("err.no_deal.trump", "record the trump of"),
    N_p("err.penalty.no_deal", "no deal yet: a penalty belongs to a deal; start one"),
    N_p("err.note.no_deal", "no deal yet: a note belongs to a deal; start one"),
    N_p("err.note.deal", "there is no deal {deal}: a note goes on one of deals 1 to {last}"),
    N_p(
        "err.note.text",
        "a note is one line of 1 to {most} characters, without control characters",
    ),
    N_p("err.game_over", "the game is over: {winner} won ({reason})"),
    N_p("notice.win", "{winner} wins the game: {reason}"),
    N_np(
        "win.target",
        "{total} reaches the target {target} after deal {deal}",
        "{total} reaches the target {target} after deal {deal}",
        "total",
    ),
    N_np(
        "notice.win.no_trick",
        "{player} has {total}, the target reached, but took no trick in deal {deal}: the "
        "game goes on, for a game is ended only by a player who took a trick [000][002] "
        "(game.deal_end_requires_trick)",
        "{player} has {total}, the target reached, but took no trick in deal {deal}: the "
        "game goes on, for a game is ended only by a player who took a trick [000][002] "
        "(game.deal_end_requires_trick)",
        "total",
    ),
    N_p(
        "win.both_over",
        "both are over their targets after deal {deal}; the last trick decides [000] "
        '(game.both_over = "last-trick")',
    ),
    N_p("win.claim", "claimed during deal {deal} with {total} of {target} [000][002]"),
    N_p("win.loses", "{player} committed {kind}, which loses the game [000][001][004]"),
    N_p(
        "err.deal_open",
        "deal {deal} is still open: before the next deal, play out its tricks or write its count",
    ),
    N_p(
        "notice.dealer",
        "{dealer} deals, although {rotation} took the last trick of deal {deal} and would "
        "deal by rotation [000][001][003]",
    ),
    # --- referee/: declarations ---------------------------------------------------------
    N_p(
        "err.marriage.no_trump",
        "a marriage is the King and Queen of trumps, and this deal's trump is not recorded: "
        "name the suit, marriage:♥, or record the trump",
    ),
    N_p(
        "err.declare.not_leader",
        "{player} does not lead trick {trick}: only the leader ({leader}) declares under "
        'declarations.when = "lead" [000][002]',
    ),
    N_p(
        "err.declare.none_before_break",
        "nothing but a marriage may be declared before the deck is broken (trick 1) under "
        'declarations.before_break = "none" [002]',
    ),
    N_p(
        "err.declare.no_fours",
        "{four} may not be declared before the deck is broken: no fours before trick 1 under "
        'declarations.before_break = "sequences" [000] rule 1',
    ),
    N_p(
        "err.one_deck",
        "one deck (§4.3, [000] rule 5): {player}'s {decl} shares {cards} with "
        "{other}'s {earlier} (event {event}), and two players never hold the same card: one "
        "of the two is false; show the cards",
    ),
    N_p(
        "err.forfeit",
        'the asker\'s forfeit (§4.2, declarations.challenge = "same-class" [001] '
        "«лишается высшего назначения в этом ходе»): {player} asked at event {asked} about "
        "{owner}'s {about} (event {event}) and may not declare a higher class, {decl}, "
        "{until}",
    ),
    N_p("err.forfeit.until_trick", "before trick {trick}"),
    N_p(
        "notice.trump.marriage",
        "{decl} names the trump: {suit} (only the trump marriage counts, "
        'declarations.marriage = "trump")',
    ),
    N_p("notice.trump", "deal {deal}: trump {suit}"),
    N_p(
        "err.trump.known",
        "deal {deal} already has its trump, {suit} (event {event}): a deal's trump is "
        "recorded once",
    ),
    N_p("err.trump.card", "{card} is not a card of {suit}"),
    N_p(
        "notice.trick_mode",
        "deal {deal} is now followed trick by trick: declarations from here on are timed "
        "(§4.3); those recorded before this trick stay untimed",
    ),
    N_p(
        "err.ask.none",
        "«Рост?» asks about the opponent's declaration made just before it: there is none to "
        "ask about now",
    ),
    N_p("err.ask.own", "{player} cannot ask about a declaration of their own"),
    N_p(
        "err.ask.marriage",
        "a marriage has no height to ask about: it is the King and Queen [000][004]",
    ),
    N_p(
        "err.ask.void",
        "{decl} scores nothing already ({status}): there is nothing to ask about",
    ),
    N_p("notice.ask", "{player} asked about {owner}'s {decl} and did not beat it; {effect}"),
    N_p(
        "notice.ask.forfeit",
        "nothing above a {cls} but four jacks may be declared{until} (declarations.challenge "
        '= "same-class" [001])',
    ),
    N_p("notice.ask.until_trick", " before trick {trick}"),
    N_p(
        "notice.ask.forfeit_quick",
        "nothing above a {cls} but four jacks may be declared in that turn "
        '(declarations.challenge = "same-class" [001]); a quick deal records no turns, so '
        "nothing is refused for it (§4.3)",
    ),
    N_p("notice.ask.free", 'no forfeit under declarations.challenge = "{setting}" [000]'),
    N_p(
        "err.declare.marriage_once",
        "one marriage at a time: a marriage is the King and Queen of trumps",
    ),
    N_p(
        "err.declare.one_per_turn",
        "one declaration per turn (plus a marriage alongside) under declarations.multiple = "
        "false [000][002]; declare the others on later turns",
    ),
    N_p(
        "err.declare.hand",
        "these declarations need {n} different cards, more than the 9 a hand holds ("
        "§2: 9 cards each [000][001]): declare what one hand can show",
    ),
    N_p(
        "err.declare.share",
        "{a} and {b} share a card: runs declared in one turn may not share one [000] (a four "
        "may share a card with a run)",
    ),
    N_p(
        "err.declare.already",
        "{player} already declared {decl} before trick {trick}: one declaration per turn "
        "under declarations.multiple = false [000][002]",
    ),
    N_p(
        "note.lowering.suit",
        "{decl} is not higher than {earlier}, already scored in {suit}: a lowering [000] "
        '(declarations.lowering = "suit")',
    ),
    N_p(
        "note.lowering.subset",
        "{decl} is made of cards of {earlier}, already scored: a lowering [001] "
        '(declarations.lowering = "subset")',
    ),
    N_p(
        "note.lowering.subset_runs",
        "{decl} is made of cards of {runs}, already scored: it brings no new card, a "
        'lowering [001] (declarations.lowering = "subset")',
    ),
    N_p(
        "note.lowering.costs",
        '{why}, which costs its value (declarations.lowering_penalty = "value" [000])',
    ),
    N_np(
        "notice.lowering",
        "{player}: {why}: {points} point",
        "{player}: {why}: {points} points",
        "points",
    ),
    N_p("note.played", "{card} was already played at trick {trick}"),
    N_p("note.face_up", "{card} is the face-up trump card under the stock"),
    N_p(
        "note.in_hand",
        "{card} is in {holder}'s hand (the face-up trump card went to {holder})",
    ),
    N_p("err.declare.twice", "the same declaration is listed twice"),
    N_p(
        "err.declare.burned",
        "{player}'s {decl} burned in this deal (it was beaten): the same combination may not "
        "be declared again [000][001]",
    ),
    N_p("err.declare.marriage_written", "the marriage {decl} is already written in this deal"),
    N_p("note.late", "declared before trick {trick}, after the last 9-card moment"),
    N_p(
        "notice.late",
        "{player} declared after the last 9-card moment (before trick {trick}): it scores "
        "nothing and {player} goes {value} uphill (late-declaration [000], "
        "penalties.late_uphill)",
    ),
    # --- referee/moments.py: «may I declare now?» (terts check when) -------------------
    N_p(
        "verdict.when.yes",
        "{decl} may be declared before trick {trick}{who}: declarations are made with 9 "
        "cards in hand, before playing a card, before tricks 1-8{last}",
    ),
    N_p("verdict.when.by_leader", " by the player about to lead it"),
    N_p("verdict.when.by_either", " by either player, before putting a card on it"),
    N_p(
        "verdict.when.the_last",
        "; this is the last moment, at the start of the final phase («в самом начале разбора "
        "фрица»)",
    ),
    N_p(
        "verdict.when.marriage",
        "a marriage may be declared before any trick (trick {trick} too), by either player, "
        "whatever declarations.when says («Марьяж объявляется перед любым ходом»)",
    ),
    N_p(
        "verdict.when.marriage_written",
        "the trump marriage is already written in this deal: there is one a deal",
    ),
    N_p(
        "verdict.when.late",
        "before trick {trick} is after the last 9-card moment (before trick {last}): only a "
        "marriage may still be declared; this one would score nothing and cost {price} "
        "uphill (late-declaration), and the false-declaration penalty as well if it is false",
    ),
    N_p(
        "verdict.when.not_leader",
        "only the player about to lead declares («на своём ходе до того как сделаете ход "
        "картой»); answering a lead is no turn of one's own",
    ),
    N_p(
        "verdict.when.not_leader_last",
        "only the player about to lead declares, and the last moment, at the start of the "
        "final phase, is the first leader's: [000]'s «пока у вас на руках 9 карт» restates "
        "the 9-card rule and grants the follower no moment of the follower's own ([002]: «when "
        "leading to a trick … the last moment for declaring is first trick of the second "
        "phase»)",
    ),
    N_p(
        "verdict.when.none_before_break",
        "nothing but a marriage may be declared before the deck is broken (trick 1)",
    ),
    N_p(
        "verdict.when.no_fours",
        "{decl} is a four («фигура»), and fours may not be declared before the deck is "
        "broken (trick 1)",
    ),
    N_p(
        "verdict.when.turn_used",
        "one declaration per turn: {earlier} is already declared before trick {trick} (a "
        "marriage may go alongside)",
    ),
    N_p(
        "verdict.when.share",
        "{decl} and {other} share a card: runs declared in one turn may not",
    ),
    N_p(
        "verdict.when.highest_first",
        "{decl} is higher than {other}, declared before it in this turn: several in one turn "
        "go highest first",
    ),
    N_p(
        "verdict.when.forfeit",
        "having asked «От чего?» about {asked}, the asker may not declare {decl}, a higher "
        "class, in this turn («лишается высшего назначения в этом ходе»; four jacks excepted)",
    ),
    N_p(
        "verdict.when.one_deck",
        "{decl} shares {cards} with the opponent's {other}: two players never hold the same "
        "card, so one of the two would be false",
    ),
    N_p(
        "verdict.when.repeat",
        "{decl} is already written in this deal: recorded again it is a repeat, refused, not "
        "a lowering",
    ),
    N_p(
        "verdict.when.lowering_priced",
        "{why}: recorded, it scores nothing and costs {value} in the deal",
    ),
    N_p(
        "verdict.when.lowering_refused",
        "{why}; such a declaration may not be made at all («потом уже нельзя объявлять»)",
    ),
    N_p(
        "verdict.when.not_held",
        "{decl} needs {cards}, not in the hand given: declared, it would be a false "
        "declaration, found when the cards are shown",
    ),
    # --- referee/: challenges and false declarations -----------------------------------
    N_p(
        "err.challenge.none",
        "a challenge answers the opponent's declaration made just before it: there is none "
        "to beat now",
    ),
    N_p("err.challenge.own", "{player} cannot challenge a declaration of their own"),
    N_p(
        "err.challenge.marriage",
        "a marriage is outside the order: nothing beats it [000][004]; to beat the "
        "declaration said with it, write the challenge before the marriage, or the marriage "
        "and that declaration in one event",
    ),
    N_p(
        "err.challenge.burned",
        "{player}'s {decl} burned in this deal: it may not be declared again [000][001]",
    ),
    N_p(
        "err.challenge.shared",
        "{combo} and {decl} share {cards}: two players cannot hold the same card, so one of "
        "them is false",
    ),
    N_p("err.challenge.no_beat", "{combo} does not beat {decl}: {reason}{rule} {source}"),
    N_p("note.beaten", "beaten by {player}'s {combo}"),
    N_p(
        "notice.challenge",
        "«Не годится!» {player}: {reason} {source}; {loser}'s {decl} burns",
    ),
    N_p(
        "notice.false",
        "false declaration: {player}'s {names} (event {event}) scores nothing: {evidence}; "
        '{player} goes {uphill} uphill ("в гору"){gain} [000][001][004]{restored}',
    ),
    N_p(
        "note.stands_again",
        "stands again from event {event}: {player}'s {combo} that beat it (event "
        "{challenge}) is false",
    ),
    N_p(
        "notice.stands_again",
        "; {owner}'s {decl}, beaten by it at event {challenge}, stands again and scores",
    ),
    N_p(
        "notice.stands_again.at",
        "{owner}'s {decl} stands again from event {event}: {player}'s {combo} is false, so "
        "it burns no more",
    ),
    N_p(
        "notice.void.already",
        "{player}'s {names} (event {event}) counts nothing already (found false, its penalty "
        "written, or a repeat): this penalty changes nothing (§6)",
    ),
    N_p("notice.false.gain", "; {player} writes {points}"),
    # --- referee/: quick-mode score -----------------------------------------------------
    N_p(
        "err.score.tricks",
        "deal {deal} is followed trick by trick: its card points are counted from the "
        "tricks, not written as a count",
    ),
    N_np(
        "err.score.range",
        "{points} card point is impossible: a deal holds {total}, so a count is from 0 to {total}",
        "{points} card points are impossible: a deal holds {total}, so a count is from 0 to "
        "{total}",
        "points",
    ),
    N_p(
        "err.score.below_bonus",
        "{player} took the last trick, worth {bonus}: the count cannot be below {bonus}",
    ),
    N_p(
        "err.score.no_last",
        "{points} is impossible without the last trick ({player} took it): at most {most}",
    ),
    N_p(
        "err.score.no_set",
        "no set of cards counts {points} (without the last trick): recount the tricks",
    ),
    # --- referee/: tricks and reneges ---------------------------------------------------
    N_p(
        "err.trick.no_trump",
        "the trump is not recorded for this deal: a trick needs it; record it",
    ),
    N_p("err.trick.twice", "{card} cannot be played twice in one trick"),
    N_p(
        "err.trick.played",
        "{card} was already played at trick {trick}: each card is in the deck once",
    ),
    N_p(
        "err.trick.face_up",
        "{card} is the face-up trump card under the stock: it is drawn last, after trick 7 "
        "[000][002]",
    ),
    N_p("err.trick.holder", "{card} is in {holder}'s hand, not {player}'s"),
    N_p("note.played_by", "{player} played {card} at trick {trick}"),
    N_p("note.renege", "trick {trick}: {why}; {effect}"),
    N_p(
        "note.renege.withdrawn",
        "withdrawn at event {event}: it rested on {names} (event {declared}), proven false, "
        "and a false declaration proves nothing about its cards (§3)",
    ),
    N_p(
        "notice.renege.withdrawn",
        "the renege at trick {trick} (event {proven}) is withdrawn: {player} is not known to "
        "have held the card it rested on, for {names} (event {declared}) is false and proves "
        "nothing about its cards (§3); card points as taken",
    ),
    N_p(
        "notice.renege.withdrawn_at",
        "the renege at trick {trick} no longer stands: withdrawn at event {event}",
    ),
    N_p("note.exchanged_by", "{player} exchanges {card}, so that card was in {player}'s hand"),
    N_p(
        "notice.renege",
        "renege at trick {trick}: {player} played {follow} to {lead} but {why} (proven at "
        'trick {proof}); {effect} (penalties.renege = "{setting}")',
    ),
    N_p("notice.renege.deal", "the opponent takes all the card points of this deal"),
    N_p("notice.renege.flag", "flagged"),
    N_p("note.follow.suit", "could follow {suit} with {cards}"),
    N_p("note.follow.beat", "could beat {lead} with {cards}"),
    N_p("note.follow.trump", "could trump with {cards}"),
    # --- referee/: the trump seven ------------------------------------------------------
    N_p("name.trump_seven", "the trump 7"),
    N_p("err.exchange.done", "{player} already exchanged the trump 7 in this deal"),
    N_p(
        "err.exchange.seven_up",
        "the face-up card is the trump 7 itself: there is nothing to exchange",
    ),
    N_np(
        "err.exchange.stock",
        "the stock holds {stock} card: the trump 7 may be exchanged only while it holds at "
        "least {need} (exchange.min_stock) [000][001][003]",
        "the stock holds {stock} cards: the trump 7 may be exchanged only while it holds at "
        "least {need} (exchange.min_stock) [000][001][003]",
        "stock",
    ),
    N_p("err.exchange.played", "{card} was already played in this deal"),
    N_p("notice.exchange", "{player} exchanges {seven}{got}"),
    N_p("notice.exchange.for", " for {card}"),
    # --- referee/: penalties and claims -------------------------------------------------
    N_p(
        "err.penalty.negative",
        "a penalty of {points} points: expected a positive number of points",
    ),
    N_p(
        "err.penalty.miscount",
        "a miscount needs its points: the amount wrongly written, which goes to the opponent "
        "[000][001][004]",
    ),
    N_np("note.effect.writes", "{player} writes {n} point", "{player} writes {n} points", "n"),
    N_np(
        "note.effect.loses",
        "{player} loses {n} point in the deal",
        "{player} loses {n} points in the deal",
        "n",
    ),
    N_p("note.effect.uphill", "{player} goes {n} uphill"),
    N_p("note.effect.nothing", "no points move"),
    N_p("note.effect.loses_game", "{player} loses the game"),
    N_p(
        "note.effect.lowering",
        "{player}'s {names} scores nothing and costs {points} in the deal",
    ),
    N_p("notice.penalty", "penalty for {player}, {kind}: {effect} ({source})"),
    # the source of a penalty's price, when the amount is the house's (the rule book's "house")
    N_p("note.source.house", "{tags}, house amount"),
    N_p("note.source.house_rule", "{tags} rule {rule}, house amount"),
    N_p("note.priced", "{why}; penalty: {effect}"),
    N_p("note.trump_seven", "{card} played at trick {trick} without the mandatory exchange"),
    N_p("note.by_command", "named by the players"),
    N_p(
        "err.penalty.trump_seven",
        "keeping the trump 7 is no offence here: exchange.mandatory = false (some tables "
        "require the swap [000])",
    ),
    N_p("err.penalty.no_event", "event {event} is no declaration of {player} in deal {deal}"),
    N_p(
        "err.penalty.empty_challenge",
        "{player} asked no «Рост?» in deal {deal} (no question and no challenge recorded): "
        "the empty-challenge penalty is the asker's, for asking with nothing to show ([000] "
        "rule 6, §4.2){other_asked}",
    ),
    N_p("err.penalty.empty_challenge.other", "; {other} asked, at event {event}"),
    N_p("err.penalty.no_declaration", "{player} has no declaration in deal {deal} to void"),
    N_p(
        "err.penalty.empty_challenge.held",
        "{player} showed a declaration, {decl} (event {event}): a question with one behind "
        "it is no empty «Рост?» ([000] rule 6, §4.2)",
    ),
    N_p(
        "err.penalty.empty_challenge.charged",
        "each question {player} asked in deal {deal} ({n}) is charged already: one question, "
        "one penalty (§6)",
    ),
    N_p(
        "err.penalty.late_marriage",
        "a marriage is never late: it may be declared at any time [000][002][003], and "
        "event {event} of {player} holds only a marriage (§6)",
    ),
    N_p(
        "err.penalty.not_lowering",
        "{player}'s {names} (event {event}) lowers no declaration scored before it in its "
        "suit: no lowering to charge (§4.3, §6)",
    ),
    N_p(
        "err.penalty.charged",
        "{player}'s {names} (event {event}) is charged with {kind} already, at event "
        "{charged}: one offence, one penalty (§6)",
    ),
    N_p(
        "err.penalty.combo_needed",
        "event {event} of {player} recorded several combinations, {names}: name the false "
        "one; the others stand (§6)",
    ),
    N_p(
        "err.penalty.combo_not_in",
        "{combo} is not among the combinations of event {event} of {player}: {names}",
    ),
    N_p(
        "err.penalty.combo_kind",
        "a combination names the false one of a false-declaration penalty, not of {kind}",
    ),
    N_np(
        "err.claim.tricks",
        "claim refused: {player} has taken {tricks} trick in this deal, not {claimed}",
        "claim refused: {player} has taken {tricks} tricks in this deal, not {claimed}",
        "tricks",
    ),
    N_p(
        "err.claim.turn_trick",
        "{player} may claim only on their own turn, «на любом своём ходу» [000][002]: "
        "followed trick by trick, when they are to lead; {leader} took trick {taken} (event "
        "{event}) and leads trick {trick}",
    ),
    N_p(
        "err.claim.turn_deal",
        "{player} may claim only on their own turn, «на любом своём ходу» [000][002]: "
        "followed trick by trick, when they are to lead; {leader} leads trick {trick} (the "
        "non-dealer leads, deal of event {event})",
    ),
    N_p("err.claim.quick", "claim refused: in quick mode say what was taken so far"),
    N_p(
        "err.claim.range",
        "a claim of {tricks} tricks and {cards} card points: expected 0-16 tricks and 0-140 "
        "card points",
    ),
    N_p(
        "err.claim.no_trick",
        "{player} has taken no trick in this deal: a win may be claimed only after taking at "
        "least one [000][002] (game.win_requires_trick)",
    ),
    N_p(
        "err.claim.short",
        # the refusal says it is one: the count alone read as a count, not as a claim refused
        "claim refused: {player} has {total} with this deal's {partial} so far{rounded}, short "
        "of the target {target} by {short}",
    ),
    N_p(
        "err.claim.rounded",
        " ({raw} counted, written {partial}: a claim ends the deal, and a deal's points are "
        "written {setting} [000][001][003])",
    ),
    # how a deal's points are rounded (scoring.rounding), in words: «written …»
    N_p("name.rounding.half_down", "rounded to tens, a 5 down (25 → 20, 26 → 30)"),
    N_p("name.rounding.half_up", "rounded to tens, a 5 up (25 → 30, 24 → 20)"),
    N_p("name.rounding.down", "rounded down to tens (29 → 20)"),
    N_p("notice.skipped", "event {number} ({type}) does not stand under {rules}: {reason}"),
    N_p(
        "notice.set_aside",
        "event {number} no longer holds: {reason} — kept in the file, not counted; drop it, "
        "or correct an earlier event",
    ),
    # --- cli/, i18n ---------------------------------------------------------------------
    N_p("err.trick.two_cards", "a trick is two cards, the leader's first: got {n}"),
    N_p("err.when.trick", "--trick {trick}: a deal has 16 tricks; expected 1-16"),
    N_p("err.hand.too_many", "a hand holds at most 9 cards, not {n}"),
    N_p("err.legal.led", "{card} is led, so it cannot also be in the follower's hand"),
    N_p("err.legal.no_hand", 'the follower\'s hand is empty: give it with --hand "Q♥ 7♠ …"'),
    N_p("err.ruleset.suffix", "{path}: a ruleset file name ends in .toml"),
    N_p(
        "msg.ruleset_written",
        "wrote {path} (extends {base}); check it with `terts rules check {path}`",
    ),
    N_p("msg.aborted", "aborted"),
    N_p(
        "msg.completion.unknown_shell",
        "{option}: cannot tell which shell runs terts (completion is written for {shells}): "
        "run it from one of them, or print the script for one with "
        "_TERTS_COMPLETE=source_bash terts (source_zsh, source_fish, source_powershell)",
    ),
    N_p(
        "msg.completion.other_shell",
        "{option}: completion is written for {shells}, not {shell}: run it from one of them, "
        "or print the script for one with _TERTS_COMPLETE=source_bash terts (source_zsh, "
        "source_fish, source_powershell)",
    ),
    N_p("err.card.lookalike.ace", "; {char!r} is Cyrillic: the ace is Latin A or Cyrillic Т"),
    N_p("err.card.lookalike.jack", "; {char!r} is Latin: the jack is J or Cyrillic В"),
    N_p(
        "err.card.lookalike.clubs",
        "; {char!r} is Cyrillic: clubs are Latin c or Cyrillic т/к",
    ),
    N_p(
        "err.card.lookalike.hearts",
        "; {char!r} is Cyrillic: hearts are Latin h or Cyrillic ч",
    ),
    N_p(
        "err.card.lookalike.spades",
        "; {char!r} is Cyrillic: spades are Latin s or Cyrillic п",
    ),
    N_p("msg.wrote", "wrote {path}"),
    N_p(
        "err.players.control",
        "a player's name may not contain control characters (tabs, new lines, escape codes): "
        "{name!r}",
    ),
    N_p("err.penalty.too_many", "{points} points are too many for {kind}: at most {limit}"),
    N_p(
        "notice.trump_seven",
        "{player} played {card} at trick {trick} without exchanging it while the stock "
        "allowed: the exchange is mandatory here (exchange.mandatory = true), {points} "
        "uphill [000]",
    ),
    N_p("rule.incomplete", "{origin}: the stored ruleset lacks {keys}: the file is damaged"),
    N_p(
        "err.declare.highest_first",
        "{a} is higher than {b}, declared before it in this turn: several declarations in "
        "one turn go highest first [000]",
    ),
    N_p(
        "err.declare.repeat",
        "{player}'s {decl} is already recorded in this deal (event {event}): the same "
        "combination is written once, and recorded twice it is a slip, not a lowering ("
        "§4.3): nothing is recorded",
    ),
    N_p(
        "note.repeat",
        "the same combination as event {event}: recorded twice, a slip; it counts nothing, "
        "and is no lowering (§4.3)",
    ),
    N_p(
        "notice.repeat",
        "{player}'s {decl} repeats event {event}: a slip an earlier version of this program "
        "took; it counts nothing, and is no lowering (§4.3)",
    ),
    N_p(
        "err.declare.lowering",
        "{player} may not declare {decl}: it lowers {earlier}, already written (event "
        '{event}): {why}; under declarations.lowering_penalty = "refuse" such a declaration '
        "may not be made at all [001] «потом уже нельзя объявлять»",
    ),
    N_p(
        "err.challenge.void",
        "{decl} scores nothing already ({status}): there is nothing to beat",
    ),
    N_p("msg.usage", "{detail} (see `{where} --help`)"),
    N_p("msg.missing_argument", "Missing argument {name}."),
    N_p("msg.missing_option", "Missing option {name}."),
    N_p("msg.no_such_option", "No such option: {name}"),
    N_p("msg.bad_value", "Invalid value for {name}: {detail}"),
    N_p("msg.no_such_command", "No such command {name}."),
    # TRANSLATORS: click's own sentences, read from its English; {name} is an option or the words
    N_p("msg.needs_value", "Option {name} needs a value."),
    N_p("msg.takes_no_value", "Option {name} takes no value."),
    N_p("msg.extra_arguments", "Unexpected extra words: {name}."),
    N_p("msg.not_valid", "{name} is not a value this option takes."),
    N_p("msg.missing_command", "Name a command."),
    # TRANSLATORS: the one line of a refusal on the terminal; "terts" is the program's name
    N_p("msg.error_line", "terts: error: {line}"),
    # --- what this output or input cannot carry (an encoding such as cp1252) -----------
    N_p(
        "msg.csv_encoding",
        "the CSV holds the character {code}, which this output's encoding {enc} cannot "
        "write: set PYTHONIOENCODING=utf-8, or read the sheet with --json",
    ),
    N_p(
        "msg.input_encoding",
        "the input is not {enc} text (byte {byte}), the session ends here; every line "
        "recorded before is saved: for UTF-8 input set PYTHONIOENCODING=utf-8",
    ),
)


#: Words a face puts on a page, not verdicts (``docs/verdicts.md`` lists the codes above only):
#: click's own words on a help page, a declaration's name as the table says it.
WORDS = register(
    # --- click's own words on a help page (cli/help_pages.py) ---------------------------
    N_p("help.usage", "Usage:"),
    N_p("help.arguments", "Arguments"),
    N_p("help.options", "Options"),
    N_p("help.commands", "Commands"),
    N_p("help.help_option", "Show this message and exit."),
    N_p("help.required", "required"),
    N_p("help.default", "default: {value}"),
    N_p("help.options_metavar", "[OPTIONS]"),
    N_p("help.subcommand_metavar", "COMMAND [ARGS]..."),
    # --- a declaration as the table names it (``named``) -------------------------------
    # TRANSLATORS: a run by its class and top card, put into other messages as it is: keep
    # it in the nominative (Russian «терц от Дамы ♥»).
    N_p("decl.run", "{cls} from {rank} {suit}"),
    N_p("decl.seq.3", "terts"),
    N_p("decl.seq.4", "fifty"),
    N_p("decl.seq.5", "hundred (105)"),
    N_p("decl.seq.6", "hundred (106)"),
    N_p("decl.seq.7", "hundred (107)"),
    N_p("decl.seq.8", "hundred (108)"),
    # TRANSLATORS: the top card of a run after «from» (Russian: the genitive, «от Дамы»).
    N_p("decl.rank.A", "Ace"),
    N_p("decl.rank.K", "King"),
    N_p("decl.rank.Q", "Queen"),
    N_p("decl.rank.J", "Jack"),
    N_p("decl.rank.10", "10"),
    N_p("decl.rank.9", "9"),
    N_p("decl.rank.8", "8"),
    N_p("decl.rank.7", "7"),
    N_p("decl.four.J", "four jacks"),
    N_p("decl.four.A", "four aces"),
    N_p("decl.four.K", "four kings"),
    N_p("decl.four.Q", "four queens"),
    N_p("decl.marriage", "marriage {suit}"),
)


def clipped(text: str, limit: int) -> str:
    """A long value or path cut to ``limit`` characters (``domain.verdicts.clipped``)."""
    from ..domain.verdicts import clipped as cut

    return cut(text, limit)

"""``terts rules explain SECTION|KEY``: the rule book's section a verdict cites, or the one that
explains a ruleset key, in the chosen language, with the keys' values under the ruleset in play
(``--rules``, else the game's, else classic), and refusals that name what is accepted."""

from __future__ import annotations

import pytest

from tests.helpers import assert_refused


def explain(terts, *args: str):
    return terts("rules", "explain", *args, game=False)


def test_a_section_by_number(terts):
    r = explain(terts, "4.3")
    assert r.code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "§4.3 When a declaration may be made"
    assert "before each of tricks 1 to 8" in r.stdout
    assert "[000][002]" in r.stdout  # the source tags are printed literally
    assert "**" not in r.stdout and "`" not in r.stdout  # markdown marks dropped for a person
    assert "[000] Моряк's blog post" in r.stdout  # the sources it cites, by name


@pytest.mark.parametrize("query", ["§4.3", "RULES §4.3", " 4.3 "])
def test_a_section_as_the_messages_cite_it(terts, query):
    assert explain(terts, query).stdout == explain(terts, "4.3").stdout


def test_a_section_with_subsections_lists_them(terts):
    r = explain(terts, "4")
    assert r.stdout.startswith("§4 Declarations\n")
    assert "  §4.1 Which declaration is higher" in r.stdout
    assert "  §4.3 When a declaration may be made" in r.stdout
    assert "Four jacks** beat" not in r.stdout and "Four jacks beat everything" not in r.stdout


def test_a_key_prints_its_section_and_its_value_under_classic_by_default(terts):
    r = explain(terts, "declarations.when")
    assert r.code == 0, r.stderr
    assert r.stdout.startswith("§4.3 When a declaration may be made\n")
    assert "Under classic, the default (no game file at terts-game.toml, no --rules):" in r.stdout
    assert '  declarations.when = "lead"  (lead | own-turn)' in r.stdout
    assert '  declarations.before_break = "sequences"  (none | sequences | all)' in r.stdout


def test_a_bare_key_when_only_one_ends_so(terts):
    assert explain(terts, "when").stdout == explain(terts, "declarations.when").stdout


@pytest.mark.parametrize(
    ("query", "line"),
    [
        ("game.target", "  game.target = 501  (1 to 5000)"),
        ("false_uphill", '  penalties.false_uphill = 100  ("value" | 0 to 1000)'),
        ("multiple", "  declarations.multiple = false  (true | false)"),
        ("trump-jack", '  play.trump_jack = "may-withhold"  (may-withhold | free)'),
    ],
)
def test_each_kind_of_key_says_what_it_allows(terts, query, line):
    assert line in explain(terts, query).stdout.splitlines()


def test_the_value_under_rules_book(terts):
    r = explain(terts, "when", "--rules", "book")
    assert "Under the ruleset book (--rules book):" in r.stdout
    assert '  declarations.when = "own-turn"  (lead | own-turn)' in r.stdout


def test_the_value_under_an_own_ruleset_file(terts, tmp_path):
    own = tmp_path / "house.toml"
    own.write_text('extends = "classic"\n[game]\ntarget = 301\n', encoding="utf-8")
    r = explain(terts, "game.target", "--rules", str(own))
    assert f"Under the ruleset house (--rules {own}):" in r.stdout
    assert "  game.target = 301  (1 to 5000)" in r.stdout


def test_the_value_under_the_games_ruleset(terts):
    terts.ok("new", "Аня", "Боря", "--rules", "book")
    r = explain(terts, "when", "--game", str(terts.game))
    assert f"Under the game's ruleset book ({terts.game}):" in r.stdout
    assert '  declarations.when = "own-turn"  (lead | own-turn)' in r.stdout


def test_the_game_file_found_by_default(terts):
    terts("new", "Аня", "Боря", "--rules", "strict", "--game", "terts-game.toml", game=False)
    r = explain(terts, "before_break")
    assert "Under the game's ruleset strict (terts-game.toml):" in r.stdout
    assert '  declarations.before_break = "none"  (none | sequences | all)' in r.stdout


def test_rules_asked_for_beat_the_game_file_found_by_default(terts):
    terts("new", "Аня", "Боря", "--rules", "strict", "--game", "terts-game.toml", game=False)
    r = explain(terts, "before_break", "--rules", "book")
    assert '  declarations.before_break = "all"  (none | sequences | all)' in r.stdout


def test_in_russian(terts):
    r = terts("--lang", "ru", "rules", "explain", "declarations.when", game=False)
    assert r.code == 0, r.stderr
    assert r.stdout.startswith("§4.3 Когда можно объявлять\n")
    assert "Объявлять можно только с 9 картами на руках" in r.stdout
    assert "По правилам classic, по умолчанию" in r.stdout
    assert "Источники:" in r.stdout and "[000] блог Моряка" in r.stdout
    assert '  declarations.when = "lead"  (lead | own-turn)' in r.stdout


def test_the_language_from_the_environment(terts, monkeypatch):
    monkeypatch.setenv("TERTS_LANG", "ru")
    assert explain(terts, "6").stdout.startswith("§6 Штрафы\n")


def test_json(terts):
    r = explain(terts, "when", "--rules", "book", "--json")
    data = r.json()
    assert data["section"] == "4.3"
    assert data["title"] == "When a declaration may be made"
    assert "**`declarations.when`**" in data["text"]  # the section's markdown as written
    assert data["key"] == "declarations.when"
    assert data["lang"] == "en"
    assert data["ruleset"] == {"name": "book", "from": "rules", "path": None, "given": "book"}
    assert [k["key"] for k in data["keys"]] == [
        "declarations.when",
        "declarations.before_break",
        "declarations.multiple",
        "declarations.lowering",
        "declarations.lowering_penalty",
    ]
    assert data["keys"][0] == {
        "key": "declarations.when",
        "value": "own-turn",
        "default": "lead",
        "values": ["lead", "own-turn"],
        "meaning": "only the leader declares (lead) or either player before their card (own-turn)",
        "source": "[000][002] / [001]",
    }
    assert data["subsections"] == []
    assert {"tag": "[001]", "name": "the card-games book"} in data["sources"]


def test_json_of_a_number_key_and_of_a_section(terts):
    key = explain(terts, "game.target", "--json").json()["keys"]
    assert key[0]["values"] is None and (key[0]["minimum"], key[0]["maximum"]) == (1, 5000)
    data = explain(terts, "4", "--json").json()
    assert data["key"] is None
    assert [s["section"] for s in data["subsections"]] == ["4.1", "4.2", "4.3"]


def test_on_a_terminal_the_text_is_never_read_as_markup(terts):
    r = terts("--color", "rules", "explain", "4.3", game=False)
    assert r.code == 0, r.stderr
    assert "[000][002]" in r.stdout and "[001][003][004]" in r.stdout


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("9", "no section or ruleset key '9' in the rule book"),
        ("4.9", "no section or ruleset key '4.9' in the rule book"),
        ("whenn", "(did you mean when?)"),
        ("declarations.whenever", "no section or ruleset key 'declarations.whenever'"),
    ],
)
def test_an_unknown_section_or_key_is_refused_naming_what_is_accepted(terts, query, reason):
    line = assert_refused(explain(terts, query), reason)
    assert "1, 2, 3, 4, 4.1, 4.2, 4.3, 5, 6, 7" in line
    assert "or a ruleset key (`terts rules show classic` lists them)" in line
    assert "penalties.renege" not in line and len(line) < 240, line  # short: no list of keys


def test_an_unknown_section_is_refused_without_a_guess(terts):
    """``4.9``: the sections are named; no «did you mean 4.3?», which is no nearer than 4.1."""
    line = assert_refused(explain(terts, "4.9"), "no section or ruleset key '4.9'")
    assert line.rstrip().endswith("(`terts rules show classic` lists them)"), line


def test_an_unknown_key_in_russian(terts):
    r = terts("--lang", "ru", "rules", "explain", "рост", game=False)
    assert_refused(r, "в своде правил нет раздела или ключа 'рост'")


def test_game_and_rules_together_are_refused(terts):
    terts.ok("new", "Аня", "Боря")
    r = explain(terts, "when", "--game", str(terts.game), "--rules", "book")
    assert_refused(r, "--game and --rules name two rulesets: give one")


def test_a_missing_game_file_named_is_refused(terts, tmp_path):
    assert_refused(explain(terts, "when", "--game", str(tmp_path / "none.toml")), "none.toml")


def test_an_unknown_ruleset_is_refused(terts):
    assert_refused(explain(terts, "when", "--rules", "nosuch"), "nosuch")

"""§7, Ruleset files: the seven bundled rulesets, ``extends``, and the errors that name the
file, the key and the allowed values.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from terts_referee.domain.rules import (
    Ruleset,
    bundled_names,
    key_docs,
    load_ruleset,
    ruleset_from_dict,
)
from terts_referee.errors import RefereeError, RulesetError
from tests.helpers import assert_refused, raises_verdict, said

#: §7's example file: the classic ruleset, key by key.
CLASSIC = {
    "game.target": 501,
    "game.win_requires_trick": True,
    "game.deal_end_requires_trick": True,
    "game.both_over": "last-trick",
    "scoring.rounding": "half-down",
    "scoring.hundreds": "flat",
    "scoring.last_trick": 10,
    "declarations.when": "lead",
    "declarations.before_break": "sequences",
    "declarations.multiple": False,
    "declarations.fours_rank": "above-sequences",
    "declarations.challenge": "any-higher",
    "declarations.marriage": "trump",
    "declarations.lowering": "suit",
    "declarations.lowering_penalty": "value",
    "play.while_stock": "free",
    "play.trump_jack": "may-withhold",
    "exchange.min_stock": 2,
    "exchange.mandatory": False,
    "penalties.false_uphill": 100,
    "penalties.false_to_opponent": True,
    "penalties.late_uphill": "value",
    "penalties.empty_challenge": 20,
    "penalties.trump_seven": 20,
    "penalties.renege": "deal-to-opponent",
}

#: §7's table of bundled rulesets: how each differs from classic.
BUNDLED = [
    pytest.param("classic", {}, id="classic: [000] main rules, as in the example file"),
    pytest.param("short", {"game.target": 301}, id="short: classic to 301 [000][002]"),
    pytest.param(
        "exact",
        {"scoring.rounding": "none", "scoring.hundreds": "by-length"},
        id="exact: no rounding, hundreds by length [000]",
    ),
    pytest.param(
        "multi", {"declarations.multiple": True}, id="multi: several declarations per turn [000]"
    ),
    pytest.param(
        "book",
        {
            "declarations.before_break": "all",
            "declarations.when": "own-turn",
            "declarations.challenge": "same-class",
            "declarations.fours_rank": "below-hundreds",
            "declarations.lowering": "subset",
            "declarations.lowering_penalty": "refuse",
            "game.deal_end_requires_trick": False,
            "play.trump_jack": "free",
            "penalties.false_uphill": "value",
            "penalties.false_to_opponent": False,
        },
        id="book: [001] all before the break, own-turn, same-class, below-hundreds, subset "
        "lowering refused, trump jack free, 501 ends the game",
    ),
    pytest.param(
        "strict",
        {"declarations.before_break": "none", "declarations.marriage": "any-suit"},
        id="strict: [002] nothing before break, a marriage in any suit",
    ),
    pytest.param(
        "follow",
        {
            "play.while_stock": "follow",
            "declarations.when": "own-turn",
            "declarations.before_break": "all",
            "game.deal_end_requires_trick": False,
            "play.trump_jack": "free",
            "penalties.false_uphill": "value",
            "penalties.false_to_opponent": False,
        },
        id="follow: [003][004] follow while the stock lasts, own-turn, all before the break, "
        "trump jack free, 501 ends the game",
    ),
]


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def test_seven_bundled_rulesets():
    assert bundled_names() == ["book", "classic", "exact", "follow", "multi", "short", "strict"]


@pytest.mark.parametrize(("name", "changes"), BUNDLED)
def test_bundled_ruleset_matches_rules_section_7(name, changes):
    rules = load_ruleset(name)
    assert rules.name == name
    assert rules.description
    expected = {**CLASSIC, **changes}
    actual = {dotted: rules.get(dotted) for dotted, *_ in key_docs()}
    assert actual == expected
    for value in actual.values():  # false_uphill 100 is an int, never the string "100"
        assert not isinstance(value, str) or not value.isdigit()


def test_rules_section_7_lists_every_key():
    assert [dotted for dotted, *_ in key_docs()] == list(CLASSIC)


def test_defaults_are_classic():
    """A ruleset file that says nothing gets classic's values."""
    defaults = Ruleset()
    assert {dotted: defaults.get(dotted) for dotted in CLASSIC} == CLASSIC
    assert load_ruleset("classic")._replace(description="") == defaults


@pytest.mark.parametrize("name", bundled_names())
def test_bundled_file_names_its_source(name):
    """Each bundled file carries a comment naming its source [000]..[004]."""
    from terts_referee.domain.rules import bundled_dir

    text = (bundled_dir() / f"{name}.toml").read_text(encoding="utf-8")
    assert text.startswith("#")
    assert any(f"[00{i}]" in text for i in range(5))


def test_resolved_ruleset_round_trips_through_a_dict():
    """The resolved ruleset is stored inside each game (§7): to_dict() reads back equal."""
    for name in bundled_names():
        rules = load_ruleset(name)
        assert ruleset_from_dict(rules.to_dict(), "game file") == rules


# --- extends ----------------------------------------------------------------------------------


def test_extends_a_bundled_ruleset(tmp_path):
    path = write(
        tmp_path / "house.toml",
        """
        extends = "book"
        [game]
        target = 1001
        [play]
        trump_jack = "free"
        """,
    )
    rules = load_ruleset(str(path))
    book = load_ruleset("book")
    assert rules.name == "house"
    assert rules.game.target == 1001 and rules.play.trump_jack == "free"
    expected = book.with_values(game={"target": 1001}, play={"trump_jack": "free"})
    assert rules._replace(name="book", description=book.description) == expected


def test_extends_a_file_beside_it(tmp_path, monkeypatch):
    """A relative ``extends`` is found beside the file, wherever the command runs."""
    folder = tmp_path / "rules"
    folder.mkdir()
    write(folder / "base.toml", 'extends = "exact"\nname = "base"\n[game]\ntarget = 301\n')
    write(folder / "top.toml", 'extends = "base.toml"\n[declarations]\nmultiple = true\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    rules = load_ruleset(str(folder / "top.toml"))
    assert rules.name == "top"
    assert rules.game.target == 301
    assert rules.scoring.hundreds == "by-length"  # from exact, two levels up
    assert rules.declarations.multiple is True


# --- errors name the file, the key and the allowed values ------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "named"),
    [
        pytest.param(
            "[scoring]\nrouding = 'none'\n",
            "rule.unknown_key",
            ["scoring.rouding", "scoring.rounding", "did you mean rounding"],
            id="unknown key: the typo rouding",
        ),
        pytest.param(
            "[scorng]\nrounding = 'none'\n",
            "rule.unknown_top",
            ["scorng", "[scoring]"],
            id="unknown section",
        ),
        pytest.param(
            "colour = 'red'\n",
            "rule.unknown_top",
            ["colour", "name, description, extends"],
            id="unknown top-level key",
        ),
        pytest.param(
            "[game]\ntarget = '501'\n",
            "rule.not_allowed",
            ["game.target", "a whole number"],
            id="wrong type: string",
        ),
        pytest.param(
            "[game]\ntarget = true\n",
            "rule.not_allowed",
            ["game.target", "a whole number"],
            id="wrong type: bool",
        ),
        pytest.param(
            "[game]\ntarget = 0\n",
            "rule.too_small",
            ["game.target", "at least 1"],
            id="target too small",
        ),
        pytest.param(
            "[declarations]\nmultiple = 'yes'\n",
            "rule.not_allowed",
            ["declarations.multiple", "true or false"],
            id="wrong type: boolean key",
        ),
        pytest.param(
            "[scoring]\nrounding = 'up'\n",
            "rule.not_allowed",
            ["scoring.rounding", '"none"', '"half-down"', '"half-up"', '"down"'],
            id="unknown value",
        ),
        pytest.param(
            "[declarations]\nfours_rank = 'above'\n",
            "rule.not_allowed",
            ["declarations.fours_rank", '"above-sequences"', '"below-hundreds"'],
            id="unknown value: fours_rank",
        ),
        pytest.param(
            "[penalties]\nfalse_uphill = 'lots'\n",
            "rule.not_allowed",
            ["penalties.false_uphill", "a whole number", '"value"'],
            id="false_uphill: a number or value",
        ),
        pytest.param(
            "game = 5\n", "rule.not_table", ["game", "table"], id="a section that is not a table"
        ),
        pytest.param("name = 5\n", "rule.not_allowed", ["name", "string"], id="name is a string"),
        pytest.param(
            "extends = 3\n", "rule.not_allowed", ["extends", "ruleset name"], id="extends is a name"
        ),
        pytest.param("[game\n", "rule.bad_toml", ["not valid TOML"], id="not TOML"),
    ],
)
def test_bad_ruleset_names_file_key_and_allowed_values(tmp_path, text, code, named):
    path = write(tmp_path / "bad.toml", text)
    with raises_verdict(RulesetError, code) as info:
        load_ruleset(str(path))
    message = said(info.value)
    assert "\n" not in message
    assert "bad.toml" in message
    for fragment in named:
        assert fragment in message
    assert isinstance(info.value, RefereeError)


def test_extends_loop(tmp_path):
    write(tmp_path / "a.toml", 'extends = "b.toml"\n')
    write(tmp_path / "b.toml", 'extends = "a.toml"\n')
    with raises_verdict(RulesetError, "rule.loop", "extends") as info:
        load_ruleset(str(tmp_path / "a.toml"))
    assert "a.toml" in said(info.value) and "b.toml" in said(info.value)


def test_extends_itself(tmp_path):
    write(tmp_path / "self.toml", 'extends = "self.toml"\n')
    with raises_verdict(RulesetError, "rule.loop", r"extends.*self\.toml"):
        load_ruleset(str(tmp_path / "self.toml"))


@pytest.mark.parametrize(
    ("parent", "named"),
    [
        pytest.param("clasic", ["clasic", "did you mean classic", "book, classic"], id="a name"),
        pytest.param("missing.toml", ["missing.toml", "not found"], id="a missing file"),
    ],
)
def test_extends_unknown_parent_names_the_file_and_the_key(tmp_path, parent, named):
    path = write(tmp_path / "child.toml", f'extends = "{parent}"\n')
    with raises_verdict(RulesetError, "rule.in_extends") as info:
        load_ruleset(str(path))
    message = said(info.value)
    assert "child.toml" in message and "extends" in message
    for fragment in named:
        assert fragment in message


def test_an_error_in_the_parent_names_the_parent(tmp_path):
    write(tmp_path / "parent.toml", "[play]\ntrump_jack = 'never'\n")
    write(tmp_path / "child.toml", 'extends = "parent.toml"\n')
    with raises_verdict(
        RulesetError, "rule.not_allowed", r"parent\.toml.*play\.trump_jack.*may-withhold"
    ):
        load_ruleset(str(tmp_path / "child.toml"))


@pytest.mark.parametrize(
    ("name", "named"),
    [
        pytest.param("clasic", ["did you mean classic", "book, classic, exact"], id="a typo"),
        pytest.param("nothere.toml", ["nothere.toml", "not found"], id="a missing file"),
    ],
)
def test_unknown_ruleset(name, named):
    with pytest.raises(RulesetError) as info:
        load_ruleset(name)
    assert info.value.verdict.code in ("rule.unknown_ruleset", "rule.not_found")
    for fragment in named:
        assert fragment in said(info.value)


# --- terts rules list / show / new / check ----------------------------------------------------


def test_rules_list(terts):
    r = terts("rules", "list", "--json")
    assert r.code == 0, r.stderr
    names = [row["name"] for row in r.json()["rulesets"]]
    assert names == bundled_names()
    human = terts("rules", "list")
    assert human.code == 0
    for name in bundled_names():
        assert name in human.stdout


@pytest.mark.parametrize(("name", "changes"), BUNDLED)
def test_rules_show(terts, name, changes):
    r = terts("rules", "show", name, "--json")
    assert r.code == 0, r.stderr
    data = r.json()
    assert data["name"] == name
    for dotted, value in {**CLASSIC, **changes}.items():
        section, key = dotted.split(".")
        assert data[section][key] == value, dotted
    human = terts("rules", "show", name)
    assert human.code == 0 and "fours_rank" in human.stdout


@pytest.mark.parametrize("base", bundled_names())
def test_rules_new_writes_a_file_rules_check_accepts(terts, tmp_path, base):
    path = tmp_path / f"house-{base}.toml"
    r = terts("rules", "new", str(path), "--from", base)
    assert r.code == 0, r.stderr
    assert path.is_file()
    checked = terts("rules", "check", str(path))
    assert checked.code == 0, checked.stderr
    assert "valid" in checked.stdout
    as_json = terts("rules", "check", str(path), "--json")
    assert as_json.code == 0 and as_json.json()["valid"] is True
    own = load_ruleset(str(path))
    parent = load_ruleset(base)
    assert own.name == path.stem
    assert own._replace(name=parent.name, description=parent.description) == parent


def test_rules_new_refuses_to_overwrite(terts, tmp_path):
    path = tmp_path / "house.toml"
    path.write_text("# mine\n", encoding="utf-8")
    r = terts("rules", "new", str(path), "--from", "classic")
    assert_refused(r, "house.toml", "--force")
    assert path.read_text(encoding="utf-8") == "# mine\n"
    assert terts("rules", "new", str(path), "--from", "classic", "--force").code == 0
    assert load_ruleset(str(path)).name == "house"


def test_rules_new_from_unknown_base(terts, tmp_path):
    r = terts("rules", "new", str(tmp_path / "x.toml"), "--from", "clasic")
    assert_refused(r, "clasic", "classic")
    assert not (tmp_path / "x.toml").exists()


@pytest.mark.parametrize(
    ("text", "named"),
    [
        pytest.param(
            "[scoring]\nrouding = 'none'\n",
            ["bad.toml", "scoring.rouding", "scoring.rounding"],
            id="the typo rouding",
        ),
        pytest.param(
            "[scoring]\nrounding = 'up'\n",
            ["bad.toml", "scoring.rounding", '"half-down"'],
            id="an unknown value",
        ),
        pytest.param(
            "[game]\ntarget = 'many'\n", ["bad.toml", "game.target", "whole number"], id="a type"
        ),
        pytest.param('extends = "bad.toml"\n', ["bad.toml", "extends"], id="extends loop"),
    ],
)
def test_rules_check_bad_file(terts, tmp_path, text, named):
    path = write(tmp_path / "bad.toml", text)
    assert_refused(terts("rules", "check", str(path)), *named)


def test_rules_check_missing_file(terts, tmp_path):
    assert_refused(terts("rules", "check", str(tmp_path / "nope.toml")), "nope.toml", "not found")


def test_rules_show_unknown(terts):
    assert_refused(terts("rules", "show", "clasic"), "clasic", "classic")


def test_a_ruleset_path_that_is_a_loop_of_links_is_one_line(tmp_path, monkeypatch):
    """``loop.toml -> loop.toml``: refused as a file that cannot be read (the system's
    reason), as a game file of the same kind is, never a RuntimeError from resolving it.
    Named from its folder: the message clips a long path (a worker's temp folder is one)."""
    (tmp_path / "loop.toml").symlink_to("loop.toml")
    monkeypatch.chdir(tmp_path)
    with raises_verdict(RulesetError, "rule.unreadable", "loop.toml"):
        load_ruleset("loop.toml")

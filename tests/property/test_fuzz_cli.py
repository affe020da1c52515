"""Never a traceback for user input: random words in every argument of the commands.

Each run either succeeds (exit 0) or is refused with exit 2 and one line on stderr, and a refusal
leaves the game file byte-for-byte unchanged.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terts_referee.cli import main

WORDS = st.one_of(
    st.text(min_size=0, max_size=12),
    st.sampled_from(
        ["Q♥", "Qh", "Дч", "10ч", "Th", "Тч", "7♣", "терц:Дч", "50:K♠", "4J", "марьяж", "--json",
         "-1", "151", "Аня", "Боря", "[bold]x", "h", "черви", "", " ", "--", "--points", "1e3"]
    ),
)  # fmt: skip
COMMANDS = [
    ["declare", "{0}", "{1}"],
    ["challenge", "{0}", "{1}"],
    ["trick", "{0}", "{1}"],
    ["score", "{0}", "--by", "{1}", "--last-trick", "{2}"],
    ["penalty", "{0}", "{1}", "--points", "{2}"],
    ["claim", "{0}", "--tricks", "{1}", "--card-points", "{2}"],
    ["deal", "--trump", "{0}", "--dealer", "{1}"],
    ["exchange", "{0}"],
    ["check", "hand", "{0}", "{1}", "--trump", "{2}"],
    ["check", "compare", "{0}", "{1}", "--trump", "{2}"],
    ["check", "legal", "--hand", "{0}", "--lead", "{1}", "--trump", "{2}"],
    ["check", "trick", "{0}", "{1}", "--trump", "{2}"],
]


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "game.toml"
    assert main(["new", "Аня", "Боря", "--game", str(path)]) == 0
    assert main(["deal", "--trump", "7ч", "--game", str(path)]) == 0
    return path


@given(
    command=st.sampled_from(COMMANDS),
    words=st.lists(WORDS, min_size=3, max_size=3),
)
@settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_random_arguments_never_crash(game_file, capsys, command, words):
    argv = [part.format(*words) for part in command]
    if argv[0] != "check":
        argv += ["--game", str(game_file)]
    before = game_file.read_bytes()
    capsys.readouterr()
    code = main(argv)
    _, err = capsys.readouterr()
    assert "Traceback" not in err
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("terts: error: "), (argv, err)
        assert game_file.read_bytes() == before
    if code == 0 and argv[0] != "check":
        # Something was recorded: take it back, so that the next example starts the same.
        assert main(["undo", "--game", str(game_file)]) == 0
        capsys.readouterr()

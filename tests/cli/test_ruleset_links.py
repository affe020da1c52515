"""A ``--rules`` path that is a loop of symbolic links: one line and exit code 2 from every
command that reads a ruleset, nothing made, as a game file of the same kind is refused."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "argv",
    [
        ("rules", "check", "loop.toml"),
        ("new", "Аня", "Боря", "--rules", "loop.toml"),
        ("rules", "show", "loop.toml"),
    ],
)
def test_a_ruleset_that_is_a_loop_of_links_is_one_line(terts, tmp_path, argv):
    (tmp_path / "loop.toml").symlink_to("loop.toml")
    refused = terts.refused(*argv)
    assert "loop.toml cannot be read" in refused.stderr
    assert not terts.game.exists()


def test_a_game_that_is_a_loop_of_links_is_one_line_too(terts, tmp_path):
    (tmp_path / "loop.toml").symlink_to("loop.toml")
    refused = terts("status", "--game", "loop.toml", game=False)
    assert refused.code == 2 and "loop.toml" in refused.stderr and "Traceback" not in refused.stderr

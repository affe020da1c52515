"""Two readings of the rule book's words whose subject is the command line: ``check trick``
echoes both cards as read, ``rules show`` writes its values as TOML."""

from __future__ import annotations


def test_check_trick_echoes_both_cards(terts):
    """A ten written T (Latin) and an ace written Т (Cyrillic) look alike: both are shown."""
    out = terts.ok("check", "trick", "Th", "Тч", "--trump", "s").stdout
    assert "10♥ led, A♥ played to it: A♥ takes the trick" in out


def test_rules_show_writes_values_as_toml(terts):
    out = terts.ok("rules", "show", "classic").stdout
    assert "true" in out and "True" not in out

"""Languages: the Russian words, plurals, every message key known."""

"""The domain: the game's own things, with no notion of a file, a terminal or a page.

``cards`` (the 32-card deck, card points), ``declarations`` (terts, fifty, hundred, four of a
kind, the marriage: finding, comparing, parsing), ``play`` (who beats whom, what must be
followed), ``events`` (what is recorded: a deal, a declaration, a trick, a score...),
``rules`` (the ruleset: every rule-book choice as a key, loading and checking TOML rulesets),
``numbers`` (reading the numbers players type), ``verdicts`` (what is said, as data: a refusal,
a notice or a note is a code and its parameters, never words; each face words it).

May import: ``errors`` and ``files``, nothing else of the package (the layer test,
tests/architecture, enforces it): no words, no language; ``verdicts`` imports nothing at all.
Deliberately no imports here: each command loads only the modules it uses.
"""

"""One output layer for every command: rich tables for people, JSON (and CSV) for scripts.

Functions here take domain objects and print through ``console``; they decide nothing about
the rules. One module per thing shown: ``events`` (an event, ``new``, ``undo``), ``log``,
``corrections`` (what a correction changed, the trail), ``sheet`` (the score sheet: JSON
shape, table; ``sheet_csv``), ``status``, ``checks`` (``terts check``), ``rulesets`` (``terts
rules``), ``pairs`` (``terts club pairs``); ``catalogue`` holds their words and the helpers
that name cards, statuses, penalties and verdicts. Import a report from its module: this package
imports none of them, so that a command loads only the reports it prints.
"""

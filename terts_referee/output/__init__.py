"""Output: everything the program shows, for people and for scripts; it decides no rule.

``console`` (the one place that prints: rich tables and colour for people, quick plain lines,
JSON), ``safe_text`` (user text made printable: no markup, no control bytes), ``report/`` (one
module per thing a command shows, the next command to type written as the face that calls it
says: an event, the log, the sheet, the status, checks, rulesets), ``export`` (the
sheet as HTML, SVG, a text chart), ``season`` (the library's season page), ``library_report``
(history and statistics tables).

May import anything but the faces (``cli``, ``table``, ``web``): the domain, the referee, the
game, the library, ``i18n``, ``errors``, ``files`` (the layer test, tests/architecture,
enforces it). Deliberately no imports here: a command loads only the reports it prints.
"""

"""``terts serve``: a small local web server over the game file for the phones at the table.

Imported only by ``terts serve``: every other command keeps its start-up time. The server is the
standard library's ``http.server`` (one table, a handful of phones: no ASGI stack needed); every
action runs the ``terts`` command line in-process (``actions.run``), so the page gets exactly the
CLI's validation, lock and one-line refusals.
"""

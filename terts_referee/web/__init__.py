"""``terts serve``: a small local web server over the game file for the phones at the table.

Imported only by ``terts serve``: every other command keeps its start-up time. ``server`` binds
and runs it; ``app`` is the page's ASGI application (the routes, the checks, the limits, live
updates), ``transport`` serves it with Uvicorn; ``backend`` is the one seam to the game (today
each action runs the ``terts`` command line in-process, ``actions.run``, built by ``api``, so
the page gets exactly the CLI's validation, lock and one-line refusals); ``texts`` has the
server's and the page's words; ``static/`` the page itself.
"""

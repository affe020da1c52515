"""``terts serve``: a small local web server over the game file for the phones at the table.

Imported only by ``terts serve``: every other command keeps its start-up time. ``server`` binds
and runs it; ``app`` is the page's ASGI application (Starlette's routes and static files, live
updates) behind ``guard`` (the one middleware of the checks, the limits and the common
headers), ``transport`` serves it with Uvicorn; ``backend`` is the one seam to the game (the
game API, ``game.game_file.GameFile``: each action's JSON fields become a request's values,
``fields``, and the answer is worded from the typed values the API returns); ``catalogue`` has the
server's and the page's words; ``static/`` the page itself. With ``--club``: ``club_app``
(the club's application: each table the phone's own routes mounted at ``t/NAME/``, and the
lobby), ``club_backend`` (the tables and the lobby's backend), ``club_catalogue`` (their
words). The offline app (``terts app build``): ``site`` builds it, ``inpage`` answers the page in
the browser, ``offline_catalogue`` has its words.
"""

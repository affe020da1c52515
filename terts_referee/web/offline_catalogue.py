"""Every word of the offline app (``terts app build`` and the page it writes).

``app.*``: the build command's lines (the terminal) and the in-page referee's answers of its
own; ``app.ui.*``: the offline page's words, sent with the phone page's own (``catalogue.py``) by
its in-page ``api/ui``, and the few it shows while the referee loads (written into the page at
build time, in every language: nothing of the catalogue is loaded yet then).
"""

from __future__ import annotations

from ..i18n import N_np, N_p, register

TEXTS = register(
    # --- the build command ----------------------------------------------------------------
    N_np(
        "app.built",
        "wrote the offline app to {dir}: {n} file, {size} (the referee {own}); serve the "
        "folder over HTTPS, or from 127.0.0.1, and open it on the phone",
        "wrote the offline app to {dir}: {n} files, {size} (the referee {own}); serve the "
        "folder over HTTPS, or from 127.0.0.1, and open it on the phone",
        "n",
    ),
    N_p(
        "app.err.no_runtime",
        "no Pyodide distribution found (looked in {places}): get one with npm install "
        "pyodide@{version} and give its folder with --runtime DIR",
    ),
    N_p(
        "app.err.bad_runtime",
        "{dir} is not a Pyodide distribution: it has no {file}; expected the folder the "
        "pyodide npm package unpacks (node_modules/pyodide)",
    ),
    N_p(
        "app.err.old_python",
        "the Pyodide in {dir} runs Python {found}: the referee needs Python 3.11 or later "
        "(npm install pyodide@{version})",
    ),
    N_p(
        "app.err.exists",
        "{dir} exists and is not empty: choose a new or empty folder, or --force to replace "
        "an app built there before",
    ),
    N_p(
        "app.err.not_app",
        "{dir} holds files that are not an app terts built: --force replaces only an earlier "
        "build; choose a new or empty folder",
    ),
    N_p("app.err.not_dir", "{dir} is not a folder: choose a new or empty folder"),
    N_p(
        "app.err.no_dist",
        "the {package} package is not installed, and the app needs it: pip install {package}",
    ),
    N_p(
        "app.err.no_source",
        "the installed {package} package has no Python source for {file}: the browser runs "
        "only pure Python (pip install --no-binary {package} {package})",
    ),
    N_p("app.err.write", "cannot write the app to {dir}: {reason}"),
    N_np(
        "app.err.too_big",
        "the app would be {size} ({n} file): more than a phone should fetch ({limit}); is "
        "--runtime the pyodide npm package's folder?",
        "the app would be {size} ({n} files): more than a phone should fetch ({limit}); is "
        "--runtime the pyodide npm package's folder?",
        "n",
    ),
    # TRANSLATORS: a size in mebibytes, the number written with the language's separator
    N_p("app.size", "{n} MiB"),
    # --- the in-page referee's own answers -------------------------------------------------
    N_p("app.opened", "opened the game {a} v {b}, rules {rules}"),
    # --- the page, while the referee loads -------------------------------------------------
    N_p("app.ui.loading_runtime", "Loading the referee: Python for the browser…"),
    N_p("app.ui.loading_referee", "Loading the referee: the rules…"),
    N_p("app.ui.loading_games", "Opening this phone's games…"),
    N_p(
        "app.ui.failed",
        "The referee could not start in this browser: {reason}. Reload the page; if it "
        "happens again, this browser cannot run the offline app.",
    ),
    N_p(
        "app.ui.other_tab",
        "The app is open in another tab or window of this browser: use that one (two at "
        "once could write over each other's games), or close it and reload this one.",
    ),
    # --- the page's tools -----------------------------------------------------------------
    N_p("app.ui.save_game", "Save the game file"),
    N_p("app.ui.share_game", "Share the game file"),
    N_p("app.ui.open_game", "Open a game file"),
    N_p("app.ui.saved", "Saved as {name}: terts on a laptop reads it (terts import {name})"),
)

BOOT = ("app.ui.loading_runtime", "app.ui.loading_referee", "app.ui.loading_games")
BOOT_WORDS = (*BOOT, "app.ui.failed", "app.ui.other_tab", "ui.loading", "ui.title")
"""The words the page shows before the referee has loaded (written into the page)."""


def page_words(lang: str) -> dict[str, str]:
    """The offline page's own words in ``lang`` (every ``app.ui.*`` text)."""
    from ..i18n import t

    return {key: t(key, lang) for key in TEXTS if key.startswith("app.ui.")}

"""Fixtures of the ``terts serve`` tests: Chromium (the system's, through Playwright), a page in
it, and the CLI run one command at a time with the server's."""

from __future__ import annotations

import pytest

from tests.web.browser import CHROMIUM, FLAGS, PHONE


@pytest.fixture(scope="module")
def chromium(tmp_path_factory):
    if CHROMIUM is None:
        pytest.skip("no Chromium: install the system package (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("no Playwright for Python: pip install '.[test]'")
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        try:
            context = p.chromium.launch_persistent_context(
                str(profile),
                executable_path=CHROMIUM,
                headless=True,
                args=FLAGS,
                viewport=PHONE,
                device_scale_factor=1,
                is_mobile=True,
                has_touch=True,
            )
        except Exception as exc:  # a broken browser install: say why and skip
            pytest.skip(f"Chromium at {CHROMIUM} does not start: {str(exc).splitlines()[0]}")
        yield context
        context.close()


@pytest.fixture
def terts(terts):
    """The CLI in this process, one command at a time with the server's: both swap the
    process-wide sys.stdout while a command runs (a `terts` in a terminal is its own process)."""
    from terts_referee.web import actions

    class Locked:
        def __getattr__(self, name):
            return getattr(terts, name)

        def __setattr__(self, name, value):
            setattr(terts, name, value)

        def __call__(self, *args, **kwargs):
            with actions._LOCK:
                return terts(*args, **kwargs)

        def ok(self, *args):
            with actions._LOCK:
                return terts.ok(*args)

        def sheet(self):
            with actions._LOCK:
                return terts.sheet()

    return Locked()


@pytest.fixture
def page(chromium):
    page = chromium.new_page()
    yield page
    page.close()

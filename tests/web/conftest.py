"""Fixtures of the ``terts serve`` browser tests: Chromium (the system's, through Playwright) and
a page in it."""

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
def page(chromium):
    page = chromium.new_page()
    yield page
    page.close()

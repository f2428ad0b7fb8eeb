"""The browser tests' one Chromium per test process (tests/web/browser.py)."""

from __future__ import annotations

from typing import Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def one_chromium_per_process() -> Iterator[None]:
    """Stop this process's Chromium (if a test started it) when the session ends."""
    yield
    from tests.web.browser import close_shared_browser

    close_shared_browser()

"""A headless Chromium driven over the Chrome DevTools Protocol: just what the
browser tests need (open a page, run a script, wait for text, screenshot). No
driver binary: Debian's chromium and the websockets library."""

from __future__ import annotations

import base64
import importlib.util
import json
import shutil
import subprocess
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Tab:
    """One page, driven over its own DevTools connection."""

    def _connect(self, url: str) -> None:
        from websockets.sync.client import connect

        self._connection = connect(url, max_size=None)
        self.socket = self._connection.__enter__()
        self.next_id = 0

    def call(self, method: str, **params):  # type: ignore[no-untyped-def]
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=30))
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(message["error"])
                return message["result"]

    def open(self, url: str) -> None:
        self.call("Page.enable")
        self.call("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'")

    def js(self, expression: str):  # type: ignore[no-untyped-def]
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result["result"].get("value")

    def wait_for(self, expression: str, seconds: float = 20) -> None:
        deadline = time.monotonic() + seconds
        while not self.js(f"Boolean({expression})"):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {expression}")
            time.sleep(0.2)

    def type(self, selector: str, text: str) -> None:
        """Focus a field and type into it key by key, as a person would."""
        self.js(f"document.querySelector({json.dumps(selector)}).focus()")
        for char in text:
            self.call("Input.dispatchKeyEvent", type="char", text=char)

    def click(self, selector: str) -> None:
        """Click the element as a finger would: scrolled into view, at its centre, through the input pipeline."""
        box = self.js(f"(function () {{ var e = document.querySelector({json.dumps(selector)});"
                      " e.scrollIntoView({block: 'center', inline: 'center'}); var r = e.getBoundingClientRect();"
                      " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def offline(self, offline: bool) -> None:
        """Network emulation: as if the phone lost (or got back) its connection."""
        self.call("Network.enable")
        self.call("Network.emulateNetworkConditions", offline=offline, latency=0, downloadThroughput=-1, uploadThroughput=-1)

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=False)["data"]
        path.write_bytes(base64.b64decode(data))

    def close_connection(self) -> None:
        if getattr(self, "socket", None) is not None:
            self._connection.__exit__(None, None, None)
            self.socket = None


class Context(Tab):
    """A page in a browser context of its own (its own cookies and storage: another phone)."""

    def __init__(self, browser: "Browser", width: int, height: int):
        self.browser = browser.root()
        self.context_id = self.browser.call("Target.createBrowserContext")["browserContextId"]
        self.target_id = self.browser.call("Target.createTarget", url="about:blank", browserContextId=self.context_id)["targetId"]
        self._connect(f"ws://127.0.0.1:{browser.port}/devtools/page/{self.target_id}")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=0, mobile=width < 600)

    def close(self) -> None:
        self.close_connection()
        self.browser.call("Target.disposeBrowserContext", browserContextId=self.context_id)


class Browser(Tab):
    def __init__(self, executable: str, width: int = 1280, height: int = 900):
        self.profile = tempfile.mkdtemp(prefix="crib-chromium-")
        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.close()
                raise RuntimeError("chromium did not start")
            time.sleep(0.1)
        self.port = int(port_file.read_text().split()[0])
        targets = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=10).read())
        page = next(t for t in targets if t["type"] == "page")
        self._connect(page["webSocketDebuggerUrl"])

    def root(self) -> Tab:
        """The connection to the browser itself (targets and contexts are made there)."""
        if getattr(self, "_root", None) is None:
            version = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/version", timeout=10).read())
            self._root = Tab()
            self._root._connect(version["webSocketDebuggerUrl"])
        return self._root

    def context(self, width: int = 390, height: int = 844) -> Context:
        """A new browser context (a phone, by default a 390x844 one) with one page."""
        return Context(self, width, height)

    def close(self) -> None:
        if getattr(self, "_root", None) is not None:
            self._root.close_connection()
        self.close_connection()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def wait_until_serving(url: str, process: subprocess.Popen, seconds: float = 30) -> None:
    """Until ``url`` answers (a `crib-tourney serve` starting up)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"nothing answers at {url}") from None
            time.sleep(0.2)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served_with_browser(db: Path, *serve_options: str) -> Iterator[tuple[str, Browser]]:
    """`crib-tourney serve` on a free loopback port over ``db`` (with ``serve_options``),
    and a headless Chromium: (the served address, the browser); both stopped after."""
    import os
    import sys

    import pytest

    port = free_port()
    env = dict(os.environ, CRIB_TOURNEY_DB=str(db))
    server = subprocess.Popen([sys.executable, "-m", "crib_tourney", "serve", "--port", str(port), *serve_options],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base + "/", server)
    except RuntimeError:
        server.kill()
        pytest.fail(f"serve did not start: {server.stderr.read().decode() if server.stderr else ''}")
    browser = Browser(find_chromium())  # type: ignore[arg-type]
    try:
        yield base, browser
    finally:
        browser.close()
        server.terminate()
        server.wait(timeout=10)


def axe_script() -> str:
    """axe-core's axe.min.js as the axe-playwright-python package ships it (read
    as a file: importing that package would import Playwright, which we do not use)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec is not None and spec.submodule_search_locations, "pip install -e '.[test]' (axe-playwright-python)"
    return (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page: Tab, script: str) -> list[str]:
    """axe-core run on the open page (``script``: axe_script()): each violation as
    'id: help' and the first three elements it found."""
    page.js(script)
    found: list[str] = page.js("axe.run(document, {resultTypes: ['violations']}).then(function (r) {"
                               " return r.violations.map(function (v) { return v.id + ': ' + v.help + ' ' +"
                               " v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); }).join(', '); }); })")
    return found

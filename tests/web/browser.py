"""A headless Chromium driven over the Chrome DevTools Protocol: just what the
browser tests need (open a page, run a script, wait for text, screenshot). No
driver binary: Debian's chromium-headless-shell (or its full chromium, run with
--headless=new) and the websockets library.

One Chromium per test process (an xdist worker), started on first use and
stopped at the end of the session (tests/web/conftest.py); each test gets a
``Session`` of its own on it: browser contexts (their own cookies, storage and
cache), all closed after the test. The served pages poll every half second and
the projector turns its pages every second (``serve --refresh 0.5 --page-seconds 1``):
a test waits for the condition it needs, not for the room's 5 and 8 seconds."""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator


# Chromium's headless shell first: the build made for automation (Puppeteer's and
# Playwright's headless default, Debian's chromium-headless-shell), the same Blink
# and V8 without the browser's window layer. Over tests/web it cost 36 CPU-seconds
# of Chromium where the full browser's --headless=new cost 89 (tests/benchmarks/README.md).
SHELL = "chromium-headless-shell"


def find_chromium() -> str | None:
    for name in (SHELL, "chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


# What Chromium answers a script sent while the page's document is being replaced
NAVIGATING = ("Inspected target navigated or closed", "Execution context was destroyed", "Cannot find context with specified id")


class Tab:
    """One page, driven over its own DevTools connection."""

    def _connect(self, url: str) -> None:
        from websockets.sync.client import connect

        # no keepalive pings: each draws from the global random (websockets), on a thread of its
        # own, which Hypothesis then sees change under a draw in the same worker (a local socket needs none)
        self._connection = connect(url, max_size=None, ping_interval=None)
        self.socket = self._connection.__enter__()
        self.next_id = 0
        self.changed: set[str] = set()
        self.scripts: list[str] = []

    def call(self, method: str, **params):  # type: ignore[no-untyped-def]
        if not method.startswith(LEAVES_NOTHING):
            self.changed.add(method)  # undone before a Context is used again, or it is not used again (Context.close)
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=30))
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(message["error"])
                if method == "Page.addScriptToEvaluateOnNewDocument":
                    self.scripts.append(message["result"]["identifier"])  # removed before a Context is used again
                return message["result"]

    def open(self, url: str) -> None:
        if url.startswith(("http://", "https://")):
            self.visited.add("/".join(url.split("/", 3)[:3]))  # its origin: cleared before a Context is used again
        self.call("Page.enable")
        self.call("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'")

    def js(self, expression: str):  # type: ignore[no-untyped-def]
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result["result"].get("value")

    def wait_for(self, expression: str, seconds: float = 20) -> None:
        """Until ``expression`` is true in the page, asked every 50 ms (a page opened
        waited for 0.2 s more than it took when it was asked every 200 ms). Asked
        while a click's navigation replaces the document, Chromium refuses the
        question (NAVIGATING): not yet, asked again."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                if self.js(f"Boolean({expression})"):
                    return
            except RuntimeError as exc:
                if not any(words in str(exc) for words in NAVIGATING):
                    raise
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {expression}")
            time.sleep(0.05)

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


# What a page's DevTools calls may leave in its context: these leave nothing (or what
# Context._empty undoes); after any other call (an emulated media feature, say) the
# context is disposed of, not used again. A mouse event is another: the page keeps where the
# pointer was, and a later document under it would be hovered.
LEAVES_NOTHING = ("Runtime.evaluate", "Input.dispatchKeyEvent", "Page.enable", "Page.navigate", "Page.captureScreenshot",
                  "Page.addScriptToEvaluateOnNewDocument", "Page.removeScriptToEvaluateOnNewDocument", "Page.resetNavigationHistory",
                  "Network.enable", "Network.disable", "Network.clearBrowserCookies", "Network.clearBrowserCache",
                  "Storage.clearDataForOrigin", "Emulation.setDeviceMetricsOverride", "Emulation.clearDeviceMetricsOverride")
UNDONE = {"Network.emulateNetworkConditions", "Page.setBypassCSP"}


class Context(Tab):
    """A page in a browser context of its own (its own cookies and storage: another phone).

    A browser context starts a renderer process, a network context and a store of its
    own (0.2-0.4 s of CPU), so a closed one is kept, emptied, for the next test of the
    process (Browser.idle): its page back on about:blank with no history, every cookie,
    the HTTP cache and each origin it opened cleared of all it stored (local storage,
    IndexedDB, cache storage, service workers...), the scripts added to new documents
    removed and the network back online; one whose page was sent a DevTools call that
    may leave something else (LEAVES_NOTHING) is disposed of instead. What the next test
    gets holds nothing of the last (tests/web/test_browser.py
    test_a_context_used_again_holds_nothing_of_before)."""

    visited: set[str]

    def __init__(self, browser: "Browser", width: int, height: int):
        self.browser = browser.root()
        self.owner = browser
        if browser.idle:
            self.context_id, self.target_id, self._connection, self.socket, self.next_id = browser.idle.pop()
            self.changed, self.scripts = set(), []
        else:
            self.context_id = self.browser.call("Target.createBrowserContext")["browserContextId"]
            self.target_id = self.browser.call("Target.createTarget", url="about:blank", browserContextId=self.context_id)["targetId"]
            self._connect(f"ws://127.0.0.1:{browser.port}/devtools/page/{self.target_id}")
        self.visited = set()
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=0, mobile=width < 600)

    def close(self) -> None:
        if getattr(self, "context_id", None) is None:
            return  # closed already (by the test, then by its session)
        try:
            if self.owner.alive() and len(self.owner.idle) < IDLE_CONTEXTS and self.changed <= UNDONE:
                self._empty()
                self.owner.idle.append((self.context_id, self.target_id, self._connection, self.socket, self.next_id))
                self.context_id, self.socket = None, None
                return
        except Exception:  # noqa: BLE001 - one that cannot be emptied is not used again
            pass
        self.close_connection()
        try:
            self.browser.call("Target.disposeBrowserContext", browserContextId=self.context_id)
        finally:
            self.context_id = None

    def _empty(self) -> None:
        """Leave nothing of this use in the context (see the class's docstring)."""
        self.call("Page.enable")
        self.call("Page.navigate", url="about:blank")
        self.wait_for("location.href === 'about:blank' && document.readyState === 'complete'")
        self.call("Page.resetNavigationHistory")
        for script in self.scripts:
            self.call("Page.removeScriptToEvaluateOnNewDocument", identifier=script)
        if "Network.emulateNetworkConditions" in self.changed:
            self.call("Network.emulateNetworkConditions", offline=False, latency=0, downloadThroughput=-1, uploadThroughput=-1)
        if "Page.setBypassCSP" in self.changed:
            self.call("Page.setBypassCSP", enabled=False)
        self.call("Network.enable")
        self.call("Network.clearBrowserCookies")
        self.call("Network.clearBrowserCache")
        self.call("Network.disable")
        for origin in sorted(self.visited):
            self.call("Storage.clearDataForOrigin", origin=origin, storageTypes="all")
        self.call("Emulation.clearDeviceMetricsOverride")
        self.changed, self.scripts = set(), []


IDLE_CONTEXTS = 8  # kept per Chromium for the next tests; a test that opens more has the rest disposed of


# What a test browser does not need: its background services, and the spare renderer kept
# warm for the next page (a process started with each context, a third of a context's cost).
QUIET = ("--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
         "--disable-extensions", "--no-default-browser-check", "--disable-breakpad", "--disable-client-side-phishing-detection",
         "--disable-domain-reliability", "--disable-features=SpareRendererForSitePerProcess,Translate,OptimizationHints,MediaRouter")


class Browser(Tab):
    def __init__(self, executable: str, width: int = 1280, height: int = 900):
        self.idle: list[tuple[str, str, Any, Any, int]] = []  # emptied contexts for the next tests (Context.close)
        self.profile = tempfile.mkdtemp(prefix="crib-chromium-")
        self.process = subprocess.Popen(
            [executable, *([] if Path(executable).name == SHELL else ["--headless=new"]), "--no-sandbox", "--disable-gpu",
             "--disable-dev-shm-usage", "--no-first-run",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}", f"--window-size={width},{height}", *QUIET,
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)  # its helpers in its own group
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

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        """Stop Chromium and every helper process of its group, then remove its profile.
        Only stopping the browser left its network service writing into the profile
        after the profile was removed: a crib-chromium-* folder left in /tmp a run."""
        try:
            while self.idle:
                self.idle.pop()[2].__exit__(None, None, None)
            if getattr(self, "_root", None) is not None:
                self._root.close_connection()
            self.close_connection()
        except Exception:  # noqa: BLE001 - a browser that died has no connection to close
            pass
        if self.process.returncode is None:
            self.process.terminate()
            try:  # waited for, not reaped: while the leader is a zombie its group's id cannot be reused
                _wait_unreaped(self.process.pid, 10)
            except subprocess.TimeoutExpired:
                pass
            try:
                os.killpg(self.process.pid, signal.SIGKILL)  # the helpers it left (renderers, the network service)
            except ProcessLookupError:
                pass
            self.process.wait(timeout=10)
        for _ in range(50):  # a helper killed mid-write may still land a file: removed until nothing is left
            shutil.rmtree(self.profile, ignore_errors=True)
            if not os.path.exists(self.profile):
                break
            time.sleep(0.1)


def _wait_unreaped(pid: int, seconds: float) -> None:
    """Until process ``pid`` (a child) has exited, leaving it a zombie (os.waitid WNOWAIT)."""
    deadline = time.monotonic() + seconds
    while True:
        found = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        if found is not None and found.si_pid == pid:
            return
        if time.monotonic() > deadline:
            raise subprocess.TimeoutExpired(str(pid), seconds)
        time.sleep(0.05)


class Session:
    """One test's share of the worker's Chromium: a page of its own in a context of
    its own (the browser's window size: 1280x900), made when the test first uses it,
    and every context the test opens; all closed when the test is done (passed or not)."""

    def __init__(self, browser: Browser, width: int = 1280, height: int = 900):
        self.shared = browser
        self.size = (width, height)
        self.opened: list[Context] = []
        self._page: Context | None = None

    @property
    def page(self) -> Context:
        if self._page is None:
            self._page = self.context(*self.size)
        return self._page

    def context(self, width: int = 390, height: int = 844) -> Context:
        """A new browser context (a phone, by default a 390x844 one) with one page."""
        made = Context(self.shared, width, height)
        self.opened.append(made)
        return made

    # the session's own page, as a Tab
    def open(self, url: str) -> None:
        self.page.open(url)

    def js(self, expression: str):  # type: ignore[no-untyped-def]
        return self.page.js(expression)

    def wait_for(self, expression: str, seconds: float = 20) -> None:
        self.page.wait_for(expression, seconds)

    def type(self, selector: str, text: str) -> None:
        self.page.type(selector, text)

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path)

    def close(self) -> None:
        failed: Exception | None = None
        for made in self.opened:
            try:
                made.close()
            except Exception as exc:  # noqa: BLE001 - the others are closed all the same
                failed = failed or exc
        if failed is not None:
            raise failed


_SHARED: list[Browser] = []


def shared_browser() -> Browser:
    """This process's Chromium: started on first use (again if it died), stopped by
    close_shared_browser() at the end of the session."""
    if _SHARED and not _SHARED[0].alive():
        _SHARED.pop().close()
    if not _SHARED:
        _SHARED.append(Browser(find_chromium()))  # type: ignore[arg-type]
    return _SHARED[0]


def close_shared_browser() -> None:
    while _SHARED:
        _SHARED.pop().close()


@contextmanager
def browser_session(width: int = 1280, height: int = 900) -> Iterator[Session]:
    """A test's session on this process's Chromium (see Session)."""
    session = Session(shared_browser(), width, height)
    try:
        yield session
    finally:
        session.close()


PAGER_LOG = """(function () { window.cribPagers = [];
  new MutationObserver(function () { var p = document.getElementById('pager'), t = p ? p.textContent : '';
    if (t && window.cribPagers[window.cribPagers.length - 1] !== t) window.cribPagers.push(t); })
    .observe(document, {subtree: true, childList: true, characterData: true}); })()"""


def record_pager(page: Tab) -> None:
    """From the next document opened in ``page`` on: every text the projector's pager
    shows, in turn, in window.cribPagers (its first: the page the list starts at)."""
    page.call("Page.enable")
    page.call("Page.addScriptToEvaluateOnNewDocument", source=PAGER_LOG)


def projector_pages(page: Tab, rows: str, seconds: float = 30) -> list[tuple[bool, Any]]:
    """Each page of the projector's paged list, 1 to n, as the page itself turns them
    (serve --page-seconds): whether the document fits the screen and the value of the
    script ``rows``, each read in one script with the pager's words, so that a page
    that turns meanwhile is never taken for the one before. No pager: one page."""
    read = (f"[(document.getElementById('pager') || {{}}).textContent || '',"
            f" document.documentElement.scrollHeight <= window.innerHeight, {rows}]")
    seen: dict[int, tuple[bool, Any]] = {}
    deadline = time.monotonic() + seconds
    while True:
        pager, fits, shown = page.js(read)
        words = pager.split()  # "page k of n"
        k, count = (int(words[1]), int(words[3])) if pager else (1, 1)
        seen.setdefault(k, (fits, shown))
        if len(seen) >= count:
            return [seen[i] for i in range(1, count + 1)]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out turning the projector's pages: saw {sorted(seen)} of {count}")
        time.sleep(0.1)


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
            time.sleep(0.05)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


FAST = ("--refresh", "0.5", "--page-seconds", "1")  # serve's intervals for tests: see the module's docstring


@contextmanager
def serving_here(db: Path, *serve_options: str) -> Iterator[str]:
    """What `crib-tourney serve` serves with ``serve_options`` (--scoring,
    --director-password-file FILE, --refresh and --page-seconds: FAST unless given),
    built as the command builds it (web/server.py create_app and uvicorn_config), on a
    thread of this process on a free loopback port: its address; stopped after. A
    process of its own took a second to start, each test; tests/web/test_server.py and
    test_limits.py start the command itself."""
    import socket
    import threading

    import uvicorn

    from crib_tourney.web.security import DirectorPassword
    from crib_tourney.web.server import create_app, uvicorn_config
    from crib_tourney.web.site import Intervals
    from crib_tourney.web.writing import Scoring

    given = dict(zip(FAST[::2], FAST[1::2]))
    words = list(serve_options)
    scoring = "--scoring" in words
    if scoring:
        words.remove("--scoring")
    for option, value in zip(words[::2], words[1::2]):
        if option not in ("--director-password-file", "--refresh", "--page-seconds"):
            raise ValueError(f"serving_here does not know {option}: start the serve command (tests/web/test_limits.py serving)")
        given[option] = value
    password = given.get("--director-password-file")
    director = DirectorPassword.from_file(Path(password)) if password is not None else None
    app = create_app(str(db), Scoring(director) if scoring else None,
                     Intervals(float(given["--refresh"]), float(given["--page-seconds"])))
    listening = socket.socket()
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, name=f"serve-{port}", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"serve did not start over {db}")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listening.close()


@contextmanager
def served_with_browser(db: Path, *serve_options: str) -> Iterator[tuple[str, Session]]:
    """serve over ``db`` with ``serve_options`` (serving_here) and a browser session:
    (the served address, the session); the session's contexts closed and the server
    stopped after."""
    with serving_here(db, *serve_options) as base, browser_session() as session:
        yield base, session


def axe_script() -> str:
    """axe-core's axe.min.js as the axe-playwright-python package ships it (read
    as a file: importing that package would import Playwright, which we do not use)."""
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec is not None and spec.submodule_search_locations, "pip install -e '.[test]' (axe-playwright-python)"
    return (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text(encoding="utf-8")


_AXE_SERVED: list[str] = []


def _axe_address(script: str) -> str:
    """axe.min.js served from a loopback port of this process, cacheable: a page
    that loads it by address takes V8's compiled code from Chromium's cache, where
    the same script handed over by Runtime.evaluate was compiled again on every
    page (about 55 ms of CPU of its 75, a hundred pages a run)."""
    if not _AXE_SERVED:
        import http.server
        import threading

        body = script.encode()

        class Axe(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the handler's name
                self.send_response(200)
                for name, value in (("Content-Type", "text/javascript"), ("Content-Length", str(len(body))),
                                    ("Cache-Control", "max-age=86400"), ("Access-Control-Allow-Origin", "*")):
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Axe)
        threading.Thread(target=server.serve_forever, name="axe.min.js", daemon=True).start()
        _AXE_SERVED.append(f"http://127.0.0.1:{server.server_address[1]}/axe.min.js")
    return _AXE_SERVED[0]


_LOAD = ("new Promise(function (done) { var s = document.createElement('script'); s.src = %s;"
         " s.onload = function () { done(true); }; s.onerror = function () { done(false); }; document.head.appendChild(s); })")


def axe_violations(page: Tab, script: str) -> list[str]:
    """axe-core run on the open page (``script``: axe_script()): each violation as
    'id: help' and the first three elements it found.

    The page's Content-Security-Policy refuses a script from another address, so
    the first page of a context gets axe by Runtime.evaluate, and the context is
    told to bypass the policy from its next document on (Page.setBypassCSP, undone
    when the context is emptied): those load axe by address, compiled once. The
    policy allows nothing the pages need that they do not load anyway (their own
    origin's fetches, inline styles), so what axe sees is what the policy shows."""
    if not page.js(_LOAD % json.dumps(_axe_address(script))):  # refused by the policy: this document is not bypassed yet
        page.js(script)
        page.call("Page.setBypassCSP", enabled=True)
    found: list[str] = page.js("axe.run(document, {resultTypes: ['violations']}).then(function (r) {"
                               " return r.violations.map(function (v) { return v.id + ': ' + v.help + ' ' +"
                               " v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); }).join(', '); }); })")
    return found

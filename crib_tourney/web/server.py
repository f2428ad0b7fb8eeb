"""crib-tourney serve: the live view, read-only, over Starlette and uvicorn.

Every request asks the database one cheap question first: has anything changed?
(the data version, one row that every write moves in its own transaction: see
store/writer.py, asked through services/database.py). Pages are rendered once per change and served from memory after
that, each with an ETag, so a phone polling an unchanged page costs a 304.
"""

from __future__ import annotations

import asyncio
import base64
import gzip
import hashlib
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from email.utils import formatdate
from typing import TYPE_CHECKING, Any, AsyncIterator
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route
import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from crib_tourney import jsontext
from crib_tourney.errors import NotFound, clipped
from crib_tourney.services.database import Db, Reader, SharedMemo, data_version, on_sqlite, read_only
from crib_tourney.web import site, desk, phones
from crib_tourney.web.writing import error_page

if TYPE_CHECKING:
    from crib_tourney.web.writing import Scoring

def plain_ids(path: str) -> bool:
    """Whether every number in a site path is ASCII digits short enough to be an
    id: '١' or 5,000 digits would be a second address for a page or a server error."""
    return all(len(part) <= 18 and part.isascii() for part in path.split("/") if part.isdecimal())


def site_path(url_path: str) -> tuple[str, str]:
    """('events/3/standings', 'html' | 'json') for a URL path; '/' is the index and
    '/events/3/' the event's overview ('events/3/index')."""
    path = url_path.strip("/")
    kind = "html"
    if path.endswith(".json"):
        path, kind = path[: -len(".json")], "json"
    parts = path.split("/")
    if path == "":
        path = "index"
    elif len(parts) == 2 and parts[0] in ("events", "leagues"):
        path += "/index"
    return path, kind


def live_href(target: str) -> str:
    return "/" + (target[: -len("index")] if target.endswith("index") else target)


def today() -> str:
    """The server's local date."""
    return time.strftime("%Y-%m-%d")


@dataclass
class Built:
    """A rendered page: its bytes (and, once asked for, gzipped), the data version it shows."""

    version: Any
    at: float  # time.monotonic() when it was built
    etag: str
    body: bytes
    gzipped: bytes | None = None
    updated: str = ""  # when the page's data last changed, as the page shows it (the live update's X-Updated)

    def gzip(self) -> bytes:
        if self.gzipped is None:
            self.gzipped = gzip.compress(self.body, compresslevel=5, mtime=0)
        return self.gzipped


class Pages:
    """Rendered pages by (path, kind, fragment), each built once per change of the
    data, all three forms of a path (its JSON, its HTML, its live content) from one
    computation of its data.

    A page not built yet is waited for. When the data changes, the next request
    for a page rebuilds it and is answered from the new build, unless writes are
    streaming in (the data changed twice within ``STREAMING_S``, as when the room's
    phones post their results): then the page as it was is answered at once and a
    background thread rebuilds it, and a page is rebuilt at most once every
    ``COALESCE_S``. A burst of polls, or 200 phones posting, costs one build per
    page per second at most, and no request waits for one."""

    STREAMING_S = 5.0
    COALESCE_S = 1.0
    SHARED_WARMED = 41  # the index and four pages of ten events in play, at most: a start stays short
    PLAYERS_WARMED = 1000  # players' pages built at the start, at most: each is kept in memory (~25 KB in its forms)
    BUILD_LOCKS = 64  # two paths share a lock rarely, and then one build waits for the other

    def __init__(self, location: str, intervals: site.Intervals = site.Intervals()):
        self.location = location
        self.intervals = intervals
        self.lock = threading.Lock()
        self.version: Any = None
        self.changed = self.changed_before = -1e9  # monotonic times of the last two changes seen
        self.changed_at = formatdate(usegmt=True)
        self.stamp = time.strftime("%H:%M:%S")  # the one time format pages show: the server's
        self.cache: dict[tuple[str, str, bool], Built] = {}
        # one build of a path at a time: a lock of a fixed set, by the path's hash. A lock made
        # per path asked for kept every path ever sent (1,000 unknown 60 KB paths: 75 MB, for ever)
        self.building = [threading.Lock() for _ in range(self.BUILD_LOCKS)]
        self.memo: dict[Any, Any] = SharedMemo()  # what builds read (the roster, the entries) while the data version stays
        self.reading = Reader(location)  # read-only transactions, a connection kept per thread
        # stale pages are rebuilt one at a time: a thread each (500 player pages after a
        # result) fought the event loop for the interpreter
        self.rebuilds = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rebuild")

    @staticmethod
    def _version(db: Db) -> Any:
        """What a kept page is of: the data version, and the day (a page shows when its data
        changed as the time alone today, with the date on another day: kept past midnight,
        it would keep the time alone)."""
        return data_version(db), today()

    def get(self, path: str, kind: str, fragment: bool, wait: bool = True) -> tuple[Built, str, str] | None:
        """(the page, last-modified, updated stamp) or NotFound; with ``wait``
        False, None where the page must be built first (the server's event loop
        answers what is built already, and hands a build to a worker thread)."""
        key = (path, kind, fragment)
        if not plain_ids(path) or not site.PATH.fullmatch(path):  # nothing is kept, nor read, for a path no page has
            raise NotFound(f"no page {path}")
        with self.reading() as db:
            version = self._version(db)
            now = time.monotonic()
            with self.lock:
                if version != self.version:
                    if self.version is not None:  # the first look at the data is no change
                        self.changed_before, self.changed = self.changed, now
                    self.version = version
                    self.memo = SharedMemo()
                    self.changed_at = formatdate(usegmt=True)
                    self.stamp = time.strftime("%H:%M:%S")
                db.share_memo(self.memo if version == self.version else {})
                streaming = self.changed - self.changed_before < self.STREAMING_S
                found = self.cache.get(key)
                building = self.building[hash(path) % self.BUILD_LOCKS]
                stamp, changed_at = self.stamp, self.changed_at
            if found is not None and found.version != version and streaming:
                if now - found.at >= self.COALESCE_S and building.acquire(blocking=False):
                    self.rebuilds.submit(self._rebuild_in_background, path, building)
                return found, changed_at, stamp  # the page as it was, until the rebuild queue reaches it
            if found is None or found.version != version:
                if not wait:
                    return None
                with building:
                    with self.lock:
                        found = self.cache.get(key)
                        version = self.version
                    if found is None or found.version != version:
                        found = self._fresh(db, path, version, stamp)[key]
        return found, changed_at, stamp

    def warm(self) -> None:
        """Build the pages a room opens first before the server answers anyone (the
        first 200 screens would otherwise queue behind one standings build), then,
        on a thread of their own, the players' pages nobody has asked for yet."""
        try:
            with self.reading() as db:
                shared, players = site.pages_in_play(db)
        except Exception:  # noqa: BLE001 - the server starts all the same; each page shows its own error when asked
            return
        self._build_all(shared[:self.SHARED_WARMED])
        threading.Thread(target=self._build_all, args=(players[:self.PLAYERS_WARMED],), name="warm", daemon=True).start()

    def _build_all(self, paths: list[str]) -> None:
        for path in paths:
            try:
                if self.get(path, "html", False, wait=False) is None:  # not built yet (nor by a request meanwhile)
                    self.get(path, "html", False)
            except Exception:  # noqa: BLE001 - a page that cannot be built now is built (and its error shown) on request
                pass

    def _rebuild_in_background(self, path: str, building: threading.Lock) -> None:
        try:
            with read_only(self.location) as db:
                version = self._version(db)
                with self.lock:
                    stamp = self.stamp
                    if version == self.version:
                        db.share_memo(self.memo)
                self._fresh(db, path, version, stamp)
        except Exception:  # noqa: BLE001 - a page that cannot be built now is built (and its error shown) on request
            pass
        finally:
            building.release()

    def _fresh(self, db: Db, path: str, version: Any, stamp: str) -> dict[tuple[str, str, bool], Built]:
        """Build a path's three forms from one computation of its data, and keep them."""
        built = site.page(db, path)
        made: dict[tuple[str, str, bool], bytes] = {}
        if built.data is not None:
            made[(path, "json", False)] = made[(path, "json", True)] = (
                jsontext.dumps(built.data, ensure_ascii=False) + "\n").encode()  # as the CLI prints it
        content = site.render(built, live_href, live=True, fragment=True)
        made[(path, "html", True)] = content.encode()
        shown = site.updated_text(built.updated) if built.updated is not None else stamp  # its event's last change
        made[(path, "html", False)] = site.render(built, live_href, live=True, updated=shown, content=content,
                                                  content_etag=_etag(made[(path, "html", True)]),
                                                  json_href=live_json_href, intervals=self.intervals).encode()
        now = time.monotonic()
        entries = {k: Built(version, now, _etag(body), body, updated=shown) for k, body in made.items()}
        for form in ((path, "html", False), (path, "json", False)):  # browsers take gzip: zipped once here, not in a request's time
            if form in entries:
                entries[form].gzip()
        if (path, "json", False) not in entries:
            entries[(path, "json", False)] = entries[(path, "json", True)] = _missing(path, version)
        with self.lock:
            for k, entry in entries.items():
                old = self.cache.get(k)
                if old is None or old.version != self.version or version == self.version:
                    self.cache[k] = entry
        return entries


class NoData(Built):
    """A page without a JSON twin yet (a bracket before the cut): its .json is a 404."""


def _missing(path: str, version: Any) -> Built:
    return NoData(version, time.monotonic(), "", f"no data at {path}.json yet".encode())


_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.S)
_HASHES: dict[bytes, str] = {}


def page_headers(body: bytes) -> dict[str, str]:
    """A public page's Content-Security-Policy: its one inline script runs (allowed
    by its hash: the same script on every page, and a page is cached, so no nonce),
    nothing else does; it may fetch only from this site (the live update, "this is
    me"). Styles may be inline: the bracket's drawing places names with style attributes."""
    found = _SCRIPT.search(body)
    script = found.group(1) if found else b""
    if script not in _HASHES:
        _HASHES[script] = "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
    return {"Content-Security-Policy": f"default-src 'none'; script-src {_HASHES[script]}; style-src 'unsafe-inline';"
                                       " connect-src 'self'; img-src 'self' data:; base-uri 'none'",
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}


def _etag(body: bytes) -> str:
    return 'W/"' + hashlib.sha1(body).hexdigest()[:20] + '"'


def live_json_href(target: str) -> str:
    return "/" + target + ".json"


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0)."""
    for part in header.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            q = params.strip()
            return not (q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000"))
    return False


def create_app(location: str, scoring: "Scoring | None" = None, intervals: site.Intervals = site.Intervals()) -> Starlette:
    """The live view; with ``scoring`` (serve --scoring) also the phones' and the
    desk's routes (web/phones.py, web/desk.py; their settings and state on
    ``app.state``: see web/writing.py). Without it nothing can be written: POST is 405.
    ``intervals``: how often the pages and the phones poll, how long a projector's page stays."""
    pages = Pages(location, intervals)

    on_loop = on_sqlite(location)  # a read of SQLite's WAL never waits for a writer

    async def serve(request: Request) -> Response:
        if request.method not in ("GET", "HEAD"):
            return Response("read-only: nothing here can be changed\n", status_code=405, headers={"Allow": "GET, HEAD"},
                            media_type="text/plain")
        path, kind = site_path(request.url.path)
        fragment = request.query_params.get("fragment") == "1"
        try:
            # a page built already is answered here, on the event loop (a hand-off to a thread and back
            # cost more than the answer); a build runs in a worker thread
            found = pages.get(path, kind, fragment, wait=False) if on_loop else None
            if found is None:
                found = await run_in_threadpool(pages.get, path, kind, fragment)
            assert found is not None
            built, modified, stamp = found
            if isinstance(built, NoData):
                raise NotFound(built.body.decode())
        except NotFound as exc:
            body = error_page(404, f"Nothing here: {clipped(str(exc))}.").encode()  # no script in it: no policy needed
            return Response(body, status_code=404, media_type="text/html")
        zipped = accepts_gzip(request.headers.get("accept-encoding", ""))
        # a weak ETag: the plain and the gzipped bytes are the same page, and the ETag a
        # page carries for its first poll holds whichever way the poll is answered
        headers = {"ETag": built.etag, "Last-Modified": modified, "Cache-Control": "no-cache", "Vary": "Accept-Encoding",
                   "X-Updated": built.updated or stamp}
        if built.etag in request.headers.get("if-none-match", "").split(", "):
            return Response(status_code=304, headers=headers)
        media = "application/json" if kind == "json" else "text/html; charset=utf-8"
        if kind == "html":
            headers |= page_headers(built.body)
        if zipped:
            return Response(built.gzip(), media_type=media, headers=headers | {"Content-Encoding": "gzip"})
        return Response(built.body, media_type=media, headers=headers)

    pdfs: dict[int, tuple[Any, bytes]] = {}  # event -> (data version, the bracket sheet): drawn once a change

    async def bracket_pdf(request: Request) -> Response:
        """/events/N/bracket.pdf: the bracket sheet (the chart as printed), drawn once per change of the data."""
        if request.method not in ("GET", "HEAD"):
            return Response("read-only: nothing here can be changed\n", status_code=405, headers={"Allow": "GET, HEAD"})
        digits = request.path_params["event_id"]
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 19):
            return Response("no such page\n", status_code=404, media_type="text/plain")
        event_id = int(digits)

        def draw() -> bytes:
            with pages.reading() as db:
                version = data_version(db)
                kept = pdfs.get(event_id)
                if kept is None or kept[0] != version:
                    pdfs[event_id] = kept = (version, site.bracket_pdf(db, event_id))
                return kept[1]
        try:
            body = await run_in_threadpool(draw)
        except NotFound as exc:
            return Response(f"{clipped(str(exc))}\n", status_code=404, media_type="text/plain")
        return Response(body, media_type="application/pdf", headers={"Cache-Control": "no-cache"})

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await run_in_threadpool(pages.warm)  # before the socket is listened on: the first visitors find pages built
        yield

    methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]
    writing = []
    if scoring is not None:  # mounted before the read-only pages
        writing = [*phones.ROUTES, *desk.ROUTES]
    app = Starlette(routes=[*writing, Route("/events/{event_id}/bracket.pdf", bracket_pdf, methods=methods),
                            Route("/{path:path}", serve, methods=methods)], lifespan=lifespan)
    app.state.pages, app.state.intervals = pages, intervals
    if scoring is not None:  # what the phones' and the desk's handlers read (web/writing.py)
        app.state.location, app.state.scoring, app.state.phones = location, scoring, phones.Phones(location)
    return app


HEAD_LIMIT = 16 * 1024  # a request's line and headers, in all: past it, 400 and the connection closed
HEAD_SECONDS = 10.0  # a request's line and headers must arrive within this, from the connection or the last answer (serve --head-timeout)


def uvicorn_config(app: Starlette, host: str, port: int, head_seconds: float = HEAD_SECONDS) -> uvicorn.Config:
    """How serve runs the app under uvicorn (the browser tests run it so on a thread)."""
    return uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_keep_alive=30,
                          http=http_protocol(head_seconds), h11_max_incomplete_event_size=HEAD_LIMIT)


def http_protocol(head_seconds: float = HEAD_SECONDS) -> type:
    """uvicorn's h11 protocol (named, so an installed httptools, whose request line
    has no bound, is never chosen), with a time-out on the request's head: uvicorn
    times out only an idle connection between requests, so a client that sent half
    its headers, or nothing, kept its socket for ever (300 slow sockets stayed open)."""
    class BoundedH11(H11Protocol):
        head_timer: Any = None
        head_bytes = 0  # of the head being received
        head_tail = b""  # its last 3 bytes: the blank line that ends it may come in two pieces

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # as uvicorn narrows it
            super().connection_made(transport)
            self._wait_for_head()

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE:
                # h11 bounds a head only while it is incomplete: 60 KB sent in one piece went through
                seen = self.head_tail + data
                end = seen.find(b"\r\n\r\n")
                reach = self.head_bytes - len(self.head_tail) + (end + 4 if end >= 0 else len(seen))
                if reach > HEAD_LIMIT:
                    self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\n"
                                         b"Connection: close\r\n\r\n")
                    self.transport.close()
                    return
                self.head_bytes += len(data)
                self.head_tail = seen[-3:]
            super().data_received(data)
            if self.conn.their_state is h11.IDLE:  # a head begun (or a next request awaited): its time runs
                self._wait_for_head()
            else:  # the head is in: the request is the app's to answer
                self.head_bytes, self.head_tail = 0, b""
                if self.head_timer is not None:
                    self.head_timer.cancel()
                    self.head_timer = None

        def connection_lost(self, exc: Exception | None) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None
            super().connection_lost(exc)

        def _wait_for_head(self) -> None:
            if self.head_timer is None:
                self.head_timer = self.loop.call_later(head_seconds, self._head_too_slow)

        def _head_too_slow(self) -> None:
            self.head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return BoundedH11

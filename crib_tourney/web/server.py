"""crib-tourney serve: the live view, read-only, over Starlette and uvicorn.

Every request asks the database one cheap question first: has anything changed?
(the data version, one row that every write moves in its own transaction: see
store/writer.py). Pages are rendered once per change and served from memory after
that, each with an ETag, so a phone polling an unchanged page costs a 304.
"""

from __future__ import annotations

import hashlib
import json
import threading
from email.utils import formatdate
from html import escape
from typing import TYPE_CHECKING, Any

from crib_tourney.errors import NotFound
from crib_tourney.store.db import read_only
from crib_tourney.store.writer import ALL, versions
from crib_tourney.web import site

if TYPE_CHECKING:
    from crib_tourney.web.scoring import Scoring

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


class Pages:
    """Rendered pages by (path, kind, fragment), thrown away when the data changes."""

    def __init__(self, location: str):
        self.location = location
        self.lock = threading.Lock()
        self.version: Any = None
        self.changed_at = formatdate(usegmt=True)
        self.cache: dict[tuple[str, str, bool], tuple[str, bytes]] = {}
        self.building: dict[tuple[str, str, bool], threading.Lock] = {}

    def get(self, path: str, kind: str, fragment: bool) -> tuple[str, bytes, str]:
        """(etag, body, last-modified) or NotFound. One thread renders a page per
        change; the others asking for it meanwhile wait for that one's result
        instead of all computing the same standings at once."""
        key = (path, kind, fragment)
        if not plain_ids(path):
            raise NotFound(f"no page {path}")
        with read_only(self.location) as db:
            version = versions(db, [ALL])
            with self.lock:
                if version != self.version:
                    self.version, self.cache, self.building = version, {}, {}
                    self.changed_at = formatdate(usegmt=True)
                found = self.cache.get(key)
                building = self.building.setdefault(key, threading.Lock())
            if found is None:
                with building:
                    with self.lock:
                        found = self.cache.get(key) if version == self.version else None
                    if found is None:
                        found = self._build(db, path, kind, fragment)
                        with self.lock:
                            if version == self.version:
                                self.cache[key] = found
        return found[0], found[1], self.changed_at

    @staticmethod
    def _build(db, path: str, kind: str, fragment: bool) -> tuple[str, bytes]:  # type: ignore[no-untyped-def]
        built = site.page(db, path)
        if kind == "json":
            if built.data is None:
                raise NotFound(f"no data at {path}.json yet")
            body = (json.dumps(built.data, ensure_ascii=False, indent=2) + "\n").encode()  # as the CLI prints it
        else:
            body = site.render(built, live_href, live=True, fragment=fragment).encode()
        return '"' + hashlib.sha1(body).hexdigest()[:20] + '"', body


def create_app(location: str, scoring: "Scoring | None" = None):  # type: ignore[no-untyped-def]
    """The live view; with ``scoring`` (serve --scoring) also the phones' and the
    desk's routes (web/scoring.py). Without it nothing can be written: POST is 405."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    pages = Pages(location)

    def serve(request: Request) -> Response:
        if request.method not in ("GET", "HEAD"):
            return Response("read-only: nothing here can be changed\n", status_code=405, headers={"Allow": "GET, HEAD"},
                            media_type="text/plain")
        path, kind = site_path(request.url.path)
        try:
            etag, body, modified = pages.get(path, kind, request.query_params.get("fragment") == "1")
        except NotFound as exc:
            return Response(f"<!doctype html><title>Not found</title><p>{escape(str(exc))}. <a href='/'>All events</a></p>",
                            status_code=404, media_type="text/html")
        headers = {"ETag": etag, "Last-Modified": modified, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        media = "application/json" if kind == "json" else "text/html; charset=utf-8"
        return Response(body, media_type=media, headers=headers)

    methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]
    writing = []
    if scoring is not None:
        from crib_tourney.web.scoring import routes

        writing = routes(location, scoring)
    return Starlette(routes=[*writing, Route("/{path:path}", serve, methods=methods)])

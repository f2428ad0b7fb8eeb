"""A player's phone at /p/TOKEN (`serve --scoring`): his table now, his card, and
the result he reports, through services/phone.py as one write transaction.

    GET  /p/TOKEN             the phone page
    GET  /p/TOKEN/state.json  {"entry", "name", "event", "game", "table", "opponent", "entries": [...], "match", ...}
    POST /p/TOKEN/result      {"game", "winner": "me"|"opponent", "loser_score", "key"} -> {"state", ...}
                              (a table of three: {"game", "scores", "key"}; a match game: {"match", "match_game", ...})
    POST /p/TOKEN/checkin     {} -> {"checked_in": true}

Any token that opens nothing (malformed, unknown, revoked) is the same 404.
The handlers read the server's ``Phones`` and settings from ``request.app.state``
(web/writing.py).
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from crib_tourney.errors import CribError
from crib_tourney.services import desk
from crib_tourney.services.database import Db, Reader, data_version, transaction
from crib_tourney.services.phone import (Conflict, Holder, check_in_self, entrant_state, event_states, holder, live_links,
                                         receive)
from crib_tourney.tokens import looks_like_token, token_hash
from crib_tourney.web import security
from crib_tourney.web.security import TooMany
from crib_tourney.web.writing import (BODY_LIMIT, NOT_FOUND, TOO_MANY, address, body, error, location_of, page,
                                      scoring_of, text)


class Phones:
    """The phones' reads, kept per data version as the pages are: the live links
    (token hash -> entrant) and every entrant's state of an event, built once per
    change by one thread, so that a room of phones polling costs a dictionary
    lookup each. A link revoked, a card entered: the version moves, all is rebuilt.

    While the room's results stream in (the version moved twice within
    ``STREAMING_S``) every entrant's state would be rebuilt several times a second,
    and each phone would wait for it: then a phone whose state is not kept for the
    current version is answered with its own state alone (two small queries),
    fresh, never the state before its own report; so is one asking while another
    thread builds the whole event's."""

    STREAMING_S = 5.0

    def __init__(self, location: str):
        self.location = location
        self.lock = threading.Lock()
        self.building = threading.Lock()
        self.version: Any = None
        self.changed = self.changed_before = -1e9
        self.links: dict[str, tuple[int, int]] | None = None
        self.events: dict[int, dict[int, dict[str, Any]]] = {}
        self.reading = Reader(location)

    def state(self, token: str, whole: bool = True) -> dict[str, Any] | None:
        """The phone state a token opens; None for any token that opens nothing.
        With ``whole`` False only whether it opens something ({} if it does):
        a POST needs no state, and should not rebuild every entrant's."""
        wanted = token_hash(token) if looks_like_token(token) else None
        with self.reading() as db:
            version = data_version(db)
            with self.lock:
                if self.version is None or version > self.version:  # never back to an older snapshot's
                    if self.version is not None:
                        self.changed_before, self.changed = self.changed, time.monotonic()
                    self.version, self.links, self.events = version, None, {}
                links, events = (self.links, self.events) if version == self.version else (None, {})
                streaming = self.changed - self.changed_before < self.STREAMING_S
            if links is None:  # one query of the live links: no need to queue behind a build
                links = live_links(db)
                self._keep(version, links, events)
            found = links.get(wanted) if wanted is not None else None
            if found is None or not whole:
                return None if found is None else {}
            event_id, entry_id = found
            if event_id in events:
                return events[event_id].get(entry_id)
            if streaming or not self.building.acquire(blocking=False):
                return self._one(db, event_id, entry_id)
            try:
                with self.lock:
                    events = self.events if version == self.version else {}
                if event_id not in events:
                    events = {**events, event_id: event_states(db, desk.event_of(db, event_id))}
                    self._keep(version, links, events)
            finally:
                self.building.release()
        return events[event_id].get(entry_id)

    @staticmethod
    def _one(db: Db, event_id: int, entry_id: int) -> dict[str, Any] | None:
        """One entrant's state, read now."""
        return entrant_state(db, desk.event_of(db, event_id), entry_id)

    def _keep(self, version: Any, links: dict[str, tuple[int, int]], events: dict[int, dict[int, dict[str, Any]]]) -> None:
        with self.lock:
            if version == self.version:
                self.links, self.events = links, {**self.events, **events}


def _phones(request: Request) -> Phones:
    found: Phones = request.app.state.phones
    return found


def lookup(request: Request, token: str, whole: bool = True) -> Response | dict[str, Any]:
    """The phone's state when the token opens a link; else the 404 (or 429 after too many misses)."""
    scoring = scoring_of(request)
    try:  # the try is taken before the look, given back when the token opens a link
        found = scoring.addresses.check_token(address(request), lambda: _phones(request).state(token, whole))
    except TooMany:
        return text(TOO_MANY, 429, {"Retry-After": "60"})
    return text(NOT_FOUND, 404) if found is None else found


def phone_page(request: Request) -> Response:
    token = request.path_params["token"]
    state = lookup(request, token)
    if isinstance(state, Response):
        return state
    return page(request, "web/phone.html", token=token, state=state, refresh_ms=request.app.state.intervals.refresh_ms)


def phone_json(request: Request) -> Response:
    state = lookup(request, request.path_params["token"])
    if isinstance(state, Response):
        return state
    return JSONResponse(state, headers=security.headers(None))


def record(location: str, token: str, report: object) -> tuple[int, dict[str, Any]]:
    """Record a phone's report in one write transaction: all of it, or nothing; (404, {}) when the token opens nothing."""
    return _write(location, token, lambda db, who: receive(db, who, report))


def check_in(location: str, token: str, sent: object) -> tuple[int, dict[str, Any]]:
    """The player's own check-in, in one write transaction (the body must be {})."""
    if sent != {}:
        raise CribError("send an empty JSON object: {}")
    return _write(location, token, check_in_self)


def _write(location: str, token: str, action: Callable[[Db, Holder], dict[str, Any]]) -> tuple[int, dict[str, Any]]:
    with transaction(location, write=True) as db:
        who = holder(db, token)
        if who is None:
            return 404, {}
        return 200, action(db, who)


async def _post(request: Request, write: Callable[[str, str, object], tuple[int, dict[str, Any]]]) -> Response:
    """A phone's POST: the link checked, the page's CSRF token, the rate per link, a
    JSON body of at most BODY_LIMIT bytes; then ``write`` in one transaction."""
    token = request.path_params["token"]
    refused = await run_in_threadpool(lookup, request, token, False)
    if isinstance(refused, Response):
        return refused
    why = security.csrf_refusal(request, request.headers.get(security.CSRF_HEADER))
    if why:
        return error(why, 403)
    if not scoring_of(request).links.take(token_hash(token)):
        return error(TOO_MANY, 429, {"Retry-After": "60"})
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        return error("send the report as JSON (Content-Type: application/json)", 415)
    raw = await body(request)
    if raw is None:
        return error(f"the report is too long (at most {BODY_LIMIT} bytes)", 413)
    try:
        sent = json.loads(raw)
    except (ValueError, RecursionError):
        return error("the report is not JSON", 400)
    try:
        status, answer = await run_in_threadpool(write, location_of(request), token, sent)
    except Conflict as exc:
        return error(str(exc), 409)
    except CribError as exc:
        return error(str(exc), 400)
    if status == 404:
        return text(NOT_FOUND, 404)
    return JSONResponse(answer, headers=security.headers(None))


async def phone_result(request: Request) -> Response:
    return await _post(request, record)


async def phone_checkin(request: Request) -> Response:
    return await _post(request, check_in)


ROUTES = [
    Route("/p/{token}", phone_page, methods=["GET", "HEAD"]),
    Route("/p/{token}/", phone_page, methods=["GET", "HEAD"]),
    Route("/p/{token}/state.json", phone_json, methods=["GET", "HEAD"]),
    Route("/p/{token}/result", phone_result, methods=["POST"]),
    Route("/p/{token}/checkin", phone_checkin, methods=["POST"]),
]

"""The writing half of `serve --scoring`: a player's phone at /p/TOKEN and the
director's console at /desk/. Reads use the read-only connection; each POST is
one write transaction, its change made through the writer by the same services
as the CLI (services/phone.py, services/desk.py). A POST moves the data version,
so the live pages follow it on their next poll.

    GET  /p/TOKEN             the phone page
    GET  /p/TOKEN/state.json  {"entry", "name", "event", "game", "table", "opponent", "entries": [...]}
    POST /p/TOKEN/result      {"game", "winner": "me"|"opponent", "loser_score", "key"} -> {"state", ...}
    GET  /desk/               the director's sign-in, then the events
    GET  /desk/events/N/      an event's desk; POST .../settle, .../enter, .../undo, .../checkin

Any token that opens nothing (malformed, unknown, revoked) is the same 404.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import parse_qs

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from crib_tourney.errors import CribError, NotFound
from crib_tourney.services import desk
from crib_tourney.services.phone import Conflict, event_states, holder, live_links, parse_report, report_result
from crib_tourney.store.db import read_only, transaction
from crib_tourney.store.writer import ALL, versions
from crib_tourney.tokens import looks_like_token, token_hash
from crib_tourney.tourney.numbers import id_number, whole_number
from crib_tourney.web import security
from crib_tourney.web.reading import Reader
from crib_tourney.web.security import DirectorPassword, Limiter, SignIns, TooMany

BODY_LIMIT = 4096  # a report is ~100 bytes; a desk form less than 200
NOT_FOUND = "Not found\n"


@dataclass
class Scoring:
    """How `serve --scoring` runs: the desk's password (None: no desk), whether the
    client's address is read from X-Forwarded-For, and the rate limit."""

    director: DirectorPassword | None = None
    trust_proxy: bool = False
    per_minute: int = 20
    addresses: SignIns = field(init=False)
    links: Limiter = field(init=False)

    def __post_init__(self) -> None:
        self.addresses = SignIns(self.per_minute)  # failed tries (wrong tokens, wrong passwords) by client address
        self.links = Limiter(self.per_minute)  # reports by personal link


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
        self.events: dict[int, dict[int, dict]] = {}
        self.reading = Reader(location)

    def state(self, token: str, whole: bool = True) -> dict | None:
        """The phone state a token opens; None for any token that opens nothing.
        With ``whole`` False only whether it opens something ({} if it does):
        a POST needs no state, and should not rebuild every entrant's."""
        wanted = token_hash(token) if looks_like_token(token) else None
        with self.reading() as db:
            version = versions(db, [ALL])
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
    def _one(db, event_id: int, entry_id: int) -> dict | None:  # type: ignore[no-untyped-def]
        """One entrant's state, read now."""
        from crib_tourney.services.phone import Holder, phone_state
        from crib_tourney.store.directory import entries_of, entry_names

        event = desk.event_of(db, event_id)
        entry = next((e for e in entries_of(db, event) if e.id == entry_id), None)
        if entry is None:
            return None
        return phone_state(db, Holder(event, entry, entry_names(db, event)[entry_id]))

    def _keep(self, version: Any, links: dict[str, tuple[int, int]], events: dict[int, dict[int, dict]]) -> None:
        with self.lock:
            if version == self.version:
                self.links, self.events = links, {**self.events, **events}


def _text(message: str, status: int, extra: dict[str, str] | None = None) -> Response:
    return Response(message if message.endswith("\n") else message + "\n", status_code=status, media_type="text/plain",
                    headers={**security.headers(None), **(extra or {})})


def _error(message: str, status: int, extra: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers={**security.headers(None), **(extra or {})})


TOO_MANY = "too many tries: wait a minute"


def _render(template: str, nonce: str, **context: Any) -> str:
    from crib_tourney.render.templates import environment

    return environment().get_template(template).render(nonce=nonce, **context)


def _page(request: Request, template: str, status: int = 200, **context: Any) -> Response:
    """A scoring page: a fresh nonce for its inline script and style, the CSRF token
    in the page and its cookie."""
    nonce, csrf = security.new_nonce(), security.csrf_value(request)
    response = Response(_render(template, nonce, csrf=csrf, **context), status_code=status, media_type="text/html",
                        headers=security.headers(nonce))
    security.set_cookie(response, request, security.CSRF_COOKIE, csrf, max_age=30 * 24 * 3600)
    return response


async def _body(request: Request) -> bytes | None:
    """The request's body, or None past BODY_LIMIT (read no further than that)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > BODY_LIMIT:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_LIMIT:
            return None
    return body


def routes(location: str, scoring: Scoring) -> list[Route]:
    """The phone's and the desk's routes, mounted before the read-only pages."""

    phones = Phones(location)

    def address(request: Request) -> str:
        return security.client_address(request, scoring.trust_proxy)

    def lookup(request: Request, token: str, whole: bool = True) -> Response | dict:
        """The phone's state when the token opens a link; else the 404 (or 429 after too many misses)."""
        try:  # a try taken before the token is looked up (a dictionary lookup), given back when it opens a link
            found = scoring.addresses.check_token(address(request), lambda: phones.state(token, False))
        except TooMany:
            return _text(TOO_MANY, 429, {"Retry-After": "60"})
        if found is not None and whole:  # the state, built (if need be) with no try held
            found = phones.state(token, whole)
        return _text(NOT_FOUND, 404) if found is None else found

    # --- the phone -----------------------------------------------------------------

    def phone_page(request: Request) -> Response:
        token = request.path_params["token"]
        state = lookup(request, token)
        if isinstance(state, Response):
            return state
        return _page(request, "web/phone.html", token=token, state=state)

    def phone_json(request: Request) -> Response:
        state = lookup(request, request.path_params["token"])
        if isinstance(state, Response):
            return state
        return JSONResponse(state, headers=security.headers(None))

    def record(token: str, body: object) -> tuple[int, dict]:
        with transaction(location, write=True) as db:  # one transaction: all of it, or nothing
            who = holder(db, token)
            if who is None:
                return 404, {}
            report = parse_report(body, who.event.settings.scoring_rules().target_loses)
            return 200, report_result(db, who, report)

    async def phone_result(request: Request) -> Response:
        token = request.path_params["token"]
        refused = await run_in_threadpool(lookup, request, token, False)
        if isinstance(refused, Response):
            return refused
        why = security.csrf_refusal(request, request.headers.get(security.CSRF_HEADER))
        if why:
            return _error(why, 403)
        if not scoring.links.take(token_hash(token)):
            return _error(TOO_MANY, 429, {"Retry-After": "60"})
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return _error("send the report as JSON (Content-Type: application/json)", 415)
        raw = await _body(request)
        if raw is None:
            return _error(f"the report is too long (at most {BODY_LIMIT} bytes)", 413)
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):
            return _error("the report is not JSON", 400)
        try:
            status, answer = await run_in_threadpool(record, token, body)
        except Conflict as exc:
            return _error(str(exc), 409)
        except CribError as exc:
            return _error(str(exc), 400)
        if status == 404:
            return _text(NOT_FOUND, 404)
        return JSONResponse(answer, headers=security.headers(None))

    # --- the desk ------------------------------------------------------------------

    def signed_in(request: Request) -> bool:
        return scoring.director is not None and scoring.director.valid(request.cookies.get(security.SESSION_COOKIE), location)

    def desk_home(request: Request) -> Response:
        if scoring.director is None:
            return _text(NOT_FOUND, 404)
        if not signed_in(request):
            return _page(request, "web/desk.html", view="sign-in", message=None)
        from crib_tourney.services.events import event_summaries

        with read_only(location) as db:
            events = event_summaries(db)
        return _page(request, "web/desk.html", view="events", events=events, message=None)

    def desk_view(event_id: int) -> dict:
        from crib_tourney.store.writer import Log, log_entries

        with read_only(location) as db:
            event = desk.event_of(db, event_id)
            recent = [e for e in log_entries(db, Log(event.id)) if e.action not in ("new-event",)][-8:][::-1]
            return {"event": event, "waiting": desk.waiting(db, event), "check_in": desk.check_in_list(db, event),
                    "recent": recent}

    def desk_event(request: Request, message: str | None = None, status: int = 200) -> Response:
        if not signed_in(request):
            return RedirectResponse("/desk/", status_code=303)
        event_id = _event_id(request)
        if event_id is None:
            return _text(NOT_FOUND, 404)
        try:
            view = desk_view(event_id)
        except CribError:
            return _text(NOT_FOUND, 404)
        return _page(request, "web/desk.html", status=status, view="event", message=message, **view)

    async def desk_login(request: Request) -> Response:
        if scoring.director is None:
            return _text(NOT_FOUND, 404)
        if scoring.addresses.spent(address(request)):
            return _text(TOO_MANY, 429, {"Retry-After": "60"})
        form = await _form(request)
        if form is None:
            return _text(f"the form is too long (at most {BODY_LIMIT} bytes)", 413)
        why = security.csrf_refusal(request, form.get("csrf"))
        if why:
            return _text(why, 403)
        director = scoring.director
        try:  # a try taken and a place among the checks in flight before the scrypt; the try given back if right
            right = await scoring.addresses.check_password(address(request), director, form.get("password", ""))
        except TooMany:
            return _text(TOO_MANY, 429, {"Retry-After": "60"})
        if not right:
            return _page(request, "web/desk.html", status=403, view="sign-in", message="wrong password")
        response = RedirectResponse("/desk/", status_code=303, headers=security.headers(None))
        session = await run_in_threadpool(director.session, location)
        security.set_cookie(response, request, security.SESSION_COOKIE, session, max_age=security.SESSION_SECONDS)
        return response

    async def desk_logout(request: Request) -> Response:
        form = await _form(request)
        why = security.csrf_refusal(request, (form or {}).get("csrf"))
        if why:
            return _text(why, 403)
        if scoring.director is not None:  # the session's row goes: its cookie opens nothing anywhere
            await run_in_threadpool(scoring.director.end, request.cookies.get(security.SESSION_COOKIE), location)
        response = RedirectResponse("/desk/", status_code=303, headers=security.headers(None))
        response.delete_cookie(security.SESSION_COOKIE, path="/", httponly=True, samesite="strict")
        return response

    actions: dict[str, Callable[..., Any]] = {
        "settle": lambda db, event, f: desk.settle(db, event, _number(f, "game"), _number(f, "table")),
        "enter": lambda db, event, f: desk.enter(db, event, _number(f, "game"), _number(f, "table"), _number(f, "score1"),
                                                 _number(f, "score2")),
        "undo": lambda db, event, f: desk.undo(db, event),
        "checkin": lambda db, event, f: desk.check_in(db, event, _number(f, "entry"), f.get("present") == "1"),
    }

    def act(event_id: int, action: str, form: dict[str, str]) -> None:
        with transaction(location, write=True) as db:
            actions[action](db, desk.event_of(db, event_id), form)

    async def desk_action(request: Request) -> Response:
        if scoring.director is None:
            return _text(NOT_FOUND, 404)
        action = request.path_params["action"]
        if action not in actions:
            return _text(NOT_FOUND, 404)
        form = await _form(request)
        if form is None:
            return _text(f"the form is too long (at most {BODY_LIMIT} bytes)", 413)
        why = security.csrf_refusal(request, form.get("csrf"))
        if why:
            return _text(why, 403)
        if not await run_in_threadpool(signed_in, request):
            return _text("sign in at /desk/ first", 403)
        event_id = _event_id(request)
        if event_id is None:
            return _text(NOT_FOUND, 404)
        try:
            await run_in_threadpool(act, event_id, action, form)
        except NotFound:
            return _text(NOT_FOUND, 404)
        except Conflict as exc:
            return await run_in_threadpool(desk_event, request, str(exc), 409)
        except CribError as exc:
            return await run_in_threadpool(desk_event, request, str(exc), 400)
        return RedirectResponse(f"/desk/events/{event_id}/", status_code=303, headers=security.headers(None))

    event = "{event}"  # read by _event_id: ASCII digits, no longer than an id (int() of 5,000 digits raises)
    return [
        Route("/p/{token}", phone_page, methods=["GET", "HEAD"]),
        Route("/p/{token}/", phone_page, methods=["GET", "HEAD"]),
        Route("/p/{token}/state.json", phone_json, methods=["GET", "HEAD"]),
        Route("/p/{token}/result", phone_result, methods=["POST"]),
        Route("/desk/", desk_home, methods=["GET", "HEAD"]),
        Route("/desk/login", desk_login, methods=["POST"]),
        Route("/desk/logout", desk_logout, methods=["POST"]),
        Route(f"/desk/events/{event}/", desk_event, methods=["GET", "HEAD"]),
        Route(f"/desk/events/{event}/{{action}}", desk_action, methods=["POST"]),
    ]


async def _form(request: Request) -> dict[str, str] | None:
    """A URL-encoded form's fields (the first of each name); None past BODY_LIMIT."""
    raw = await _body(request)
    if raw is None:
        return None
    try:
        fields = parse_qs(raw.decode("utf-8"), keep_blank_values=True, max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        return {}
    return {k: v[0] for k, v in fields.items()}


def _event_id(request: Request) -> int | None:
    return id_number(request.path_params["event"])


def _number(form: dict[str, str], name: str) -> int:
    return whole_number(form.get(name, "").strip(), name)

"""The director's console at /desk/ (`serve --scoring --director-password-file`):
sign in, the events (status and what waits), and an event's desk: the whole round
at a glance, the games waiting for a card or disputed, settle, enter (a table of
two or three, a playoff match game), undo, check-in with what each owes. Each
action is one write transaction through services/desk.py, as the CLI's commands
decide, and answers with a receipt naming the change and its log number.

The desk sees what it changes: settling and entering a table first show a page of
what they act on (GET .../settle, .../enter: the cards, the ACC 12.2 item and the
result; the names at the table, and after the cut the re-cut to confirm); undo
carries the log number the page showed and is refused (409) when a newer change
has arrived, naming it.

    GET  /desk/               the director's sign-in, then the events
    POST /desk/login, /desk/logout
    GET  /desk/events/N/      an event's desk (?game=G: that game's grid; ?q=NAME: the check-in list filtered)
    GET  /desk/events/N/settle?game=G&table=T, .../enter?game=G&table=T    what the action will do
    POST /desk/events/N/settle, .../enter, .../match, .../undo, .../checkin

The handlers read the settings from ``request.app.state`` (web/writing.py).
"""

from __future__ import annotations

from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from crib_tourney.errors import CribError, NotFound, Stale
from crib_tourney.inputs.money import cents
from crib_tourney.services import desk as desk_service
from crib_tourney.services.database import Db, read_only, transaction
from crib_tourney.services.phone import Conflict
from crib_tourney.services.site import Event
from crib_tourney.tourney.names import fold
from crib_tourney.tourney.numbers import id_number, whole_number
from crib_tourney.web import security
from crib_tourney.web.security import TooMany
from crib_tourney.web.writing import BODY_LIMIT, NOT_FOUND, TOO_MANY, address, form, location_of, page, scoring_of, text


def signed_in(request: Request) -> bool:
    """Whether the request carries a live desk session (read from the database: run it off the event loop)."""
    director = scoring_of(request).director
    return director is not None and director.valid(request.cookies.get(security.SESSION_COOKIE), location_of(request))


def desk_home(request: Request) -> Response:
    if scoring_of(request).director is None:
        return text(NOT_FOUND, 404)
    if not signed_in(request):
        return page(request, "web/desk.html", view="sign-in", message=None)
    with read_only(location_of(request)) as db:
        events = desk_service.event_list(db)
    return page(request, "web/desk.html", view="events", events=events, message=None)


def desk_view(location: str, event_id: int, game: int | None = None, name: str = "", done: int | None = None) -> dict[str, Any]:
    """What an event's desk shows (NotFound, a CribError, for no such event): the
    round grid (of ``game``, else the current one), the waiting games, the open
    matches, the recent changes (the newest first: undo names it), the check-in
    list (filtered by ``name``, withdrawn entrants left out), and the receipt of
    change ``done``."""
    with read_only(location) as db:
        event = desk_service.event_of(db, event_id)
        recent = desk_service.recent(db, event)
        folded = fold(name)
        check_in = [c for c in desk_service.check_in_list(db, event) if not c.withdrawn and folded in fold(c.name)]
        receipt = next((e for e in recent if e.id == done), None) if done is not None else None
        return {"event": event, "grid": desk_service.round_grid(db, event, game), "waiting": desk_service.waiting(db, event),
                "matches": desk_service.open_matches(db, event), "check_in": check_in, "name": name, "recent": recent,
                "undoable": desk_service.next_undo(db, event), "receipt": receipt,
                "shortfall": desk_service.money_warning(db, event)}


def desk_event(request: Request, message: str | None = None, status: int = 200) -> Response:
    if not signed_in(request):
        return RedirectResponse("/desk/", status_code=303)
    event_id = _event_id(request)
    if event_id is None:
        return text(NOT_FOUND, 404)
    query = request.query_params
    try:
        game = _number(dict(query), "game") if query.get("game") else None
        done = _number(dict(query), "done") if query.get("done") else None
        view = desk_view(location_of(request), event_id, game, query.get("q", "")[:80], done)
    except NotFound:
        return text(NOT_FOUND, 404)
    except CribError as exc:
        if status == 200:
            return _plain_desk(request, str(exc))
        return text(NOT_FOUND, 404)
    return page(request, "web/desk.html", status=status, view="event", message=message, **view)


def _plain_desk(request: Request, message: str) -> Response:
    """An event's desk with a bad query (a game not scheduled): the plain desk, saying so."""
    event_id = _event_id(request)
    assert event_id is not None
    try:
        view = desk_view(location_of(request), event_id)
    except CribError:
        return text(NOT_FOUND, 404)
    return page(request, "web/desk.html", status=400, view="event", message=message, **view)


def desk_preview(request: Request) -> Response:
    """GET .../settle or .../enter: what the action will do, and its confirm."""
    if scoring_of(request).director is None:
        return text(NOT_FOUND, 404)
    if not signed_in(request):
        return RedirectResponse("/desk/", status_code=303)
    event_id = _event_id(request)
    action = request.path_params["action"]
    if event_id is None or action not in ("settle", "enter"):
        return text(NOT_FOUND, 404)
    query = dict(request.query_params)
    try:
        with read_only(location_of(request)) as db:
            event = desk_service.event_of(db, event_id)
            game, table = _number(query, "game"), _number(query, "table")
            if action == "settle":
                preview = desk_service.settle_preview(db, event, game, table)
                return page(request, "web/desk.html", view="settle", event=event, preview=preview, message=None)
            at = desk_service.table_at(db, event, game, table)
            return page(request, "web/desk.html", view="enter", event=event, at=at, message=None)
    except NotFound:
        return text(NOT_FOUND, 404)
    except CribError as exc:
        return desk_event(request, str(exc), 409 if isinstance(exc, Conflict) else 400)


async def desk_login(request: Request) -> Response:
    scoring = scoring_of(request)
    director = scoring.director
    if director is None:
        return text(NOT_FOUND, 404)
    if scoring.addresses.spent(address(request)):
        return text(TOO_MANY, 429, {"Retry-After": "60"})
    fields = await _posted(request)
    if isinstance(fields, Response):
        return fields
    try:  # a try taken and a place among the checks in flight before the scrypt; the try given back if right
        right = await scoring.addresses.check_password(address(request), director, fields.get("password", ""))
    except TooMany:
        return text(TOO_MANY, 429, {"Retry-After": "60"})
    if not right:
        return page(request, "web/desk.html", status=403, view="sign-in", message="wrong password")
    response = RedirectResponse("/desk/", status_code=303, headers=security.headers(None))
    session = await run_in_threadpool(director.session, location_of(request))
    security.set_cookie(response, request, security.SESSION_COOKIE, session, max_age=security.SESSION_SECONDS)
    return response


async def desk_logout(request: Request) -> Response:
    fields = await form(request)
    why = security.csrf_refusal(request, (fields or {}).get("csrf"))
    if why:
        return text(why, 403)
    director = scoring_of(request).director
    if director is not None:  # the session's row goes: its cookie opens nothing anywhere
        await run_in_threadpool(director.end, request.cookies.get(security.SESSION_COOKIE), location_of(request))
    response = RedirectResponse("/desk/", status_code=303, headers=security.headers(None))
    response.delete_cookie(security.SESSION_COOKIE, path="/", httponly=True, samesite="strict")
    return response


def _scores(fields: dict[str, str], count: int) -> tuple[int, ...]:
    """score1..scoreN as typed (a table of three gives score3)."""
    given = [_number(fields, f"score{i}") for i in range(1, count + 1) if fields.get(f"score{i}", "").strip() or i <= 2]
    return tuple(given)


def _paid(fields: dict[str, str]) -> int | None:
    typed = fields.get("amount", "").strip()
    return None if not typed else cents(typed, "amount")


ACTIONS: dict[str, Callable[[Db, Event, dict[str, str]], Any]] = {
    "settle": lambda db, event, f: desk_service.settle(db, event, _number(f, "game"), _number(f, "table"),
                                                       seen=f["seen"][:2000] if "seen" in f else None),
    "enter": lambda db, event, f: desk_service.enter(db, event, _number(f, "game"), _number(f, "table"), *_scores(f, 3),
                                                     recut=f.get("recut") == "1"),
    "match": lambda db, event, f: desk_service.enter_match_game(
        db, event, f.get("match", "")[:12], (_number(f, "score1"), _number(f, "score2")),
        _number(f, "match_game") if f.get("match_game", "").strip() else None),
    "undo": lambda db, event, f: desk_service.undo(db, event, expected=_number(f, "change")),
    "checkin": lambda db, event, f: desk_service.check_in(db, event, _number(f, "entry"), f.get("present") == "1",
                                                          paid=_paid(f)),
}


def act(location: str, event_id: int, action: str, fields: dict[str, str]) -> int | None:
    """One desk action in one write transaction; the log number of the change it made."""
    with transaction(location, write=True) as db:
        event = desk_service.event_of(db, event_id)
        before = desk_service.newest_change(db, event)
        ACTIONS[action](db, event, fields)
        after = desk_service.newest_change(db, event)
        return after.id if after is not None and (before is None or after.id != before.id) else None


async def desk_action(request: Request) -> Response:
    if scoring_of(request).director is None:
        return text(NOT_FOUND, 404)
    action = request.path_params["action"]
    if action not in ACTIONS:
        return text(NOT_FOUND, 404)
    fields = await _posted(request)
    if isinstance(fields, Response):
        return fields
    if not await run_in_threadpool(signed_in, request):
        return text("sign in at /desk/ first", 403)
    event_id = _event_id(request)
    if event_id is None:
        return text(NOT_FOUND, 404)
    try:
        done = await run_in_threadpool(act, location_of(request), event_id, action, fields)
    except NotFound:
        return text(NOT_FOUND, 404)
    except (Conflict, Stale) as exc:
        return await run_in_threadpool(desk_event, request, str(exc), 409)
    except CribError as exc:
        return await run_in_threadpool(desk_event, request, str(exc), 400)
    receipt = f"?done={done}" if done is not None else ""
    return RedirectResponse(f"/desk/events/{event_id}/{receipt}", status_code=303, headers=security.headers(None))


async def _posted(request: Request) -> dict[str, str] | Response:
    """A desk form's fields, or the refusal: 413 past BODY_LIMIT, 403 without this site's CSRF token."""
    fields = await form(request)
    if fields is None:
        return text(f"the form is too long (at most {BODY_LIMIT} bytes)", 413)
    why = security.csrf_refusal(request, fields.get("csrf"))
    if why:
        return text(why, 403)
    return fields


def _event_id(request: Request) -> int | None:
    return id_number(request.path_params["event"])


def _number(fields: dict[str, str], name: str) -> int:
    return whole_number(fields.get(name, "").strip(), name)


_EVENT = "{event}"  # read by _event_id: ASCII digits, no longer than an id (int() of 5,000 digits raises)
ROUTES = [
    Route("/desk/", desk_home, methods=["GET", "HEAD"]),
    Route("/desk/login", desk_login, methods=["POST"]),
    Route("/desk/logout", desk_logout, methods=["POST"]),
    Route(f"/desk/events/{_EVENT}/", desk_event, methods=["GET", "HEAD"]),
    Route(f"/desk/events/{_EVENT}/{{action}}", desk_preview, methods=["GET", "HEAD"]),
    Route(f"/desk/events/{_EVENT}/{{action}}", desk_action, methods=["POST"]),
]

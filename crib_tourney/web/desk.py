"""The director's console at /desk/ (`serve --scoring --director-password-file`):
sign in, the events, and an event's desk: the games waiting for a card or
disputed, settle, enter, undo, check-in. Each action is one write transaction
through services/desk.py, as the CLI's commands decide.

    GET  /desk/               the director's sign-in, then the events
    POST /desk/login, /desk/logout
    GET  /desk/events/N/      an event's desk; POST .../settle, .../enter, .../undo, .../checkin

The handlers read the settings from ``request.app.state`` (web/writing.py).
"""

from __future__ import annotations

from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from crib_tourney.errors import CribError, NotFound
from crib_tourney.services import desk as desk_service
from crib_tourney.services.database import Db, read_only, transaction
from crib_tourney.services.events import event_summaries
from crib_tourney.services.phone import Conflict
from crib_tourney.services.site import Event
from crib_tourney.tourney.numbers import id_number, whole_number
from crib_tourney.web import security
from crib_tourney.web.writing import BODY_LIMIT, NOT_FOUND, TOO_MANY, address, form, location_of, page, scoring_of, text


def signed_in(request: Request) -> bool:
    director = scoring_of(request).director
    return director is not None and director.valid(request.cookies.get(security.SESSION_COOKIE))


def desk_home(request: Request) -> Response:
    if scoring_of(request).director is None:
        return text(NOT_FOUND, 404)
    if not signed_in(request):
        return page(request, "web/desk.html", view="sign-in", message=None)
    with read_only(location_of(request)) as db:
        events = event_summaries(db)
    return page(request, "web/desk.html", view="events", events=events, message=None)


def desk_view(location: str, event_id: int) -> dict:
    """What an event's desk shows (NotFound, a CribError, for no such event)."""
    with read_only(location) as db:
        event = desk_service.event_of(db, event_id)
        return {"event": event, "waiting": desk_service.waiting(db, event), "check_in": desk_service.check_in_list(db, event),
                "recent": desk_service.recent(db, event)}


def desk_event(request: Request, message: str | None = None, status: int = 200) -> Response:
    if not signed_in(request):
        return RedirectResponse("/desk/", status_code=303)
    event_id = _event_id(request)
    if event_id is None:
        return text(NOT_FOUND, 404)
    try:
        view = desk_view(location_of(request), event_id)
    except CribError:
        return text(NOT_FOUND, 404)
    return page(request, "web/desk.html", status=status, view="event", message=message, **view)


async def desk_login(request: Request) -> Response:
    scoring = scoring_of(request)
    director = scoring.director
    if director is None:
        return text(NOT_FOUND, 404)
    if scoring.addresses.empty(address(request)):
        return text(TOO_MANY, 429, {"Retry-After": "60"})
    fields = await form(request)
    if fields is None:
        return text(f"the form is too long (at most {BODY_LIMIT} bytes)", 413)
    why = security.csrf_refusal(request, fields.get("csrf"))
    if why:
        return text(why, 403)
    if not await run_in_threadpool(director.check, fields.get("password", "")):
        scoring.addresses.take(address(request))
        return page(request, "web/desk.html", status=403, view="sign-in", message="wrong password")
    response = RedirectResponse("/desk/", status_code=303, headers=security.headers(None))
    security.set_cookie(response, request, security.SESSION_COOKIE, director.session(), max_age=security.SESSION_SECONDS)
    return response


async def desk_logout(request: Request) -> Response:
    fields = await form(request)
    why = security.csrf_refusal(request, (fields or {}).get("csrf"))
    if why:
        return text(why, 403)
    response = RedirectResponse("/desk/", status_code=303, headers=security.headers(None))
    response.delete_cookie(security.SESSION_COOKIE, path="/", httponly=True, samesite="strict")
    return response


ACTIONS: dict[str, Callable[[Db, Event, dict[str, str]], Any]] = {
    "settle": lambda db, event, f: desk_service.settle(db, event, _number(f, "game"), _number(f, "table")),
    "enter": lambda db, event, f: desk_service.enter(db, event, _number(f, "game"), _number(f, "table"),
                                                     _number(f, "score1"), _number(f, "score2")),
    "undo": lambda db, event, f: desk_service.undo(db, event),
    "checkin": lambda db, event, f: desk_service.check_in(db, event, _number(f, "entry"), f.get("present") == "1"),
}


def act(location: str, event_id: int, action: str, fields: dict[str, str]) -> None:
    """One desk action in one write transaction."""
    with transaction(location, write=True) as db:
        ACTIONS[action](db, desk_service.event_of(db, event_id), fields)


async def desk_action(request: Request) -> Response:
    if scoring_of(request).director is None:
        return text(NOT_FOUND, 404)
    action = request.path_params["action"]
    if action not in ACTIONS:
        return text(NOT_FOUND, 404)
    fields = await form(request)
    if fields is None:
        return text(f"the form is too long (at most {BODY_LIMIT} bytes)", 413)
    why = security.csrf_refusal(request, fields.get("csrf"))
    if why:
        return text(why, 403)
    if not signed_in(request):
        return text("sign in at /desk/ first", 403)
    event_id = _event_id(request)
    if event_id is None:
        return text(NOT_FOUND, 404)
    try:
        await run_in_threadpool(act, location_of(request), event_id, action, fields)
    except NotFound:
        return text(NOT_FOUND, 404)
    except Conflict as exc:
        return await run_in_threadpool(desk_event, request, str(exc), 409)
    except CribError as exc:
        return await run_in_threadpool(desk_event, request, str(exc), 400)
    return RedirectResponse(f"/desk/events/{event_id}/", status_code=303, headers=security.headers(None))


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
    Route(f"/desk/events/{_EVENT}/{{action}}", desk_action, methods=["POST"]),
]

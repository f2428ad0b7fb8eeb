"""The writing half of `serve --scoring`: what the phones (web/phones.py) and the
director's desk (web/desk.py) share. Reads use the read-only connection; each
POST is one write transaction, its change made through the writer by the same
services as the CLI (services/phone.py, services/desk.py). A POST moves the data
version, so the live pages follow it on their next poll.

The handlers are module-level functions. What they need is set on the app by
``create_app`` (web/server.py) and read here: ``app.state.scoring`` (the
``Scoring`` settings below), ``app.state.location`` (the database) and
``app.state.phones`` (the phones' reads, kept per data version).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from crib_tourney.web import security
from crib_tourney.web.security import DirectorPassword, Limiter, SignIns
from crib_tourney.render.templates import environment

BODY_LIMIT = 4096  # a report is ~100 bytes; a desk form less than 200
NOT_FOUND = "Not found\n"
TOO_MANY = "too many tries: wait a minute"


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


def scoring_of(request: Request) -> Scoring:
    found: Scoring = request.app.state.scoring
    return found


def location_of(request: Request) -> str:
    found: str = request.app.state.location
    return found


def address(request: Request) -> str:
    """The client's address, as the rate limits count it."""
    return security.client_address(request, scoring_of(request).trust_proxy)


ERRORS = {404: ("Not found", "No page here. A personal link may have been mistyped or replaced: see the desk.", ""),
          429: ("Too many tries", "Too many tries from this address: wait a minute, then try again.",
                "Each address has a few tries a minute, so that nobody can guess a link or the desk's password.")}


def error_page(status: int, message: str | None = None) -> str:
    """The styled page of a 404 or 429 (the site's look, a language, a heading):
    one body for every link that opens nothing, so that none tells anything apart."""

    heading, said, hint = ERRORS[status]
    return environment().get_template("web/error.html").render(kind=f"Error {status}", heading=heading, message=message or said,
                                                               hint=hint)


def error_headers() -> dict[str, str]:
    """An error page's headers: no script at all; its one inline style allowed."""
    found = security.headers(None)
    return found | {"Content-Security-Policy": found["Content-Security-Policy"].replace("style-src 'none'", "style-src 'unsafe-inline'")}


def text(message: str, status: int, extra: dict[str, str] | None = None) -> Response:
    """A plain answer; a 404 or 429 is the styled error page."""
    if status in ERRORS:
        return Response(error_page(status), status_code=status, media_type="text/html", headers={**error_headers(), **(extra or {})})
    return Response(message if message.endswith("\n") else message + "\n", status_code=status, media_type="text/plain",
                    headers={**security.headers(None), **(extra or {})})


def error(message: str, status: int, extra: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers={**security.headers(None), **(extra or {})})


def _render(template: str, nonce: str, **context: Any) -> str:
    return environment().get_template(template).render(nonce=nonce, **context)


def page(request: Request, template: str, status: int = 200, **context: Any) -> Response:
    """A scoring page: a fresh nonce for its inline script and style, the CSRF token
    in the page and its cookie."""
    nonce, csrf = security.new_nonce(), security.csrf_value(request)
    response = Response(_render(template, nonce, csrf=csrf, **context), status_code=status, media_type="text/html",
                        headers=security.headers(nonce))
    security.set_cookie(response, request, security.CSRF_COOKIE, csrf, max_age=30 * 24 * 3600)
    return response


async def body(request: Request) -> bytes | None:
    """The request's body, or None past BODY_LIMIT (read no further than that)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > BODY_LIMIT:
        return None
    read = b""
    async for chunk in request.stream():
        read += chunk
        if len(read) > BODY_LIMIT:
            return None
    return read


async def form(request: Request) -> dict[str, str] | None:
    """A URL-encoded form's fields (the first of each name); None past BODY_LIMIT."""
    raw = await body(request)
    if raw is None:
        return None
    try:
        fields = parse_qs(raw.decode("utf-8"), keep_blank_values=True, max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        return {}
    return {k: v[0] for k, v in fields.items()}

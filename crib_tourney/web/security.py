"""What keeps the scoring pages (`serve --scoring`) safe to put on a venue's Wi-Fi.

- **CSRF**: every POST must come from a page of this site. The Origin header (or,
  without one, the Referer) must name the host the request was sent to, and the
  request must carry the token of the `crib_csrf` cookie (double submit: a page of
  this site embeds the cookie's value; another site can neither read the cookie
  nor the page). The cookie is HttpOnly and SameSite=Strict.
- **Rate limits**, in memory per process: a token bucket per personal link (its
  POSTs) and one per client address (wrong tokens, wrong passwords): 20 a minute,
  then 429. A try is taken from the bucket BEFORE the token or password is checked,
  under the bucket's lock, and given back when it opened something: 60 guesses
  sent at once get 20 checks, not 60 (checking first and spending after let all
  60 through). Behind a reverse proxy every request comes from the proxy's address;
  `--trust-proxy` reads the client's from the last X-Forwarded-For entry instead
  (only safe when the proxy sets it).
- **Sign-ins in flight**: a password check is a 16 MB, 50 ms scrypt. At most
  ``SignIns.PER_ADDRESS`` of them run at once for one address and ``SignIns.OVERALL``
  in all, on threads of their own (not the pool that answers phones and builds
  pages); past either cap a sign-in is 429 at once.
- **Content-Security-Policy** with a fresh nonce per response: the page's own
  inline script and style run, nothing else loads; no framing; no referrer to
  other sites (a personal link's token is in its URL).
- **The director's password**: read from a file once at start, kept only as its
  scrypt hash. A desk session is a row in the database (store/sessions.py) named
  by a random cookie signed with a key derived from the password: a logout deletes
  the row, so the cookie replayed opens nothing, in this process or any other
  `serve` of the database; a session ends after ``IDLE_SECONDS`` unused and after
  ``SESSION_SECONDS`` in all (an event day); a new password ends them all.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TypeVar
from concurrent.futures import ThreadPoolExecutor
import asyncio
from urllib.parse import urlsplit

from crib_tourney.errors import CribError
from crib_tourney.services import desk_sessions

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response

CSRF_COOKIE = "crib_csrf"
SESSION_COOKIE = "crib_desk"
CSRF_HEADER = "x-csrf-token"
SESSION_SECONDS = 14 * 3600  # the longest event day, 9:00 to 23:00, however busy the desk
IDLE_SECONDS = 3 * 3600  # a desk left alone this long is signed out
SEEN_EVERY = 60  # a session's last use is written at most once a minute
T = TypeVar("T")


# --- rate limits ---------------------------------------------------------------------

class Limiter:
    """Token buckets by key: ``per_minute`` tries, refilled steadily."""

    def __init__(self, per_minute: int = 20, clock: Callable[[], float] = time.monotonic):
        self.rate = per_minute / 60.0
        self.capacity = float(per_minute)
        self.clock = clock
        self.lock = threading.Lock()
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def _level(self, key: str, now: float) -> float:
        tokens, when = self.buckets.get(key, (self.capacity, now))
        return min(self.capacity, tokens + (now - when) * self.rate)

    def take(self, key: str) -> bool:
        """Spend one try; False (nothing spent) when the bucket is empty."""
        with self.lock:
            now = self.clock()
            level = self._level(key, now)
            if level < 1:
                return False
            self.buckets[key] = (level - 1, now)
            if len(self.buckets) > 100_000:  # full buckets carry no information: forget them
                self.buckets = {k: v for k, v in self.buckets.items() if self._level(k, now) < self.capacity}
            return True

    def empty(self, key: str) -> bool:
        """No try left (looking spends nothing)."""
        with self.lock:
            return self._level(key, self.clock()) < 1

    def give_back(self, key: str) -> None:
        """Return a try taken for a check that succeeded (a right token or password)."""
        with self.lock:
            now = self.clock()
            self.buckets[key] = (min(self.capacity, self._level(key, now) + 1), now)


class TooMany(Exception):
    """Past a limit: the answer is 429."""


class SignIns:
    """Failed tries by client address, taken before each check and given back
    when it succeeds, and the password checks in flight, capped per address and
    in all. ``check_token`` is for the cheap checks (a link's token: a dictionary
    lookup), ``check_password`` for the director's scrypt."""

    PER_ADDRESS = 2  # password checks at once from one address
    OVERALL = 4  # ... and from everyone: 4 x 16 MB; the other threads stay free for phones and pages

    def __init__(self, per_minute: int = 20, clock: Callable[[], float] = time.monotonic):
        self.tries = Limiter(per_minute, clock)
        self.lock = threading.Lock()
        self.flying: dict[str, int] = {}
        self.looking: dict[str, int] = {}  # token checks in flight, by address
        self.looked = threading.Condition()  # ... one of them has landed
        self.pool = ThreadPoolExecutor(max_workers=self.OVERALL, thread_name_prefix="sign-in")

    def spent(self, key: str) -> bool:
        return self.tries.empty(key)

    TOKEN_WAIT = 5.0  # seconds a token check may wait for the checks in flight before it to land

    def check_token(self, key: str, look: Callable[[], T | None]) -> T | None:
        """``look()``, its try reserved first; None (the try spent) when it found nothing.
        When no try is left but checks from the address are in flight (a room of
        phones behind one address opening their pages at once), it waits for them to
        land: a right token gives its try back. TooMany when the tries are spent by
        wrong tokens. So at most the tries left are ever being checked at once."""
        deadline = time.monotonic() + self.TOKEN_WAIT
        with self.looked:
            while not self.tries.take(key):
                left = deadline - time.monotonic()
                if not self.looking.get(key) or left <= 0:
                    raise TooMany
                self.looked.wait(left)
            self.looking[key] = self.looking.get(key, 0) + 1
        found = None
        try:
            found = look()
        finally:
            with self.looked:
                if found is not None:
                    self.tries.give_back(key)
                in_flight = self.looking.pop(key) - 1
                if in_flight:
                    self.looking[key] = in_flight
                self.looked.notify_all()
        return found

    def _board(self, key: str) -> None:
        with self.lock:
            if self.flying.get(key, 0) >= self.PER_ADDRESS or sum(self.flying.values()) >= self.OVERALL:
                raise TooMany
            if not self.tries.take(key):
                raise TooMany
            self.flying[key] = self.flying.get(key, 0) + 1

    def _land(self, key: str) -> None:
        with self.lock:
            left = self.flying.pop(key) - 1
            if left:
                self.flying[key] = left

    async def check_password(self, key: str, director: "DirectorPassword", attempt: str) -> bool:
        """Whether ``attempt`` is the password, checked on the sign-in threads; TooMany
        past the tries of a minute or the checks in flight."""
        self._board(key)
        try:
            right = await asyncio.get_running_loop().run_in_executor(self.pool, director.check, attempt)
        finally:
            self._land(key)
        if right:
            self.tries.give_back(key)
        return right


def client_address(request: "Request", trust_proxy: bool) -> str:
    if trust_proxy:
        forwarded = request.headers.get("x-forwarded-for", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last
    return request.client.host if request.client else "unknown"


# --- CSRF ----------------------------------------------------------------------------

def new_secret() -> str:
    return secrets.token_urlsafe(32)


def csrf_value(request: "Request") -> str:
    """The request's CSRF token: its cookie's, or a new one (set it on the answer)."""
    found = request.cookies.get(CSRF_COOKIE, "")
    return found if 20 <= len(found) <= 100 and found.isascii() else new_secret()


def _netloc(url: str) -> str | None:
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return parts.netloc.lower() if parts.scheme in ("http", "https") and parts.netloc else None


def same_origin(request: "Request") -> bool:
    """Sent by a page of this host. The Origin header names the Host the request
    went to; where a browser sends Origin "null" or none, its Sec-Fetch-Site must
    say "same-origin" (a header no page can set), and without either the Referer
    must name this host. The scheme is not compared: behind a TLS proxy the page is
    https and the request reaching us plain http."""
    host = request.headers.get("host", "").lower()
    origin = request.headers.get("origin")
    if origin is not None and origin != "null":
        source = _netloc(origin)
    elif "sec-fetch-site" in request.headers:
        return request.headers["sec-fetch-site"] == "same-origin"
    elif origin is None:
        source = _netloc(request.headers.get("referer", ""))
    else:
        return False
    return bool(host) and source is not None and hmac.compare_digest(source.encode(), host.encode())


def csrf_refusal(request: "Request", sent: str | None) -> str | None:
    """Why a POST is refused as a possible cross-site request; None when it is fine."""
    if not same_origin(request):
        return "refused: this request did not come from a page of this site"
    cookie = request.cookies.get(CSRF_COOKIE)
    if not cookie or not sent or not hmac.compare_digest(cookie.encode(), sent.encode()):
        return "refused: the page's security token is missing or old (reload the page)"
    return None


def set_cookie(response: "Response", request: "Request", name: str, value: str, max_age: int | None) -> None:
    secure = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(name, value, max_age=max_age, path="/", httponly=True, samesite="strict", secure=secure)


# --- headers ---------------------------------------------------------------------------

def new_nonce() -> str:
    return secrets.token_urlsafe(18)


def headers(nonce: str | None) -> dict[str, str]:
    """The security headers of a scoring page (with its inline script's nonce) or API answer."""
    script = f"'nonce-{nonce}'" if nonce else "'none'"
    return {
        "Content-Security-Policy": f"default-src 'none'; script-src {script}; style-src {script}; connect-src 'self';"
                                   " img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        "Referrer-Policy": "same-origin",  # a personal link's token never leaves in a Referer
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Cache-Control": "no-store",
    }


# --- the director's password -------------------------------------------------------------

SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}  # about 16 MB and 50 ms a try
SALT = b"crib-tourney desk/1"  # per purpose, not per file: every process derives the same key from the same file


class DirectorPassword:
    """The desk's password, kept as its scrypt hash only."""

    def __init__(self, password: str):
        self.key = self._derive(password)

    @staticmethod
    def _derive(password: str) -> bytes:
        # SHA-256 first: scrypt's HMAC pads a short password with zeros, so 'secret' and
        # 'secret\0' were one password; their digests are not
        digest = hashlib.sha256(password.encode("utf-8", "surrogatepass")).digest()
        return hashlib.scrypt(digest, salt=SALT, **SCRYPT)

    FILE_LIMIT = 4096  # a password file is read no further: /dev/zero is refused, not read for ever

    @classmethod
    def from_file(cls, path: Path) -> "DirectorPassword":
        try:
            with path.open("rb") as found:
                data = found.read(cls.FILE_LIMIT + 1)
            if len(data) > cls.FILE_LIMIT:
                raise CribError(f"--director-password-file {path}: longer than {cls.FILE_LIMIT} bytes, not a password file")
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise CribError(f"--director-password-file {path}: not UTF-8 text") from None
        except OSError as exc:
            raise CribError(f"--director-password-file {path}: {exc.strerror or exc}") from None
        lines = text.splitlines()
        password = lines[0].strip() if lines else ""
        if len(password) < 8:
            raise CribError(f"--director-password-file {path}: the password (its first line) needs 8 characters or more")
        return cls(password)

    def check(self, attempt: str) -> bool:
        if not 1 <= len(attempt) <= 1000:
            return False
        return hmac.compare_digest(self._derive(attempt), self.key)

    def _sign(self, text: str) -> str:
        return hmac.new(self.key, f"session/{text}".encode(), hashlib.sha256).hexdigest()

    def _part(self, cookie: str | None) -> str | None:
        """The random part of a cookie this password signed (None for any other)."""
        if not cookie or len(cookie) > 200:
            return None
        part, _, signature = cookie.rpartition(".")
        if not part or not hmac.compare_digest(self._sign(part).encode(), signature.encode()):
            return None
        return part

    def session(self, location: str, now: float | None = None) -> str:
        """A new desk session, kept in the database: its cookie is a random part and
        its signature (so a cookie of another password is refused unread)."""
        part = secrets.token_urlsafe(24)
        started = int(now or time.time())
        desk_sessions.start(location, _digest(part), started, started + SESSION_SECONDS)
        return f"{part}.{self._sign(part)}"

    def valid(self, cookie: str | None, location: str, now: float | None = None) -> bool:
        """Whether the cookie is a live session: signed by this password, its row in the
        database (a logout deleted it), used within IDLE_SECONDS, younger than SESSION_SECONDS."""
        part = self._part(cookie)
        if part is None:
            return False
        at = int(now or time.time())
        found = desk_sessions.found(location, _digest(part))
        if found is None or at >= found[1] or at - found[0] >= IDLE_SECONDS:
            return False
        if at - found[0] >= SEEN_EVERY:  # a write a minute at most, not one a request
            desk_sessions.seen(location, _digest(part), at)
        return True

    def end(self, cookie: str | None, location: str) -> None:
        """Log out: the session's row goes, so its cookie opens nothing in any process."""
        part = self._part(cookie)
        if part is not None:
            desk_sessions.end(location, _digest(part))


def _digest(part: str) -> str:
    return hashlib.sha256(part.encode()).hexdigest()

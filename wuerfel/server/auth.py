"""Passwords, login rate limiting, CSRF tokens and the request language.

Passwords: argon2id via argon2-cffi (its defaults follow RFC 9106's recommendation), rehashed on login when the
parameters change. CSRF: the double-submit pattern — a random ``wuerfel_csrf`` cookie that a form field or header must
repeat; a page on another origin can make the browser send the cookie but cannot read it to repeat it.
"""

from __future__ import annotations

import collections
import hmac
import secrets
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from wuerfel.i18n import LANGUAGES, normalize_language

SESSION_COOKIE = "wuerfel_session"
CSRF_COOKIE = "wuerfel_csrf"
LANG_COOKIE = "wuerfel_lang"
CSRF_HEADER = "x-csrf-token"

MAX_NAME = 32
MIN_PASSWORD = 8
MAX_PASSWORD = 1024

_hasher = PasswordHasher()
_DUMMY_HASH = _hasher.hash("not a real password")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> tuple[bool, bool]:
    """(matches, needs_rehash). Verifies against a dummy hash when there is no user, so timing does not tell."""
    try:
        ok = _hasher.verify(password_hash or _DUMMY_HASH, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False, False
    if password_hash is None:
        return False, False
    return ok, _hasher.check_needs_rehash(password_hash)


def clean_name(name: object) -> str | None:
    """A display name: trimmed, 1–32 printable characters; None if unusable."""
    if not isinstance(name, str):
        return None
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        return None
    return name


class RateLimiter:
    """At most ``limit`` failures per key within ``window`` seconds (sliding window, in memory)."""

    def __init__(self, limit: int = 5, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._fails: dict[str, collections.deque[float]] = {}

    def _recent(self, key: str) -> collections.deque[float]:
        q = self._fails.setdefault(key, collections.deque())
        cutoff = time.monotonic() - self.window
        while q and q[0] < cutoff:
            q.popleft()
        return q

    def blocked(self, key: str) -> bool:
        return len(self._recent(key)) >= self.limit

    def fail(self, key: str) -> None:
        self._recent(key).append(time.monotonic())
        if len(self._fails) > 100_000:
            self._fails.clear()

    def reset(self, key: str) -> None:
        self._fails.pop(key, None)


def new_csrf_token() -> str:
    return secrets.token_urlsafe(24)


def csrf_ok(cookie: str | None, sent: str | None) -> bool:
    return bool(cookie) and bool(sent) and hmac.compare_digest(str(cookie), str(sent))


def pick_language(cookie: str | None, accept_language: str | None) -> str:
    """The cookie wins; else the first supported language of Accept-Language by quality; else German."""
    if cookie and normalize_language(cookie) == cookie:
        return cookie
    if accept_language:
        best: list[tuple[float, int, str]] = []
        for i, part in enumerate(accept_language.split(",")):
            bits = part.strip().split(";")
            tag = bits[0].strip().replace("_", "-").split("-")[0].lower()
            q = 1.0
            for b in bits[1:]:
                b = b.strip()
                if b.startswith("q="):
                    try:
                        q = float(b[2:])
                    except ValueError:
                        q = 0.0
            if tag in LANGUAGES and q > 0:
                best.append((-q, i, tag))
        if best:
            return min(best)[2]
    return "de"

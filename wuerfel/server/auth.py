"""Passwords, login rate limiting, CSRF tokens and the request language.

Passwords: argon2id via argon2-cffi (its defaults follow RFC 9106's recommendation), rehashed on login when the
parameters change, computed in a small pool of their own (:data:`HASH_POOL`) so a flood of logins cannot take the
threads every other request needs. A password policy refuses the guessable ones.

CSRF: with a session, the token is derived from the session token (:func:`csrf_for_session`), which is HttpOnly and
never known to another site — so a token planted in a cookie by a sibling host, or taken from another session, is
worthless. Without a session (logging in, choosing a guest name) it is the double-submit pattern: a random
``wuerfel_csrf`` cookie that a form field or header must repeat.
"""

from __future__ import annotations

import collections
import concurrent.futures
import hashlib
import hmac
import os
import secrets
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from wuerfel.engine.errors import N_
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

HASH_WORKERS = max(1, (os.cpu_count() or 1) - 1)
"""Threads computing argon2: one core is always left for the games (M5: two threads on a 2-core server took both
cores during a login flood, and a Pig table fell from 862 to 13 moves per second)."""
HASH_QUEUE = 16
"""Password hashes in flight (running or waiting) at most; beyond that a login is refused as "busy" at once."""
HASH_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=HASH_WORKERS, thread_name_prefix="wuerfel-argon2")
"""argon2 costs ~50 ms of CPU and 64 MiB by design. In the default thread pool (shared with every database call) a
flood of logins queued in front of everyone's requests; here it waits only behind other logins."""

HASHES_PER_SECOND = 10.0
"""Password hashes per second the whole server computes at most, on average (``WUERFEL_HASHES_PER_SECOND``
overrides); beyond it a login or registration is refused as "busy". A bounded pool bounds the threads, not the CPU
they burn: this bounds the CPU (about half a core at 50 ms each) and so the guesses per second against everybody."""
HASH_BURST = 20
"""Hashes that may be computed at once after a quiet spell (a club's players logging in together)."""


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` saved up; :meth:`take` spends one if there is one."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._tokens = float(burst)
        self._at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


DEVICE_COOKIE = "wuerfel_device"
DEVICES_KEPT = 5
"""Accounts one browser remembers as logged in from it."""


def device_token(player_id: int, password_hash: str) -> str:
    """A proof that this browser has logged in to the account before: signed with the account's own password hash
    (secret to the server, different per account, so no server key is needed), so it ends when the password
    changes and cannot be made for another account."""
    nonce = secrets.token_urlsafe(12)
    return f"{player_id}.{nonce}.{_device_mac(player_id, nonce, password_hash)}"


def _device_mac(player_id: int, nonce: str, password_hash: str) -> str:
    msg = f"wuerfel-device|{player_id}|{nonce}".encode()
    return hmac.new(password_hash.encode(), msg, hashlib.sha256).hexdigest()[:32]


def device_entries(cookie: str | None) -> list[str]:
    return [e for e in (cookie or "").split("~") if e.count(".") == 2][:DEVICES_KEPT]


def device_known(cookie: str | None, player_id: int, password_hash: str) -> bool:
    """Whether the device cookie holds a valid proof for this account."""
    for entry in device_entries(cookie):
        pid, nonce, mac = entry.split(".")
        if pid == str(player_id) and hmac.compare_digest(mac, _device_mac(player_id, nonce, password_hash)):
            return True
    return False


def device_cookie_with(cookie: str | None, player_id: int, password_hash: str) -> str:
    """The device cookie with a fresh proof for this account first (older proofs of it and the oldest others go)."""
    others = [e for e in device_entries(cookie) if e.split(".")[0] != str(player_id)]
    return "~".join([device_token(player_id, password_hash), *others][:DEVICES_KEPT])


MIN_DISTINCT = 5
COMMON_PASSWORDS = frozenset(
    [
        "password",
        "passwort",
        "password1",
        "passwort1",
        "12345678",
        "123456789",
        "1234567890",
        "87654321",
        "11111111",
        "qwertzui",
        "qwertyui",
        "qwertyuiop",
        "qwertzuiop",
        "asdfghjk",
        "asdfghjkl",
        "iloveyou",
        "ichliebedich",
        "hallo123",
        "hallohallo",
        "letmein1",
        "welcome1",
        "willkommen",
        "abc12345",
        "abcd1234",
        "abcdefgh",
        "geheim12",
        "geheimnis",
        "sommer123",
        "passw0rd",
        "p@ssw0rd",
        "trustno1",
        "football",
        "fussball",
        "baseball",
        "dragon12",
        "sunshine",
        "princess",
        "1q2w3e4r",
        "1qaz2wsx",
        "zaq12wsx",
        "123qwe123",
        "qwe12345",
        "monkey12",
        "master12",
        "superman",
        "schalke04",
        "bvb09bvb",
    ]
)
"""The most common passwords of leaked lists (English and German) that are long enough to pass the length rule."""


def password_problem(password: object, name: str | None = None) -> tuple[str, dict[str, object]] | None:
    """Why a new password is refused: (msgid, params), or None when it is acceptable.

    Length alone let "        " and "password" through; a password must also not be mostly one character, a
    well-known password, or the player's own name.
    """
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return N_("A password has at least {n} characters."), {"n": MIN_PASSWORD}
    folded = password.casefold()
    if len(set(folded) - {" "}) < MIN_DISTINCT:
        return N_("A password needs at least {n} different characters (spaces do not count)."), {"n": MIN_DISTINCT}
    if name and len(name) >= 3 and name.casefold() in folded:
        # said apart from the list's refusal: "too easy to guess" left a "Würfel-Dora-2024" wondering why (U10)
        return N_("The password must not contain your name."), {}
    if folded.strip() in COMMON_PASSWORDS:
        return N_("This password is too easy to guess; please choose another."), {}
    return None


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
    """At most ``limit`` failures per key within ``window`` seconds (sliding window, in memory).

    Attempts are counted *before* the password is checked (:meth:`hit`) and taken back on success (:meth:`undo`),
    so a burst of concurrent requests cannot all slip through while the first ones are still being verified.
    """

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

    def hit(self, key: str, limit: int | None = None) -> bool:
        """Count an attempt; False (and nothing counted) when the key is already at its limit."""
        q = self._recent(key)
        if len(q) >= (limit if limit is not None else self.limit):
            return False
        self.fail(key)
        return True

    def retry_after(self, key: str) -> float:
        """Seconds until the key is below its limit again (when its oldest counted attempt leaves the window)."""
        q = self._recent(key)
        return max(0.0, q[0] + self.window - time.monotonic()) if q else 0.0

    def undo(self, key: str) -> None:
        """Take back the latest attempt counted for this key (it succeeded)."""
        q = self._fails.get(key)
        if q:
            q.pop()


def new_csrf_token() -> str:
    return secrets.token_urlsafe(24)


def csrf_ok(cookie: str | None, sent: str | None) -> bool:
    return bool(cookie) and bool(sent) and hmac.compare_digest(str(cookie), str(sent))


def csrf_for_session(session_token: str) -> str:
    """The CSRF token of a session: a keyed hash of the (secret, HttpOnly) session token, so it needs no storage,
    survives restarts, and is useless with any other session."""
    return hmac.new(session_token.encode(), b"wuerfel-csrf", hashlib.sha256).hexdigest()[:43]


def login_key(name: str) -> str:
    """The one normalised form of a login name, used both to find the account and to count its failures —
    ``" victim"`` and ``"victim\t"`` are the same account and share one limit."""
    return " ".join(name.split()).casefold()[:64]


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

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

import base64
import concurrent.futures
import dataclasses
import hashlib
import hmac
import json
import os
import secrets
import time
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from wuerfel.engine.errors import N_
from wuerfel.i18n import LANGUAGES, normalize_language
from wuerfel.server.cluster.shared import LocalShared, Shared

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
    """``rate`` hashes per second on average, at most ``burst`` at once, for every worker of the platform together.

    Counted in :class:`~wuerfel.server.cluster.shared.Shared` (a second worker must not double the CPU an attacker may
    make the platform burn), so no longer a true token bucket but a fixed window counter: at most ``burst`` takes in
    a window of ``burst / rate`` seconds that starts with its first take. The same average and the same burst; at
    worst two bursts come together around a window's end (a bucket allowed one)."""

    def __init__(self, rate: float, burst: int, shared: Shared | None = None, key: str = "hashes") -> None:
        self.rate = rate
        self.burst = burst
        self.window = burst / rate if rate > 0 else float("inf")
        self.shared: Shared = shared if shared is not None else LocalShared()
        self.key = key

    def take(self) -> bool:
        return self.burst > 0 and self.shared.incr(self.key, self.window) <= self.burst


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
    """At most ``limit`` attempts per key within ``window`` seconds, for every worker of the platform together.

    Counted in :class:`~wuerfel.server.cluster.shared.Shared` (issue 25: with two workers, each counting for itself,
    login and table limits doubled): a fixed window per key that starts with its first counted attempt, where it was
    a sliding window in one process's memory — at worst ``2 * limit`` attempts pass around a window's end. ``name``
    keeps the limiters' keys apart in the one shared key space.

    Attempts are counted *before* the password is checked (:meth:`hit`) and taken back on success (:meth:`undo`),
    so a burst of concurrent requests cannot all slip through while the first ones are still being verified.
    """

    def __init__(self, limit: int = 5, window: float = 60.0, shared: Shared | None = None, name: str = "limit") -> None:
        self.limit = limit
        self.window = window
        self.shared: Shared = shared if shared is not None else LocalShared()
        self.name = name
        self._ends: dict[str, float] = {}
        """When the windows this worker opened end (for :meth:`retry_after`; another worker's are not known)."""

    def _key(self, key: str) -> str:
        return f"{self.name}|{key}"

    def _counted(self, key: str, n: int) -> None:
        """Note the end of the window that the count ``n`` (just made) opened, if it opened one."""
        if n == 1:
            if len(self._ends) > 100_000:
                self._ends.clear()
            self._ends[key] = time.monotonic() + self.window

    def _take_back(self, key: str, by: int) -> None:
        """Lower the count by ``by``, never below 0 (the window may have ended meanwhile: a fresh one at -1 would
        grant an extra attempt)."""
        n = self.shared.incr(self._key(key), self.window, -by)
        if n < 0:
            self.shared.incr(self._key(key), self.window, -n)

    def count(self, key: str) -> int:
        return self.shared.get_count(self._key(key))

    def blocked(self, key: str) -> bool:
        return self.count(key) >= self.limit

    def fail(self, key: str) -> None:
        self._counted(key, self.shared.incr(self._key(key), self.window))

    def reset(self, key: str) -> None:
        n = self.count(key)
        if n > 0:
            self._take_back(key, n)

    def hit(self, key: str, limit: int | None = None) -> bool:
        """Count an attempt; False (and nothing counted) when the key is already at its limit."""
        n = self.shared.incr(self._key(key), self.window)
        if n > (limit if limit is not None else self.limit):
            self._take_back(key, 1)
            return False
        self._counted(key, n)
        return True

    def retry_after(self, key: str) -> float:
        """Seconds until the key is below its limit again: when its window ends — the whole window when another
        worker opened it (its end is not shared; an honest upper bound)."""
        if self.count(key) == 0:
            return 0.0
        end = self._ends.get(key)
        now = time.monotonic()
        return end - now if end is not None and end > now else self.window

    def undo(self, key: str) -> None:
        """Take back the latest attempt counted for this key (it succeeded)."""
        if self.count(key) > 0:
            self._take_back(key, 1)


def _param(v: object) -> str | int:
    return v if isinstance(v, int) and not isinstance(v, bool) else str(v)[:100]


REFUSED_COOKIE = "wuerfel_refused"
REFUSAL_FORMS = ("login", "register", "guest")


@dataclasses.dataclass(frozen=True)
class Refusal:
    """A refused login form's page: the answer's status, the form and the name to fill in again, and why (a message
    of the catalogue and its parameters)."""

    key: str
    status: int
    form: str
    name: str
    msgid: str
    params: dict[str, str | int]

    def cookie(self) -> str:
        """The refusal as the browser keeps it (``wuerfel_refused``) for its reloads: the browser reaches whichever
        worker it reaches, and a refusal held in one worker's memory was a plain login page on the others."""
        data = {"k": self.key, "s": self.status, "f": self.form, "n": self.name, "m": self.msgid, "p": self.params}
        return base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode()

    @classmethod
    def of(cls, key: str, status: int, form: str, name: str, msgid: str, params: dict[str, object]) -> Refusal:
        return cls(key, status, form, name[:64], msgid, {k: _param(v) for k, v in params.items()})

    @classmethod
    def from_cookie(cls, cookie: str | None, key: str, known: Callable[[str], bool]) -> Refusal | None:
        """The refusal the cookie holds under ``key`` (the page's address names it), or None. Only a message the
        ``known`` test accepts (the catalogue's) is shown: a cookie planted by a sibling host must not put words of
        its own on the login page."""
        if not cookie or not key or len(cookie) > 2000:
            return None
        try:
            data = json.loads(base64.urlsafe_b64decode(cookie.encode()))
            r = cls(
                str(data["k"]),
                int(data["s"]),
                str(data["f"]),
                str(data["n"])[:64],
                str(data["m"]),
                {str(k): _param(v) for k, v in dict(data["p"]).items()},
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
        if (
            r.key != key
            or not 400 <= r.status < 600
            or r.form not in REFUSAL_FORMS
            or not known(r.msgid)
            or len(r.params) > 8
        ):
            return None
        return r


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

"""Password hashing runs in its own small, bounded pool (issue #11): in the shared default pool a flood of logins
queued argon2 hashes in front of every other user's database calls (8 ms → 15 s)."""

from __future__ import annotations

import threading
import warnings
from pathlib import Path

import pytest

from wuerfel.server import auth
from wuerfel.server.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def test_password_hashes_run_in_their_own_bounded_pool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    real_verify, real_hash = auth.verify_password, auth.hash_password

    def verify(*args: object) -> tuple[bool, bool]:
        threads.append(threading.current_thread().name)
        return real_verify(*args)  # type: ignore[arg-type]

    def hash_(password: str) -> str:
        threads.append(threading.current_thread().name)
        return real_hash(password)

    monkeypatch.setattr(auth, "verify_password", verify)
    monkeypatch.setattr(auth, "hash_password", hash_)
    app = create_app(f"sqlite:///{tmp_path / 'pool.db'}", bot_delay=0)
    with TestClient(app, headers={"Accept-Language": "en"}) as c:

        def post(path: str, body: dict[str, str]) -> tuple[int, dict]:
            token = c.get("/api/session").json()["csrf_token"]
            r = c.post(path, json=body, headers={"X-CSRF-Token": token})
            return r.status_code, r.json()

        assert post("/api/register", {"name": "Schwimmer", "password": "ein-eigener-pool"})[0] == 200
        assert post("/api/logout", {})[0] == 200
        assert post("/api/login", {"name": "Schwimmer", "password": "ein-eigener-pool"})[0] == 200
        assert post("/api/logout", {})[0] == 200
        assert len(threads) == 2 and all(t.startswith("wuerfel-argon2") for t in threads), threads
        assert auth.HASH_POOL._max_workers == auth.HASH_WORKERS <= 2
        # when the queue is full, a login is refused at once instead of waiting behind the others
        app.state.hashing = auth.HASH_QUEUE
        status, body = post("/api/login", {"name": "Schwimmer", "password": "ein-eigener-pool"})
        assert status == 503 and body["error"] == {
            "code": "busy",
            "message": "The server is busy. Please try again in a moment.",
        }
        app.state.hashing = 0
        assert post("/api/login", {"name": "Schwimmer", "password": "ein-eigener-pool"})[0] == 200

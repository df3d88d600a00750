"""Look-alike names (issue 24, security report L4): a name whose confusable skeleton (Unicode TR39, for Latin,
Cyrillic and Greek) is a registered player's is refused for a guest and for a new account, and a name mixing those
alphabets is refused outright, each with a message saying why."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.server.conftest import Client
from wuerfel.server import db
from wuerfel.server.rows import NameTaken
from wuerfel.server.store import Store
from wuerfel.server.textcheck import MIXED_SCRIPTS, name_problem, skeleton

Make = Callable[..., Client]
PASSWORD = "Würfelbecher-7"


def test_skeletons_of_lookalikes_are_equal() -> None:
    assert skeleton("Аnna") == skeleton("Anna") == skeleton("ANNA") == skeleton("ＡＮＮＡ") == "anna"
    assert skeleton("Нехе") == skeleton("Hexe")  # wholly Cyrillic
    assert skeleton("Κοκο") == skeleton("Koko")  # wholly Greek
    assert skeleton("Jоrg Müllеr") == skeleton("Jorg  Müller")
    assert skeleton("Jörg") == skeleton("Jӧrg")  # a mark on a mapped letter is kept


def test_different_names_keep_different_skeletons() -> None:
    for a, b in [("Lise", "Ilse"), ("Jörg", "Jorg"), ("Anna", "Anne"), ("Иван", "Ivan"), ("Maß", "Mab")]:
        assert skeleton(a) != skeleton(b), (a, b)


def test_mixed_alphabets_are_refused() -> None:
    assert name_problem("Аnna") == MIXED_SCRIPTS  # Cyrillic А, Latin nna
    assert name_problem("Zeυs") == MIXED_SCRIPTS  # Greek upsilon
    for fine in ("Anna-Lena 2", "Иван", "Ζευς", "花子 Hanako", "Ｈａｎｓ"):
        assert name_problem(fine) is None, fine


def test_a_lookalike_of_a_registered_name_is_refused(clients: Make) -> None:
    reg = clients("en")
    assert reg.post("/api/register", {"name": "Hexe", "password": PASSWORD}).status_code == 200
    # wholly Cyrillic "Нехе", and fullwidth "Ｈｅｘｅ": the same look, so neither a guest nor a second account
    for name in ("Нехе", "Ｈｅｘｅ"):
        c = clients("de")
        r = c.post("/api/guest", {"name": name})
        assert r.status_code == 409
        assert r.json()["error"] == {
            "code": "name_lookalike",
            "message": (
                f"Der Name „{name}“ sieht aus wie der Name des registrierten Spielers „Hexe“. "
                "Bitte wähle einen anderen Namen."
            ),
        }
        r = c.post("/api/register", {"name": name, "password": PASSWORD})
        assert r.status_code == 409 and r.json()["error"]["code"] == "name_lookalike"
        assert c.http.get("/api/session").json()["player"] is None
    # a guest who registers is held to the same rule
    g = clients("en").guest("Hexenmeister")
    r = g.post("/api/register", {"name": "Нехе", "password": PASSWORD})
    assert r.status_code == 409 and r.json()["error"]["code"] == "name_lookalike"
    # mixed alphabets: refused whether or not somebody has the name
    r = clients("en").post("/api/guest", {"name": "Hеxenhaus"})
    assert r.status_code == 422 and r.json()["error"] == {
        "code": "bad_name",
        "message": (
            "A name must not mix letters of different alphabets (Latin, Cyrillic, Greek): such names can pass for "
            "somebody else's."
        ),
    }
    # the exact name keeps its own message, and names unlike it are free
    assert clients("en").post("/api/guest", {"name": "hexe"}).json()["error"]["code"] == "name_reserved"
    assert clients("en").post("/api/guest", {"name": "Hexer"}).status_code == 200


def test_the_store_keeps_one_account_per_look(store: Store) -> None:
    """The unique skeleton holds even when two registrations race past the page's check (both backends)."""
    anna = store.create_player("Anna", "hash")
    assert store.registered_lookalike("Аnna") == anna and store.registered_lookalike("ANNA") == anna
    with pytest.raises(NameTaken):
        store.create_player("Αnna", "hash")  # Greek Alpha
    guest = store.create_player("Аnnа", None)  # a guest row holds no skeleton (the page refuses the name)
    with pytest.raises(NameTaken):
        store.register_guest(guest.id, "Аnnа", "hash")
    assert store.registered_lookalike("Bert") is None


def test_migration_gives_existing_accounts_their_skeleton(tmp_path: Path) -> None:
    """Accounts made before 0010 get their skeleton; of two that already look alike the older keeps it (the
    unique index is built without failing), the newer goes on working without one."""
    from alembic import command
    from alembic.config import Config

    engine = db.make_engine(f"sqlite:///{tmp_path / 'old.db'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(db.MIGRATIONS_DIR))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0009")
        players = sa.table(
            "players",
            sa.column("name"),
            sa.column("login_name"),
            sa.column("password_hash"),
            sa.column("created_at", sa.DateTime),
        )
        conn.execute(
            sa.insert(players),
            [
                {"name": n, "login_name": n.casefold() if h else None, "password_hash": h, "created_at": db_now()}
                for n, h in [("Anna", "x"), ("Аnna", "x"), ("Gast", None)]
            ],
        )
    db.migrate(engine)
    with engine.connect() as conn:
        got = conn.execute(sa.select(db.players.c.name, db.players.c.name_skeleton).order_by(db.players.c.id)).all()
    engine.dispose()
    assert [tuple(r) for r in got] == [("Anna", "anna"), ("Аnna", None), ("Gast", None)]


def db_now() -> object:
    from wuerfel.server.rows import now

    return now()

"""The store side of bot accounts (issue 27 §4), in-process on SQLite: one account per owner whatever the number
of tokens, only the hash kept, names that fit and never clash."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from wuerfel.server import bot_accounts as ba
from wuerfel.server import db
from wuerfel.server.store import Store


def test_tokens_accounts_and_names(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    try:
        long_a = store.create_player("Maximiliane-Sophie-Aurelia-AA", "hash")
        long_b = store.create_player("Maximiliane-Sophie-Aurelia-BB", "hash")
        bot_a, first = ba.new_token(store, long_a)
        bot_a2, second = ba.new_token(store, long_a)
        assert bot_a == bot_a2 and first != second  # a new token, the same account
        assert ba.player_for_token(store, first) is None and ba.player_for_token(store, second) == bot_a
        bot_b, _ = ba.new_token(store, long_b)
        for bot in (bot_a, bot_b):
            assert len(bot.name) <= 32 and bot.name.endswith(" (BOT)") and ba.is_bot_name(bot.name)
        assert bot_a.name != bot_b.name and str(long_b.id) in bot_b.name  # alike in 26 characters: the id tells
        with store.engine.connect() as c:
            stored = c.execute(sa.select(db.players.c.bot_token_hash).where(db.players.c.id == bot_a.id)).scalar()
        assert stored == ba.token_hash(second) and second not in str(stored)  # only its hash is kept
        assert ba.owner_of(store, bot_a.id) == long_a and ba.owner_of(store, long_a.id) is None
        assert ba.revoke(store, long_a.id) and not ba.revoke(store, long_a.id)
        assert ba.player_for_token(store, second) is None and ba.bot_of(store, long_a.id) == (bot_a, False)
        assert ba.player_for_token(store, "not-a-token") is None
    finally:
        store.close()

"""Every game of the registry through the server, generically: created from the lobby, played to the end by a
person (seat 0, first legal move) and bots, and every view that left the server is exactly ``state.view(seat)`` of
the recorded game — nothing more (hidden dice stay hidden) and at the right seq (seat 0's own count: what is
kept from him, such as a bot punter's sealed stake, neither reaches him nor changes what he sees)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.conftest import Client, ServerProcess, concrete
from wuerfel.engine.record import EventViews, GameRecord
from wuerfel.engine.registry import all_games
from wuerfel.server.store import Store

GAMES = [g.id for g in all_games()]


def play_one_table(host: Client, game_id: str, n: int, bot: str) -> tuple[dict, Any, list[dict], int, dict]:
    """A new table of ``game_id`` played to the end: seat 0 takes the first legal move and taps "Würfeln" for his
    own throws; returns the table, its socket, every state seat 0 received, the number of taps and the last state."""
    t = host.create(game_id, seats=n, bots={str(s): bot for s in range(1, n)})
    ws = host.ws(t["id"])
    assert ws.recv_type("table")["table"]["status"] == "open"
    assert host.post(f"/api/tables/{t['id']}/start").status_code == 200
    seen: list[dict] = []
    taps = 0
    st = ws.recv_type("state")
    for _ in range(3000):
        seen.append(st)
        if st["finished"]:
            break
        if st["legal"]:
            ws.send({"action": concrete(st["legal"][0]["action"]), "expected_seq": st["seq"]})
        elif st["throw"] and st["throw"]["seat"] in st["my_seats"]:
            ws.send({"throw": True, "expected_seq": st["seq"]})  # "Würfeln": this person's throw waits for him
            taps += 1
        # A deadline, not a pause: on a fresh machine the learned Würfelspiel bot compiles its kernels before its
        # first move (20 s and more on a busy machine); every other state comes in well under a second.
        st = ws.recv_type("state", timeout=180)
    assert st["finished"], f"{game_id} did not finish"
    return t, ws, seen, taps, st


@pytest.mark.parametrize("game_id", GAMES)
def test_game_plays_to_the_end_and_only_views_leave_the_server(
    game_id: str, clients: Callable[..., Client], server: ServerProcess
) -> None:
    info = next(g for g in all_games() if g.id == game_id)
    n = max(2, info.min_players)
    host = clients().guest("Mensch")
    games = {g["id"]: g for g in host.http.get("/api/games").json()["games"]}
    bot = games[game_id]["default_bot"]
    # Every game in the registry is one whose players throw: the table waits for seat 0's tap at least once. A game
    # may end before seat 0's first throw (Elf hoch: the first thrower's 11 takes the pot; Craps: seat 0 loses his
    # chips to the optimal shooter before the dice come to him, 10 tables in 30 — CI of 2026-11-29), so a game that
    # did is played again at a new table, at most twelve times (Craps: (1/3)^12, about 1 in 500,000).
    for _ in range(12):
        t, _ws, seen, taps, st = play_one_table(host, game_id, n, bot)
        if taps >= 1:
            break
    assert taps >= 1
    mine = GameRecord.from_json(host.http.get(f"/api/tables/{t['id']}/record").json())
    store = Store.open(server.db_url)
    try:
        record = dataclasses.replace(mine, events=store.load_events(t["id"]))
    finally:
        store.close()
    assert mine.to_json() == record.seen_by([0]).to_json()  # seat 0's download: his own secrets, no one else's
    states = list(record.states())
    statements = record.event_views().statements
    # Seat 0's own numbering (protocol 7): the events he was told of as they happened. An event kept from him (a bot
    # punter's sealed stake) has no number of his, and every position between two of his events shows him the same.
    told = [i for i, sm in enumerate(statements) if sm is None or sm[0].show != "none"]
    assert len(told) == st["seq"]
    for msg in seen:
        assert msg["seat"] == 0
        r = msg["seq"]
        at = range(told[r - 1] + 1 if r else 0, (told[r] if r < len(told) else len(statements)) + 1)
        assert all(msg["view"] == states[n].view(0) for n in at), f"view at seq {r} (log {list(at)})"
        n = at[0]
        # Every event as the game states seat 0 sees it at that seq: in full or redacted, each of his events once.
        views = EventViews(statements[:n])
        where = [told[ev["seq"] - 1] for ev in msg["events"]]
        if where:
            assert where == [i for i in told if where[0] <= i < n]
        for ev, i in zip(msg["events"], where, strict=True):
            shown = views.view(i, 0)
            if shown.full:
                assert ev["data"] == record.events[i].data and "hidden" not in ev
            else:
                assert ev["hidden"] and ev["data"] == shown.data
    steps = host.replay_steps(t["id"])
    assert len(steps) == len(states)
    assert all(s["view"] == states[s["index"]].view(None) for s in steps)
    assert all(s["lower_is_better"] == states[s["index"]].lower_is_better() for s in steps)
    # The result every client draws is the engine's (ranking, winners, losers, chips, direction), not a view key.
    final = states[-1]
    payoffs = final.payoffs()
    assert st["result"] == {
        "lower_is_better": final.lower_is_better(),
        "ranking": [list(g) for g in final.ranking()],
        "winners": list(final.winners()),
        "losers": list(final.losers()),
        "payoffs": None if payoffs is None else list(payoffs),
        "resigned": None,
        "ended_by": None,
    }
    assert (payoffs is not None) == info.chips
    assert all(m["result"]["ranking"] == [] for m in seen[:-1])  # no result before the end


def _asks_a_decision(info: Any, n: int, games: int = 20) -> bool:
    """Whether the game under its default rules ever asks a seat to decide: seeded random engine playouts, every
    chance outcome drawn from its distribution (a game whose options add decisions may have none by default)."""
    rng = random.Random(1)
    for _ in range(games):
        state = info.new_game(None, n).new_initial_state()
        for _step in range(2000):
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state = state.apply_outcome(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            return True
    return False


@pytest.mark.parametrize("game_id", GAMES)
def test_scorekeeper_table_of_every_game_takes_entered_dice(game_id: str, clients: Callable[..., Client]) -> None:
    """One phone at a real table: one person holds every seat and enters what fell; the engine keeps the sheet."""
    info = next(g for g in all_games() if g.id == game_id)
    n = max(2, info.min_players)
    p = clients().guest("Tisch")
    t = p.create(game_id, seats=n, scorekeeper=True)
    for s in range(1, n):
        assert p.post(f"/api/tables/{t['id']}/sit", {"seat": s}).status_code == 200
    assert p.post(f"/api/tables/{t['id']}/start").status_code == 200
    ws = p.ws(t["id"])
    st = ws.recv_type("state")
    rng = random.Random(7)
    entered = moved = 0
    for _ in range(60):
        if st["finished"]:
            break
        if st["manual"]:
            man = st["manual"]
            for _attempt in range(30):
                if man["choices"]:
                    outcome: object = rng.choice(man["choices"])["outcome"]
                else:
                    assert man["dice"] > 0, "a chance node must say how to enter it"
                    outcome = " ".join(str(rng.randint(1, 6)) for _ in range(man["dice"]))
                ws.send({"outcome": outcome, "expected_seq": st["seq"]})
                reply = ws.recv()
                if reply["type"] == "state":
                    break
                assert reply["error"]["code"] == "bad_outcome" and reply["error"]["message"]
            else:
                pytest.fail(f"no entry accepted at seq {st['seq']}")
            entered += 1
            st = reply
        else:
            assert st["legal"], "one person holds every seat, so someone must be able to act"
            first = st["legal"][0]
            ws.send({"action": concrete(first["action"]), "expected_seq": st["seq"], "seat": first["seat"]})
            st = ws.recv_type("state")
            moved += 1
    # the dice decide everything (Jule, Pasch …; Würfelpoker under the book's rules: one throw each, no raising)
    pure_chance = not info.new_game(None, n).action_classes or not _asks_a_decision(info, n)
    assert entered >= 2 and (moved >= 1 or pure_chance)
    assert st["seq"] == entered + moved


def test_lobby_and_tables_follow_the_registry_flags(clients: Callable[..., Client]) -> None:
    """The lobby's first and one-tap games are the registry's featured ones in their order; a table shows poker
    faces when its game's ``GameInfo.faces`` says so (no game template sets them any more)."""
    host = clients().guest("Flagge")
    games = {g["id"]: g for g in host.http.get("/api/games").json()["games"]}
    for info in all_games():
        g = games[info.id]
        assert (g["faces"], g["featured"], g["chips"], g["decisions"], g["perfect_information"]) == (
            info.faces,
            info.featured,
            info.chips,
            info.decisions,
            info.perfect_information,
        )
    featured = [i.id for i in sorted((i for i in all_games() if i.featured), key=lambda i: i.featured)]
    assert featured[:2] == ["zehntausend", "wuerfelspiel"]
    html = host.http.get("/").text
    quick = html[html.index('id="quick"') : html.index('id="create"')]
    assert [quick.index(f'data-game="{g}"') for g in featured] == sorted(
        quick.index(f'data-game="{g}"') for g in featured
    )
    assert 'data-game="escalero"' not in quick
    cards = html[html.index('id="game-cards"') :]
    assert (
        cards.index('data-game="zehntausend"')
        < cards.index('data-game="wuerfelspiel"')
        < cards.index('data-game="escalero"')
    )
    for info in all_games():
        # A guest of its own per game: one person may keep only 5 unstarted tables.
        guest = clients().guest("Flagge")
        t = guest.create(info.id, seats=max(2, info.min_players))
        page = guest.http.get(f"/table/{t['id']}").text
        assert ("window.DICE_FACES" in page) == (info.faces == "poker"), info.id

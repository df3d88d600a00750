"""The split of ``create_app`` into route modules per area (issue 25 §1) keeps the protocol: every URL with its
methods is still served, and the areas cannot silently disagree about a shared helper."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from starlette.routing import Mount, Route, WebSocketRoute

from wuerfel.server.app import create_app
from wuerfel.server.routes.context import Context

ROUTES = """
GET /
GET /api/archive
GET /api/bot-token
POST /api/bot-token
POST /api/bot-token/revoke
GET /api/games
GET /api/games/{game}/odds
GET /api/games/{game}/options
GET /api/games/{game}/rules
POST /api/games/{game}/validate
POST /api/guest
GET /api/i18n
POST /api/lang
GET /api/leaderboard/{game}
POST /api/login
POST /api/logout
GET /api/my-tables
GET /api/players/{name}
GET /api/players/{name}/dice
POST /api/register
GET /api/session
GET /api/tables
POST /api/tables
GET /api/tables/{table_id}
GET /api/tables/{table_id}/analysis
GET /api/tables/{table_id}/analysis/win-chance.svg
POST /api/tables/{table_id}/bot
GET /api/tables/{table_id}/edges
POST /api/tables/{table_id}/invite
POST /api/tables/{table_id}/leave
POST /api/tables/{table_id}/mute
GET /api/tables/{table_id}/odds
GET /api/tables/{table_id}/record
POST /api/tables/{table_id}/rematch
GET /api/tables/{table_id}/replay
POST /api/tables/{table_id}/resign
GET /api/tables/{table_id}/rules
GET /api/tables/{table_id}/setup
POST /api/tables/{table_id}/sit
POST /api/tables/{table_id}/start
GET /api/tables/{table_id}/verify
GET /archive
POST /bot-token
POST /guest
GET /healthz
GET /lang/{lang}
GET /leaderboard
GET /leaderboard/{game}
GET /login
POST /login
POST /logout
GET /my-games
GET /players/{name}
GET /players/{name}/plots/{kind}.svg
POST /register
GET /replay/{table_id}
MOUNT /static
GET HEAD /static/games/{game}/{path:path}
GET /table/{table_id}
WS /ws/table/{table_id}
"""
"""Every route of the app before the split (methods, path; WS a websocket, MOUNT a mount), sorted."""


def served(app: FastAPI) -> list[str]:
    out: list[str] = []
    for r in app.routes:
        if isinstance(r, Route):
            out.append(f"{' '.join(sorted(r.methods or ()))} {r.path}")
        elif isinstance(r, WebSocketRoute):
            out.append(f"WS {r.path}")
        elif isinstance(r, Mount):
            out.append(f"MOUNT {r.path}")
    return sorted(out, key=lambda line: (line.split(" ")[-1], line))


def test_every_url_is_still_served_once() -> None:
    expected = sorted(ROUTES.split("\n")[1:-1], key=lambda line: (line.split(" ")[-1], line))
    assert served(create_app("sqlite://")) == expected


def test_the_context_refuses_a_helper_given_twice() -> None:
    ctx = Context()
    first = object()
    ctx.share(helper=first)
    ctx.share(helper=first)  # the same object again is no conflict
    with pytest.raises(ValueError, match="helper"):
        ctx.share(helper=object())


def test_each_app_has_its_own_context() -> None:
    one, two = create_app("sqlite://"), create_app("sqlite://")
    assert one.state.ctx is not two.state.ctx
    assert one.state.ctx.table_actions is not two.state.ctx.table_actions

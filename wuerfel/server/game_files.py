"""A game package's own web table: its static files, served under ``/static/games/<id>/`` (issue 26).

A game of another package brings its table's script and style in its ``GameInfo.web_dir`` instead of copying them
into wuerfel: the app serves that folder under the game's id, and the table page loads ``table.js`` from there as
the game's renderer (the interface of ``wuerfel/web/static/js/games/generic.js``) and ``table.css`` as its style.
A ``table.html`` there is a Jinja partial the table and replay pages include (its strings for ``t()`` through
``_("…")``, so they are translated like every template string): it is rendered, never served as a file. Nothing
outside the folder is ever served: a path that leaves it (``..``, a link pointing elsewhere) is not found.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from fastapi.responses import FileResponse, Response
from jinja2 import BaseLoader, Environment, TemplateNotFound

from wuerfel.engine.errors import WuerfelError
from wuerfel.engine.registry import GameInfo, get_game

PREFIX = "/static/games"
"""Where a game's own files are served: ``PREFIX/<game id>/<path inside its web_dir>``."""
RENDERER = "table.js"
"""The module a game's own web table starts from (same exports as the generic renderer)."""
STYLE = "table.css"
"""A style sheet of the game's own, loaded with its table when present."""
PARTIAL = "table.html"
"""A Jinja partial of the game's own, included in its table and replay pages when present (not served)."""
TEMPLATE_PREFIX = "@game/"
"""The template name of a game's partial: ``TEMPLATE_PREFIX + <game id>`` (:class:`GamePartials` loads it)."""


def game_file(game: str, path: str) -> Path | None:
    """The file ``path`` inside the ``web_dir`` of ``game`` (an id), or None: no such game, no web folder, no such
    file, or a path that would leave the folder."""
    try:
        info = get_game(game)
    except WuerfelError:
        return None
    if info.id != game or info.web_dir is None:  # one address per file: the id, not an alias
        return None
    root = info.web_dir.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root) or not target.is_file() or _is_partial(target, root):
        return None
    return target


def _is_partial(target: Path, root: Path) -> bool:
    """Whether ``target`` is the game's partial under any spelling, which is never served: by its name in any case
    (a case-insensitive file system finds ``TABLE.HTML``; Windows drops trailing dots and spaces), or as the same file
    under another name (a hard link). Why not one path compared: the router has decoded ``%2e`` and ``resolve``
    folded ``./``, ``..`` and double slashes, but neither knows how the file system spells a name."""
    if target.name.casefold().rstrip(". ") == PARTIAL:
        return True
    partial = root / PARTIAL
    return partial.is_file() and os.path.samefile(target, partial)


def _partial(game: str) -> Path | None:
    try:
        info = get_game(game)
    except WuerfelError:
        return None
    if info.id != game or info.web_dir is None or not (info.web_dir / PARTIAL).is_file():
        return None
    return info.web_dir / PARTIAL


class GamePartials(BaseLoader):
    """The Jinja loader of ``@game/<id>``: the ``table.html`` in the game's ``web_dir`` (beside wuerfel's templates,
    whose loader answers every other name)."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = _partial(template.removeprefix(TEMPLATE_PREFIX)) if template.startswith(TEMPLATE_PREFIX) else None
        if path is None:
            raise TemplateNotFound(template)
        mtime = path.stat().st_mtime
        return path.read_text(encoding="utf-8"), str(path), lambda: path.is_file() and path.stat().st_mtime == mtime


def web_assets(info: GameInfo) -> dict[str, str | None]:
    """The addresses of a game's own renderer and style and the template name of its partial (None: it has none),
    for its lobby entry and table page."""
    out: dict[str, str | None] = {"web_module": None, "web_style": None, "web_template": None}
    if info.web_dir is not None:
        for key, name in (("web_module", RENDERER), ("web_style", STYLE)):
            if (info.web_dir / name).is_file():
                out[key] = f"{PREFIX}/{info.id}/{name}"
        if (info.web_dir / PARTIAL).is_file():
            out["web_template"] = TEMPLATE_PREFIX + info.id
    return out


async def serve_game_file(game: str, path: str) -> Response:
    """``GET PREFIX/<game>/<path>``: the file, or 404 as the rest of ``/static`` answers a missing one."""
    found = game_file(game, path)
    if found is None:
        return Response("Not Found", status_code=404, media_type="text/plain")
    return FileResponse(found)

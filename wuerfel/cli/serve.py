"""``wuerfel serve``: the web platform (uvicorn + the app of :mod:`wuerfel.server.app`)."""

from __future__ import annotations

from typing import Any

import typer

from wuerfel.cli.main import LangOption, app
from wuerfel.engine.errors import N_


@app.command("serve", help=N_("Start the web platform"))
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help=N_("Address the server listens on")),
    port: int = typer.Option(8000, "--port", help=N_("Port the server listens on")),
    db: str = typer.Option(
        None, "--db", help=N_("Database URL (default: SQLite in the data folder); postgresql://user@host:port/db")
    ),
    bot_delay: float = typer.Option(0.6, "--bot-delay", help=N_("Pause before bot moves, in seconds")),
    throw_wait: float = typer.Option(
        60.0,
        "--throw-wait",
        min=0.0,
        help=N_("How long a throw waits for the thrower's tap before the server throws for him (seconds; 0: no limit)"),
    ),
    clock_scale: float = typer.Option(
        None,
        "--clock-scale",
        min=0.0001,
        help=N_("Factor for every time limit (for tests only; default: WUERFEL_CLOCK_SCALE or 1)"),
    ),
    secure_cookies: bool = typer.Option(False, "--secure-cookies", help=N_("Cookies over HTTPS only")),
    sync: str = typer.Option("NORMAL", "--sqlite-synchronous", help=N_("SQLite synchronous: NORMAL or FULL")),
    ws_impl: str = typer.Option(
        "auto", "--ws-impl", help=N_("uvicorn's websocket implementation: auto, websockets or wsproto")
    ),
    log_level: str = typer.Option(
        "warning", "--log-level", help=N_("uvicorn's log level: critical, error, warning, info, debug or trace")
    ),
    solver_cache_mb: float = typer.Option(
        None,
        "--solver-cache-mb",
        help=N_(
            "Megabytes of solver tables of made-up rule sets kept on disk, least recently used out first "
            "(presets are always kept; 0: none; default: WUERFEL_SOLVER_CACHE_MB or 1024)"
        ),
    ),
    build_memory_mb: float = typer.Option(
        None,
        "--build-memory-mb",
        help=N_(
            "Megabytes of bot and hint tables kept in memory, least recently used out first (default: "
            "WUERFEL_BUILD_MEMORY_MB or 1536; negative: no limit)"
        ),
    ),
    builds: int = typer.Option(
        None,
        "--builds",
        min=1,
        help=N_("Rule sets whose bot or hint tables are built at once (default: WUERFEL_BUILDS or 2)"),
    ),
    builds_per_address: int = typer.Option(
        None,
        "--builds-per-address",
        min=1,
        help=N_("Rule sets built at once for one client address (default: WUERFEL_BUILDS_PER_ADDRESS or 1)"),
    ),
    forwarded_allow_ips: str = typer.Option(
        "",
        "--forwarded-allow-ips",
        help=N_(
            "Addresses of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed, separated by "
            "commas (default: none; the proxy must overwrite these headers)"
        ),
    ),
    header_timeout: float = typer.Option(
        10.0,
        "--header-timeout",
        min=0.0,
        envvar="WUERFEL_HEADER_TIMEOUT",
        help=N_("Seconds a request's headers may take to arrive before the connection is closed (0: no limit)"),
    ),
    per_address: int = typer.Option(
        128,
        "--connections-per-address",
        min=0,
        envvar="WUERFEL_CONNECTIONS_PER_ADDRESS",
        help=N_(
            "Open connections (websockets included) one client address may hold; trusted proxies are not "
            "limited (0: no limit)"
        ),
    ),
    lang: str = LangOption,
) -> None:
    """Start the web platform; ``--lang`` is the language of this command's own lines (the pages choose their
    language per visitor)."""
    import os

    import uvicorn

    from wuerfel.i18n import translate
    from wuerfel.server.app import create_app
    from wuerfel.server.connections import ConnectionGuard
    from wuerfel.server.db import normalize_url

    if sync.upper() not in ("NORMAL", "FULL"):
        raise typer.BadParameter("NORMAL | FULL")
    if solver_cache_mb is not None:
        from wuerfel.solvers import diskcache

        os.environ[diskcache.ENV] = str(solver_cache_mb)  # the environment: the builder's child processes read it too
    if build_memory_mb is not None:
        from wuerfel.engine import shared

        os.environ[shared.MEMORY_ENV] = str(build_memory_mb)
        shared.set_memory_budget(build_memory_mb)
    if builds is not None:
        os.environ["WUERFEL_BUILDS"] = str(builds)
    if builds_per_address is not None:
        os.environ["WUERFEL_BUILDS_PER_ADDRESS"] = str(builds_per_address)
    url = normalize_url(db)
    application = create_app(
        url,
        bot_delay=bot_delay,
        secure_cookies=secure_cookies,
        synchronous=sync.upper(),
        throw_wait=throw_wait,
        clock_scale=clock_scale,
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    # Every limit counts by the client's address. uvicorn believes X-Forwarded-For from 127.0.0.1 unless told
    # otherwise, so any local hop passing a client's header on let him choose that address (L7): only proxies
    # named here are believed, and without any the headers are ignored.
    proxies = [a.strip() for a in forwarded_allow_ips.split(",") if a.strip()]
    config = uvicorn.Config(
        application,
        host=host,
        port=port,
        log_level=log_level,
        ws=ws_impl,
        ws_max_size=1024 * 1024,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        lifespan="on",
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        http=ConnectionGuard(header_timeout, per_address, proxies).protocol(),
    )
    safe_url = url.split("@")[-1] if "@" in url else url
    typer.echo(translate("Database: {url}", lang, url=safe_url))

    class Server(uvicorn.Server):
        """Says where to go only once the socket listens, so the printed address always works."""

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                print(
                    translate(
                        "wuerfel is running: open {url} in your browser (Ctrl+C stops it).",
                        lang,
                        url=f"http://{shown}:{port}/",
                    ),
                    flush=True,
                )

    Server(config).run()

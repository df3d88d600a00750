"""``wuerfel serve``: the web platform (uvicorn + the app of :mod:`wuerfel.server.app`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer

from wuerfel.cli.main import LangOption, app
from wuerfel.engine.errors import N_

if TYPE_CHECKING:
    from wuerfel.server.cluster.shared import Shared


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
    rulesets_in_use: int = typer.Option(
        None,
        "--rulesets-in-use",
        min=1,
        help=N_("Made-up rule sets whose strong bots may play at once (default: WUERFEL_RULESETS_IN_USE or 6)"),
    ),
    rulesets_in_use_per_address: int = typer.Option(
        None,
        "--rulesets-in-use-per-address",
        min=1,
        help=N_("Of those, per client address (default: WUERFEL_RULESETS_IN_USE_PER_ADDRESS or 2)"),
    ),
    build_cpu_per_hour: float = typer.Option(
        None,
        "--build-cpu-per-hour",
        min=0.0,
        help=N_(
            "Seconds of background build CPU (win-chance tables) one client address may use per hour (default: "
            "WUERFEL_BUILD_CPU_PER_HOUR or 1800)"
        ),
    ),
    spectators_per_table: int = typer.Option(
        None,
        "--spectators-per-table",
        min=1,
        help=N_(
            "Connections of people without a seat one table accepts (default: WUERFEL_SPECTATORS_PER_TABLE or 100)"
        ),
    ),
    spectators_per_address: int = typer.Option(
        None,
        "--spectators-per-address",
        min=1,
        help=N_(
            "Anonymous spectators one client address may hold at one table (default: WUERFEL_SPECTATORS_PER_ADDRESS "
            "or 4)"
        ),
    ),
    spectator_interval: float = typer.Option(
        None,
        "--spectator-interval",
        min=0.0,
        help=N_(
            "Seconds between two messages to one spectator; what happens meanwhile comes with the next (0: every "
            "move at once; default: WUERFEL_SPECTATOR_INTERVAL or 0.25)"
        ),
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
    redis: str = typer.Option(
        None,
        "--redis",
        envvar="WUERFEL_REDIS",
        help=N_(
            "Redis URL (redis://HOST:PORT/N): this worker joins the cluster of every worker on the same database "
            "and Redis (needs a PostgreSQL --db; docs/deploy.md)"
        ),
    ),
    workers: int = typer.Option(
        1, "--workers", min=1, help=N_("Worker processes on this machine, on ports --port, --port+1, … (needs --redis)")
    ),
    lease_ttl: float = typer.Option(
        3.0,
        "--lease-ttl",
        min=0.3,
        envvar="WUERFEL_LEASE_TTL",
        help=N_(
            "Seconds a worker's hold on its tables lasts without renewal: a dead worker's tables move on after "
            "about this long"
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
        from wuerfel.engine import shared as engine_shared  # not ``shared``: the cluster's store below is named so

        os.environ[engine_shared.MEMORY_ENV] = str(build_memory_mb)
        engine_shared.set_memory_budget(build_memory_mb)
    # Limits read where they are kept (the builder, the hub): passed on through the environment, as the ones above.
    for env, value in (
        ("WUERFEL_BUILDS", builds),
        ("WUERFEL_BUILDS_PER_ADDRESS", builds_per_address),
        ("WUERFEL_RULESETS_IN_USE", rulesets_in_use),
        ("WUERFEL_RULESETS_IN_USE_PER_ADDRESS", rulesets_in_use_per_address),
        ("WUERFEL_BUILD_CPU_PER_HOUR", build_cpu_per_hour),
        ("WUERFEL_SPECTATORS_PER_TABLE", spectators_per_table),
        ("WUERFEL_SPECTATORS_PER_ADDRESS", spectators_per_address),
        ("WUERFEL_SPECTATOR_INTERVAL", spectator_interval),
    ):
        if value is not None:
            os.environ[env] = str(value)
    url = normalize_url(db)
    if (redis or workers > 1) and not url.startswith("postgresql"):
        raise typer.BadParameter(translate(N_("Several workers need a PostgreSQL --db and --redis."), lang))
    if workers > 1:
        if not redis:
            raise typer.BadParameter(translate(N_("Several workers need a PostgreSQL --db and --redis."), lang))
        import sys

        from wuerfel.server.cluster.launch import run_workers

        args = sys.argv[sys.argv.index("serve") + 1 :] if "serve" in sys.argv else []
        raise typer.Exit(run_workers(args, port, workers))
    make_node: Callable[[Any], Any] | None = None
    shared: Shared | None = None
    if redis:
        from wuerfel.server.cluster.config import DEFAULT_PREFIX
        from wuerfel.server.cluster.owner import cluster_node
        from wuerfel.server.cluster.redis_shared import RedisShared

        prefix = os.environ.get("WUERFEL_REDIS_PREFIX", DEFAULT_PREFIX)
        shared = RedisShared(redis, prefix)

        def cluster_make_node(store: Any) -> Any:
            return cluster_node(store, url, redis, lease_ttl, prefix)

        make_node = cluster_make_node

    application = create_app(
        url,
        bot_delay=bot_delay,
        secure_cookies=secure_cookies,
        synchronous=sync.upper(),
        throw_wait=throw_wait,
        clock_scale=clock_scale,
        shared=shared,
        make_node=make_node,
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

        async def shutdown(self, sockets: Any = None) -> None:
            # A worker of a cluster hands its tables over before uvicorn closes the sockets: the leases are
            # released and its clients told to reconnect (4503) at once, so another worker takes each table now
            # rather than after the lease ran out (a rolling deploy; docs/deploy.md).
            hub = getattr(application.state, "hub", None)
            if hub is not None and hub.node is not None:
                await hub.close()
            await super().shutdown(sockets)

    Server(config).run()

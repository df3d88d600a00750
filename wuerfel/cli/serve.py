"""``wuerfel serve``: the web platform (uvicorn + the app of :mod:`wuerfel.server.app`)."""

from __future__ import annotations

from typing import Any

import typer

from wuerfel.cli.main import app


@app.command("serve")
def serve(host: str = typer.Option("127.0.0.1", "--host", help="Adresse, an der der Server lauscht"),
          port: int = typer.Option(8000, "--port", help="Port"),
          db: str = typer.Option(None, "--db", help="Datenbank-URL (Standard: SQLite im Datenverzeichnis); "
                                                    "postgresql://user@host:port/db"),
          bot_delay: float = typer.Option(0.6, "--bot-delay", help="Pause vor Bot-Zügen in Sekunden"),
          throw_wait: float = typer.Option(60.0, "--throw-wait", min=0.0,
                                           help="So lange wartet ein Wurf auf das Tippen des Werfers, dann würfelt "
                                                "der Server für ihn (Sekunden; 0: ohne Grenze)"),
          clock_scale: float = typer.Option(None, "--clock-scale", min=0.0001,
                                            help="Faktor für alle Bedenkzeiten (nur für Tests; Standard: "
                                                 "WUERFEL_CLOCK_SCALE oder 1)"),
          secure_cookies: bool = typer.Option(False, "--secure-cookies", help="Cookies nur über HTTPS"),
          sync: str = typer.Option("NORMAL", "--sqlite-synchronous", help="SQLite synchronous: NORMAL oder FULL"),
          ws_impl: str = typer.Option("auto", "--ws-impl", help="uvicorn websocket implementation"),
          log_level: str = typer.Option("warning", "--log-level")) -> None:
    """Die Web-Plattform starten / start the web platform."""
    import uvicorn

    from wuerfel.i18n import translate
    from wuerfel.server.app import create_app
    from wuerfel.server.db import normalize_url

    if sync.upper() not in ("NORMAL", "FULL"):
        raise typer.BadParameter("NORMAL | FULL")
    url = normalize_url(db)
    application = create_app(url, bot_delay=bot_delay, secure_cookies=secure_cookies, synchronous=sync.upper(),
                             throw_wait=throw_wait, clock_scale=clock_scale)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    config = uvicorn.Config(application, host=host, port=port, log_level=log_level, ws=ws_impl, ws_max_size=1024 * 1024,
                            ws_ping_interval=20, ws_ping_timeout=20, lifespan="on")
    safe_url = url.split("@")[-1] if "@" in url else url
    typer.echo(translate("Database: {url}", "de", url=safe_url))

    class Server(uvicorn.Server):
        """Says where to go only once the socket listens, so the printed address always works."""

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                print(translate("wuerfel is running: open {url} in your browser (Ctrl+C stops it).", "de",
                                url=f"http://{shown}:{port}/"), flush=True)

    Server(config).run()

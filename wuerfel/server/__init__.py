"""The web platform: HTTP lobby API, websocket table protocol, event-log store. See docs/protocol.md and docs/web.md."""

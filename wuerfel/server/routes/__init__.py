"""The app's HTTP and websocket routes, one module per area (issue 25 §1): each ``register(app, ctx)`` adds its
handlers to the app, and :class:`~wuerfel.server.routes.context.Context` carries what the areas share."""

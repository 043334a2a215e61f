"""Discord adapters: the client, cogs, views and custom ids, live hands, the presenter,
replay, hints, the local mode."""

"""``chickenfoot serve``: tables in the browser, alone against bots or online with friends.

:mod:`~chickenfoot.server.app` is the ASGI app (pages, JSON API, game socket),
:mod:`~chickenfoot.server.hub` the tables in play, :mod:`~chickenfoot.server.store` the
database, :mod:`~chickenfoot.server.frames` the socket's messages (docs/protocol.md).
"""

"""The Alembic migrations of the server's database (``chickenfoot.server.store``)."""

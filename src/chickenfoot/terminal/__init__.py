"""Playing at the terminal: a line mode (``play --plain``) and a Textual app (``play``), both
standing on one :class:`~chickenfoot.terminal.session.Session` around the live table."""

"""Process-wide CLI state set by the root callback."""

DB_LOCATION: str = "crib-tourney.db"
SAVED: bool = False  # a write transaction of this command committed (said on stderr if its output then fails)

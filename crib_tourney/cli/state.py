"""Process-wide CLI state set by the root callback."""

DB_LOCATION: str = "crib-tourney.db"

"""CSV rows into typed records: each kind of file the tool reads (results,
teams, a roster), read through csvfiles.py (one record a line, bounded fields,
bad rows listed by line) and checked here, before any service runs."""

from __future__ import annotations


# --- results and teams of an event ------------------------------------------------



# --- a roster of players ----------------------------------------------------------

"""Persistence: SQLModel tables, database setup and migrations, and the queries
that load and save what tourney/ works on."""

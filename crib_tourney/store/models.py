"""SQLModel tables. Table classes do not validate: the CLI and tourney/ validate
input before anything reaches here."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Optional

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class SchemaVersion(SQLModel, table=True):
    __tablename__ = "schema_version"
    version: int = Field(primary_key=True)


class Player(SQLModel, table=True):
    __tablename__ = "player"
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    acc_number: Optional[str] = Field(default=None, index=True)
    club: Optional[str] = None
    email: Optional[str] = None
    created_at: datetime = Field(default_factory=utcnow)


class Event(SQLModel, table=True):
    __tablename__ = "event"
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    date: Optional[str] = None
    location: Optional[str] = None
    games: int = 7
    variant: str = "standard"
    format: str = "acc"
    win_points: int = 2
    skunk_points: int = 3
    double_skunk_points: int = 3
    skunk_margin: int = 31
    double_skunk_margin: int = 61
    forfeit_points: int = 2
    forfeit_spread: int = 10
    bye_points: int = 2
    bye_spread: int = 0
    muggins: bool = False
    best_of: int = 3
    final_best_of: int = 5
    qualify_ratio: float = 0.25
    created_at: datetime = Field(default_factory=utcnow)


class Entry(SQLModel, table=True):
    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("event_id", "player_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    seq: int  # order of entry, the basis of the fixed rotation
    first_game: int = 1  # late entries join from the next game
    withdrawn_after: Optional[int] = None  # last game played before withdrawing


class Pairing(SQLModel, table=True):
    """One seat assignment of a qualifying game: a table, or a bye (player2 empty)."""

    __tablename__ = "pairing"
    __table_args__ = (Index("ix_pairing_event_game", "event_id", "game_no"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    game_no: int
    table_no: Optional[int] = None
    player1_id: int = Field(foreign_key="player.id")
    player2_id: Optional[int] = Field(default=None, foreign_key="player.id")


class Outcome(SQLModel, table=True):
    """One player's record of one game: ACC scorecards are each a record of their
    own, so a game has one row per player (equal and opposite when the cards agree)."""

    __tablename__ = "outcome"
    __table_args__ = (UniqueConstraint("pairing_id", "player_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    pairing_id: int = Field(foreign_key="pairing.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    own_score: int = 0
    opp_score: int = 0
    forfeit: str = "none"  # none | won | lost
    source: str = "result"  # result | card | resolved


class Audit(SQLModel, table=True):
    """Every change to results, with the outcome rows before and after, for undo."""

    __tablename__ = "audit"
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    at: datetime = Field(default_factory=utcnow)
    action: str
    summary: str
    data: str  # JSON: {"pairings": [...], "before": [...], "after": [...]}
    undone: bool = False


class Ruling(SQLModel, table=True):
    """A dispute at the table and how it was ruled (added in schema version 2)."""

    __tablename__ = "ruling"
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    game_no: int
    player_id: int = Field(foreign_key="player.id")
    kind: str  # count | crib | peg
    cards: str
    claim: int
    true_score: int
    muggins: int = 0
    summary: str
    at: datetime = Field(default_factory=utcnow)

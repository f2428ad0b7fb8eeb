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
    # schema version 3: playoffs
    first_dealer: str = "cut"  # cut | loser | alternate
    prize_fund: float = 0.0
    payouts: str = ""  # percentages per place, e.g. "40,25,12.5,12.5"
    grand_final_reset: bool = True  # double elimination
    parent_event_id: Optional[int] = None  # a consolation event's main event


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


class Seed(SQLModel, table=True):
    """A qualifier's seed in the playoff bracket (schema version 3)."""

    __tablename__ = "seed"
    __table_args__ = (UniqueConstraint("event_id", "seed"), UniqueConstraint("event_id", "player_id"))
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    seed: int
    player_id: int = Field(foreign_key="player.id")


class PlayoffMatch(SQLModel, table=True):
    """One match of the bracket layout. Its two slots name their source: a seed
    ('seed:5') or the winner or loser of an earlier match ('winner:W1.3')."""

    __tablename__ = "playoff_match"
    __table_args__ = (UniqueConstraint("event_id", "key"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    key: str
    bracket: str  # W | L | F
    round: int
    position: int
    source1: str
    source2: str
    best_of: int
    stage: Optional[int] = None


class PlayoffGame(SQLModel, table=True):
    __tablename__ = "playoff_game"
    id: Optional[int] = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="playoff_match.id", index=True)
    game_no: int
    player1_id: int = Field(foreign_key="player.id")
    player2_id: int = Field(foreign_key="player.id")
    score1: int = 0
    score2: int = 0
    forfeit_by: Optional[int] = Field(default=None, foreign_key="player.id")


class CutPlayoff(SQLModel, table=True):
    """A one-game playoff between players tied across the cut line."""

    __tablename__ = "cut_playoff"
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    winner_id: int = Field(foreign_key="player.id")
    loser_id: int = Field(foreign_key="player.id")
    winner_score: int
    loser_score: int


class League(SQLModel, table=True):
    """A club's season of weekly nights (schema version 4)."""

    __tablename__ = "league"
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    season: Optional[str] = None
    games_per_night: int = 9
    threshold: int = 12
    formula: str = "grass-roots"
    place_points: str = "10,8,6,5,4,3,2,1"
    drop_worst: int = 0
    best_of_nights: Optional[int] = None
    guest_limit: int = 4
    skunk_pot: float = 1.0  # paid into the pot per skunk taken
    created_at: datetime = Field(default_factory=utcnow)


class LeagueMember(SQLModel, table=True):
    __tablename__ = "league_member"
    __table_args__ = (UniqueConstraint("league_id", "player_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    player_id: int = Field(foreign_key="player.id")


class LeagueNight(SQLModel, table=True):
    """A night's event, with the scoring settings it was played under."""

    __tablename__ = "league_night"
    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    event_id: int = Field(foreign_key="event.id", unique=True)
    night_no: int
    date: str
    formula: str
    threshold: int
    place_points: str


class SpecialHand(SQLModel, table=True):
    """A 28 or 29 hand (or another big count) for the club's records."""

    __tablename__ = "special_hand"
    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    event_id: Optional[int] = Field(default=None, foreign_key="event.id")
    cards: str
    starter: str
    crib: bool = False
    points: int
    date: Optional[str] = None

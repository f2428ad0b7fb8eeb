"""SQLModel tables: the schema of a new database (store/db.py creates it from
these classes at the latest version; store/migrations.py upgrades an older one).

Every class is named for its table with ``Table`` after it (``PlayerTable`` is
the table ``player``): these classes declare tables and are never a row. The
queries run through the thin SQL layer (store/sql.py) and hand back the records
of store/rows.py (``Player``, ``Event``, ``Entry``, ``Pairing``, ``Outcome``) and
of tourney/, so a ``Player`` in the code is always a record, never a table. The
suffix names what the class is, where ``...Row`` would name what it is not.

Table classes do not validate: the CLI and tourney/ validate input before
anything reaches here."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Optional

from sqlalchemy import BigInteger, Index, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from crib_tourney.records import fields  # a record's fields, or a dataclass's
from crib_tourney.store.pair_codes import MET_CODE
from crib_tourney.tourney.settings import EventSettings, value_type, LeagueSettings


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class SchemaVersionTable(SQLModel, table=True):
    __tablename__ = "schema_version"
    version: int = Field(primary_key=True)


class PlayerTable(SQLModel, table=True):
    __tablename__ = "player"
    __table_args__ = (  # schema 24: the players a name could be shared with (store/directory.sharing_a_name)
        Index("ix_player_name_lower", text("lower(name)")),
        Index("ix_player_name_beyond_ascii", "name", sqlite_where=text("length(CAST(name AS BLOB)) <> length(name)"),
              postgresql_where=text("octet_length(name) <> char_length(name)")),
    )
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    acc_number: Optional[str] = Field(default=None, index=True)
    club: Optional[str] = None
    email: Optional[str] = None
    created_at: datetime = Field(default_factory=utcnow)
    start_rating: Optional[float] = None  # schema 22: a rating imported for his first rated event
    start_rd: Optional[float] = None
    start_volatility: Optional[float] = None
    mrps_before: int = Field(default=0, sa_column_kwargs={"server_default": "0"})  # lifetime MRPs before this database


def _event_namespace() -> dict[str, Any]:
    """The event table's columns: its own, plus one per field of EventSettings."""
    annotations: dict[str, Any] = {"id": Optional[int], "name": str, "created_at": datetime, "parent_event_id": Optional[int]}
    namespace: dict[str, Any] = {
        "__tablename__": "event",
        "id": Field(default=None, primary_key=True),
        "name": Field(unique=True),
        "created_at": Field(default_factory=utcnow),
        "parent_event_id": None,  # a consolation event's main event
    }
    for f in fields(EventSettings):
        kind = value_type(EventSettings, f.name)
        annotations[f.name] = Optional[kind] if f.default is None else kind
        namespace[f.name] = f.default
    namespace["__annotations__"] = annotations
    return namespace


EventTable = type("EventTable", (SQLModel,), _event_namespace(), table=True)


class EntryTable(SQLModel, table=True):
    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("event_id", "player_id"), UniqueConstraint("event_id", "seq"))
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    seq: int  # order of entry, the basis of the fixed rotation
    first_game: int = 1  # late entries join from the next game
    withdrawn_after: Optional[int] = None  # last game played before withdrawing
    team_name: Optional[str] = None  # a team entry (player_id is its first member)
    checked_in: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    paid: Optional[int] = None  # cents paid toward the entry fee; None: not paid


class EntryLinkTable(SQLModel, table=True):
    """An entrant's personal link: the token itself is never stored, only its
    SHA-256, so a copy of the database gives no way in; revoked links answer 404."""

    __tablename__ = "entry_link"
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    entry_id: int = Field(foreign_key="entry.id", index=True)
    generation: int  # the entry's first link is 1; a link issued after a revoke has the next
    token_hash: str = Field(unique=True)
    created_at: datetime = Field(default_factory=utcnow)
    revoked: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})


class WebRequestTable(SQLModel, table=True):
    """A request a phone sent, by its idempotency key: sent again, it is answered
    as the first time and records nothing twice."""

    __tablename__ = "web_request"
    __table_args__ = (UniqueConstraint("entry_id", "request_key"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    entry_id: int = Field(foreign_key="entry.id")
    request_key: str
    answer: str  # the JSON answered


class DeskSessionTable(SQLModel, table=True):
    """Schema 21: a director's desk session (web/security.py), by the SHA-256 of its
    cookie's random part: a logout deletes the row. Not event data, so not written
    through the writer (store/sessions.py says why). Times in seconds since 1970."""

    __tablename__ = "desk_session"
    session_hash: str = Field(primary_key=True)
    started: int = Field(sa_type=BigInteger)
    seen: int = Field(sa_type=BigInteger)  # the last request (an idle session ends)
    ends: int = Field(sa_type=BigInteger)  # however busy


class EntryMemberTable(SQLModel, table=True):
    """The players of a team entry, in the order given; a player is on one team of an event."""

    __tablename__ = "entry_member"
    __table_args__ = (UniqueConstraint("event_id", "player_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    entry_id: int = Field(foreign_key="entry.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    seat: int


class PlayerAvoidTable(SQLModel, table=True):
    """Two players never seated together (family): player1 < player2."""

    __tablename__ = "player_avoid"
    __table_args__ = (UniqueConstraint("player1_id", "player2_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    player1_id: int = Field(foreign_key="player.id")
    player2_id: int = Field(foreign_key="player.id")


class GameDrawTable(SQLModel, table=True):
    """The seed of a qualifying game seated by a random draw (round --draw)."""

    __tablename__ = "game_draw"
    __table_args__ = (UniqueConstraint("event_id", "game_no"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    game_no: int
    seed: int


class PairingTable(SQLModel, table=True):
    """One seat assignment of a qualifying game between two entries: a table, or a
    bye (entry2 empty). Schema 5: entries, not players, are the competitors.
    Schema 14: a three-sided event's table seats a third side (entry3). Schema 19:
    who met whom indexed as pair codes (store/qualifying.met_codes); the unique
    (event, game, table) index serves what the one on (event, game) did. Schema 24:
    each side indexed (store/qualifying.pairings_of: one entry's tables)."""

    __tablename__ = "pairing"
    __table_args__ = (
        Index("ix_pairing_bye", "event_id", "game_no", "entry1_id",
              sqlite_where=text("entry2_id IS NULL"), postgresql_where=text("entry2_id IS NULL")),  # schema 18
        Index("ix_pairing_met", "event_id", "game_no", text(f"({MET_CODE})"),
              sqlite_where=text("entry2_id IS NOT NULL"), postgresql_where=text("entry2_id IS NOT NULL")),  # schema 19
        Index("ix_pairing_entry1", "entry1_id"),  # schema 24: one entry's tables
        Index("ix_pairing_entry2", "entry2_id",
              sqlite_where=text("entry2_id IS NOT NULL"), postgresql_where=text("entry2_id IS NOT NULL")),
        Index("ix_pairing_entry3", "entry3_id",
              sqlite_where=text("entry3_id IS NOT NULL"), postgresql_where=text("entry3_id IS NOT NULL")),
        UniqueConstraint("event_id", "game_no", "table_no"),
        UniqueConstraint("event_id", "game_no", "entry1_id"),
    )
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    game_no: int
    table_no: Optional[int] = None
    entry1_id: int = Field(foreign_key="entry.id")
    entry2_id: Optional[int] = Field(default=None, foreign_key="entry.id")
    entry3_id: Optional[int] = Field(default=None, foreign_key="entry.id")


class OutcomeTable(SQLModel, table=True):
    """One side's record of one game: ACC scorecards are each a record of their
    own, so a game has one row per entry (equal and opposite when the cards agree)."""

    __tablename__ = "outcome"
    __table_args__ = (
        UniqueConstraint("pairing_id", "entry_id"),
        # Schema 15: everything the standings sum, in entry order, so the sums of a
        # 440,000-card event read the index alone (it replaces ix_outcome_event_id).
        # Schema 20: with whether the card counts (the game is final).
        Index("ix_outcome_cards", "event_id", "entry_id", "own_score", "opp_score", "forfeit", "counted"),
        # Schema 20: the few cards that do not count yet (pending, disputed), found at once.
        Index("ix_outcome_uncounted", "event_id", "pairing_id",
              sqlite_where=text("counted = 0"), postgresql_where=text("counted = 0")),
        # Schema 16: a table's cards with their scores, so checking 220,000 tables for
        # two that agree reads the index alone (it replaces ix_outcome_pairing_id).
        Index("ix_outcome_table", "pairing_id", "entry_id", "own_score", "opp_score", "forfeit"),
    )
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    pairing_id: int = Field(foreign_key="pairing.id")
    entry_id: int = Field(foreign_key="entry.id")
    own_score: int = 0
    opp_score: int = 0
    opp2_score: Optional[int] = None  # three sides: the other opponent's score (opponents in seat order)
    forfeit: str = "none"  # none | won | lost
    source: str = "result"  # result | card | resolved | provisional
    # Schema 20: 1 when the game is final (the cards agree, the director entered or
    # settled it, a forfeit); a lone or disputed player's card is 0 and counts nowhere.
    counted: int = Field(default=1, sa_column_kwargs={"server_default": "1"})


class SettledCardTable(SQLModel, table=True):
    """Schema 20: the original cards of a dispute settled by ACC 12.2 before the last
    qualifying game (its outcome rows say "provisional"): judged again from these
    once the last game is in."""

    __tablename__ = "settled_card"
    __table_args__ = (UniqueConstraint("pairing_id", "entry_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    pairing_id: int = Field(foreign_key="pairing.id")
    entry_id: int = Field(foreign_key="entry.id")
    own_score: int
    opp_score: int
    opp2_score: Optional[int] = None
    forfeit: str


class PlayoffCardTable(SQLModel, table=True):
    """Schema 20: a player's own card of a playoff match game, from his phone: the
    game is recorded (playoff_game) once both players' cards agree."""

    __tablename__ = "playoff_card"
    __table_args__ = (UniqueConstraint("match_id", "game_no", "entry_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    match_id: int = Field(foreign_key="playoff_match.id")
    game_no: int
    entry_id: int = Field(foreign_key="entry.id")
    own_score: int
    opp_score: int


class AuditTable(SQLModel, table=True):
    """Every change to the data, each step with its rows before and after, written
    only by store/writer.py; undo reverts one entry. An entry belongs to an event's
    log, a league's (event_id null), or the roster's (both null)."""

    __tablename__ = "audit"
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: Optional[int] = Field(default=None, index=True)  # no foreign key: undo may remove the event
    league_id: Optional[int] = Field(default=None, index=True)
    at: datetime = Field(default_factory=utcnow)
    action: str
    summary: str
    data: str  # JSON: {"steps": [{"op", "table", "rows" | "scope" | "id", "before", "after"}]}
    undone: bool = False
    source: str = Field(default="cli", sa_column_kwargs={"server_default": "cli"})  # cli | web
    actor: Optional[str] = None


class DataVersionTable(SQLModel, table=True):
    """A counter per scope ('all', 'roster', 'event:ID') that every write moves in
    its own transaction: the live view's caches and ETags key on it."""

    __tablename__ = "data_version"
    scope: str = Field(primary_key=True)
    version: int


class RulingTable(SQLModel, table=True):
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


class SeedTable(SQLModel, table=True):
    """A qualifier's seed in the playoff bracket (schema version 3)."""

    __tablename__ = "seed"
    __table_args__ = (UniqueConstraint("event_id", "seed"), UniqueConstraint("event_id", "entry_id"))
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    seed: int
    entry_id: int = Field(foreign_key="entry.id")


class PlayoffMatchTable(SQLModel, table=True):
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


class PlayoffGameTable(SQLModel, table=True):
    __tablename__ = "playoff_game"
    __table_args__ = (UniqueConstraint("match_id", "game_no"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="playoff_match.id", index=True)
    game_no: int
    entry1_id: int = Field(foreign_key="entry.id")
    entry2_id: int = Field(foreign_key="entry.id")
    score1: int = 0
    score2: int = 0
    forfeit_by: Optional[int] = Field(default=None, foreign_key="entry.id")


class CutPlayoffTable(SQLModel, table=True):
    """A one-game playoff between players tied across the cut line."""

    __tablename__ = "cut_playoff"
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    winner_entry_id: int = Field(foreign_key="entry.id")
    loser_entry_id: int = Field(foreign_key="entry.id")
    winner_score: int
    loser_score: int


def _league_namespace() -> dict[str, Any]:
    """The league table's columns: its own, plus one per field of LeagueSettings."""
    annotations: dict[str, Any] = {"id": Optional[int], "name": str, "created_at": datetime}
    namespace: dict[str, Any] = {"__tablename__": "league", "id": Field(default=None, primary_key=True),
                       "name": Field(unique=True), "created_at": Field(default_factory=utcnow)}
    for f in fields(LeagueSettings):
        kind = value_type(LeagueSettings, f.name)
        annotations[f.name] = Optional[kind] if f.default is None else kind
        namespace[f.name] = f.default
    namespace["__annotations__"] = annotations
    return namespace


LeagueTable = type("LeagueTable", (SQLModel,), _league_namespace(), table=True)


class LeagueMemberTable(SQLModel, table=True):
    __tablename__ = "league_member"
    __table_args__ = (UniqueConstraint("league_id", "player_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    player_id: int = Field(foreign_key="player.id")


class LeagueNightTable(SQLModel, table=True):
    """A night's event, with the scoring settings it was played under."""

    __tablename__ = "league_night"
    __table_args__ = (UniqueConstraint("league_id", "night_no"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    event_id: int = Field(foreign_key="event.id", unique=True)
    night_no: int
    date: str
    formula: str
    threshold: int
    place_points: str


class SpecialHandTable(SQLModel, table=True):
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


class PoolTable(SQLModel, table=True):
    """A side pool or Q-pool of an event: its fee (cents) and how it pays."""

    __tablename__ = "pool"
    __table_args__ = (UniqueConstraint("event_id", "name"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id")
    name: str
    kind: str  # side | q
    fee: int
    payout: str  # places:50,30,20 | equal | top-double


class PoolEntryTable(SQLModel, table=True):
    __tablename__ = "pool_entry"
    __table_args__ = (UniqueConstraint("pool_id", "entry_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    pool_id: int = Field(foreign_key="pool.id")
    entry_id: int = Field(foreign_key="entry.id")


class LeagueAbsenceTable(SQLModel, table=True):
    """A member who missed a night (not a withdrawal: he is back next week)."""

    __tablename__ = "league_absence"
    __table_args__ = (UniqueConstraint("league_id", "night_no", "player_id"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id")
    night_no: int
    player_id: int = Field(foreign_key="player.id")


class EntryTotalTable(SQLModel, table=True):
    """Schema 16: an entry's cards summed (store/totals.py), kept by the writer as it
    writes them. Derived from the outcome rows, never logged; no foreign keys, since
    undo may remove the entry or event first."""

    __tablename__ = "entry_total"
    __table_args__ = (  # schema 24: the entries left with no card, deleted after each change
        Index("ix_entry_total_empty", "event_id", sqlite_where=text("cards = 0"), postgresql_where=text("cards = 0")),
    )
    entry_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    event_id: int = Field(index=True)
    cards: int
    won: int
    game_points: int
    plus: int
    minus: int
    skunks: int
    skunks_taken: int
    double_skunks: int
    double_skunks_taken: int


class TotalsKeptTable(SQLModel, table=True):
    """Schema 16: the scoring rules an event's entry_total rows were summed under."""

    __tablename__ = "totals_kept"
    event_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    rules: str


class TableAgreedTable(SQLModel, table=True):
    """Schema 17: a table (pairing) whose two cards agree, kept by the writer with the
    totals (store/totals.py): `check` and `cut` look only at the tables not here."""

    __tablename__ = "table_agreed"
    pairing_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    event_id: int = Field(index=True)


class PlayerRatingTable(SQLModel, table=True):
    """Schema 22: a player's rating as `ratings rebuild` last made it (store/ratings.py).
    Derived from the games, never logged; kept only while ratings_kept names the
    data version they were made at."""

    __tablename__ = "player_rating"
    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    rating: float
    rd: float
    volatility: float
    games: int
    last_event_id: Optional[int] = None


class RatingChangeTable(SQLModel, table=True):
    """Schema 22: a player's rating before and after one event (a rating period)."""

    __tablename__ = "rating_change"
    id: Optional[int] = Field(default=None, primary_key=True)
    player_id: int = Field(index=True)
    event_id: int = Field(index=True)
    rating_before: float
    rd_before: float
    volatility_before: float
    rating: float
    rd: float
    volatility: float
    games: int
    points: float


class RatingsKeptTable(SQLModel, table=True):
    """Schema 22: the data version and settings (tau, first deal) the kept ratings were made at."""

    __tablename__ = "ratings_kept"
    id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    version: int
    settings: str

"""Schema migrations: an ordered list of steps, each frozen SQL.

A step is written once, in the SQL of its day, and never reads today's table
classes: a column added later cannot break an old step. `{pk}` is the one word
the engines spell differently (SQLite's rowid key, PostgreSQL's SERIAL). A new
database is made from the SQLModel tables at the latest version; a test checks
that upgrading the first schema through every step gives the same tables.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from crib_tourney.store.sql import Db

PK = {True: "INTEGER NOT NULL PRIMARY KEY", False: "SERIAL PRIMARY KEY"}  # by db.sqlite

# The first schema, for tests that upgrade from it (and a record of where we began).
V1 = """
CREATE TABLE schema_version (
    version INTEGER NOT NULL,
    PRIMARY KEY (version)
);
CREATE TABLE player (
    id {pk},
    name VARCHAR NOT NULL,
    acc_number VARCHAR,
    club VARCHAR,
    email VARCHAR,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX ix_player_acc_number ON player (acc_number);
CREATE INDEX ix_player_name ON player (name);
CREATE TABLE event (
    id {pk},
    name VARCHAR NOT NULL,
    date VARCHAR,
    location VARCHAR,
    games INTEGER NOT NULL,
    variant VARCHAR NOT NULL,
    format VARCHAR NOT NULL,
    win_points INTEGER NOT NULL,
    skunk_points INTEGER NOT NULL,
    double_skunk_points INTEGER NOT NULL,
    skunk_margin INTEGER NOT NULL,
    double_skunk_margin INTEGER NOT NULL,
    forfeit_points INTEGER NOT NULL,
    forfeit_spread INTEGER NOT NULL,
    muggins BOOLEAN NOT NULL,
    best_of INTEGER NOT NULL,
    final_best_of INTEGER NOT NULL,
    qualify_ratio FLOAT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (name)
);
CREATE TABLE entry (
    id {pk},
    event_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    first_game INTEGER NOT NULL,
    withdrawn_after INTEGER,
    UNIQUE (event_id, player_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(player_id) REFERENCES player (id)
);
CREATE INDEX ix_entry_player_id ON entry (player_id);
CREATE INDEX ix_entry_event_id ON entry (event_id);
CREATE TABLE pairing (
    id {pk},
    event_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    table_no INTEGER,
    player1_id INTEGER NOT NULL,
    player2_id INTEGER,
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(player1_id) REFERENCES player (id),
    FOREIGN KEY(player2_id) REFERENCES player (id)
);
CREATE INDEX ix_pairing_event_game ON pairing (event_id, game_no);
CREATE TABLE outcome (
    id {pk},
    event_id INTEGER NOT NULL,
    pairing_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    own_score INTEGER NOT NULL,
    opp_score INTEGER NOT NULL,
    forfeit VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    UNIQUE (pairing_id, player_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(pairing_id) REFERENCES pairing (id),
    FOREIGN KEY(player_id) REFERENCES player (id)
);
CREATE INDEX ix_outcome_pairing_id ON outcome (pairing_id);
CREATE INDEX ix_outcome_event_id ON outcome (event_id);
CREATE TABLE audit (
    id {pk},
    event_id INTEGER NOT NULL,
    at TIMESTAMP NOT NULL,
    action VARCHAR NOT NULL,
    summary VARCHAR NOT NULL,
    data VARCHAR NOT NULL,
    undone BOOLEAN NOT NULL,
    FOREIGN KEY(event_id) REFERENCES event (id)
);
CREATE INDEX ix_audit_event_id ON audit (event_id);
"""

V2 = """
CREATE TABLE ruling (
    id {pk},
    event_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    kind VARCHAR NOT NULL,
    cards VARCHAR NOT NULL,
    claim INTEGER NOT NULL,
    true_score INTEGER NOT NULL,
    muggins INTEGER NOT NULL,
    summary VARCHAR NOT NULL,
    at TIMESTAMP NOT NULL,
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(player_id) REFERENCES player (id)
);
CREATE INDEX ix_ruling_event_id ON ruling (event_id);
ALTER TABLE event ADD COLUMN bye_points INTEGER NOT NULL DEFAULT 2;
ALTER TABLE event ADD COLUMN bye_spread INTEGER NOT NULL DEFAULT 0;
"""

V3 = """
CREATE TABLE seed (
    id {pk},
    event_id INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    UNIQUE (event_id, seed),
    UNIQUE (event_id, player_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(player_id) REFERENCES player (id)
);
CREATE INDEX ix_seed_event_id ON seed (event_id);
CREATE TABLE playoff_match (
    id {pk},
    event_id INTEGER NOT NULL,
    "key" VARCHAR NOT NULL,
    bracket VARCHAR NOT NULL,
    round INTEGER NOT NULL,
    position INTEGER NOT NULL,
    source1 VARCHAR NOT NULL,
    source2 VARCHAR NOT NULL,
    best_of INTEGER NOT NULL,
    stage INTEGER,
    UNIQUE (event_id, "key"),
    FOREIGN KEY(event_id) REFERENCES event (id)
);
CREATE INDEX ix_playoff_match_event_id ON playoff_match (event_id);
CREATE TABLE playoff_game (
    id {pk},
    match_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    player1_id INTEGER NOT NULL,
    player2_id INTEGER NOT NULL,
    score1 INTEGER NOT NULL,
    score2 INTEGER NOT NULL,
    forfeit_by INTEGER,
    FOREIGN KEY(match_id) REFERENCES playoff_match (id),
    FOREIGN KEY(player1_id) REFERENCES player (id),
    FOREIGN KEY(player2_id) REFERENCES player (id),
    FOREIGN KEY(forfeit_by) REFERENCES player (id)
);
CREATE INDEX ix_playoff_game_match_id ON playoff_game (match_id);
CREATE TABLE cut_playoff (
    id {pk},
    event_id INTEGER NOT NULL,
    winner_id INTEGER NOT NULL,
    loser_id INTEGER NOT NULL,
    winner_score INTEGER NOT NULL,
    loser_score INTEGER NOT NULL,
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(winner_id) REFERENCES player (id),
    FOREIGN KEY(loser_id) REFERENCES player (id)
);
CREATE INDEX ix_cut_playoff_event_id ON cut_playoff (event_id);
ALTER TABLE event ADD COLUMN first_dealer VARCHAR NOT NULL DEFAULT 'cut';
ALTER TABLE event ADD COLUMN prize_fund FLOAT NOT NULL DEFAULT 0;
ALTER TABLE event ADD COLUMN payouts VARCHAR NOT NULL DEFAULT '';
ALTER TABLE event ADD COLUMN grand_final_reset BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE event ADD COLUMN parent_event_id INTEGER;
"""

V4 = """
CREATE TABLE league (
    id {pk},
    name VARCHAR NOT NULL,
    season VARCHAR,
    games_per_night INTEGER NOT NULL,
    threshold INTEGER NOT NULL,
    formula VARCHAR NOT NULL,
    place_points VARCHAR NOT NULL,
    drop_worst INTEGER NOT NULL,
    best_of_nights INTEGER,
    guest_limit INTEGER NOT NULL,
    skunk_pot FLOAT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (name)
);
CREATE TABLE league_member (
    id {pk},
    league_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    UNIQUE (league_id, player_id),
    FOREIGN KEY(league_id) REFERENCES league (id),
    FOREIGN KEY(player_id) REFERENCES player (id)
);
CREATE INDEX ix_league_member_league_id ON league_member (league_id);
CREATE TABLE league_night (
    id {pk},
    league_id INTEGER NOT NULL,
    event_id INTEGER NOT NULL,
    night_no INTEGER NOT NULL,
    date VARCHAR NOT NULL,
    formula VARCHAR NOT NULL,
    threshold INTEGER NOT NULL,
    place_points VARCHAR NOT NULL,
    FOREIGN KEY(league_id) REFERENCES league (id),
    UNIQUE (event_id),
    FOREIGN KEY(event_id) REFERENCES event (id)
);
CREATE INDEX ix_league_night_league_id ON league_night (league_id);
CREATE TABLE special_hand (
    id {pk},
    league_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    event_id INTEGER,
    cards VARCHAR NOT NULL,
    starter VARCHAR NOT NULL,
    crib BOOLEAN NOT NULL,
    points INTEGER NOT NULL,
    date VARCHAR,
    FOREIGN KEY(league_id) REFERENCES league (id),
    FOREIGN KEY(player_id) REFERENCES player (id),
    FOREIGN KEY(event_id) REFERENCES event (id)
);
CREATE INDEX ix_special_hand_league_id ON special_hand (league_id);
"""

# Version 5: entries, not players, are the competitors (a team can be one).
V5_TABLES = """
CREATE TABLE pairing (
    id {pk},
    event_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    table_no INTEGER,
    entry1_id INTEGER NOT NULL,
    entry2_id INTEGER,
    UNIQUE (event_id, game_no, table_no),
    UNIQUE (event_id, game_no, entry1_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(entry1_id) REFERENCES entry (id),
    FOREIGN KEY(entry2_id) REFERENCES entry (id)
);
CREATE INDEX ix_pairing_event_game ON pairing (event_id, game_no);
CREATE TABLE outcome (
    id {pk},
    event_id INTEGER NOT NULL,
    pairing_id INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    own_score INTEGER NOT NULL,
    opp_score INTEGER NOT NULL,
    forfeit VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    UNIQUE (pairing_id, entry_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(pairing_id) REFERENCES pairing (id),
    FOREIGN KEY(entry_id) REFERENCES entry (id)
);
CREATE INDEX ix_outcome_pairing_id ON outcome (pairing_id);
CREATE INDEX ix_outcome_event_id ON outcome (event_id);
CREATE TABLE seed (
    id {pk},
    event_id INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    UNIQUE (event_id, seed),
    UNIQUE (event_id, entry_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(entry_id) REFERENCES entry (id)
);
CREATE INDEX ix_seed_event_id ON seed (event_id);
CREATE TABLE playoff_game (
    id {pk},
    match_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    entry1_id INTEGER NOT NULL,
    entry2_id INTEGER NOT NULL,
    score1 INTEGER NOT NULL,
    score2 INTEGER NOT NULL,
    forfeit_by INTEGER,
    UNIQUE (match_id, game_no),
    FOREIGN KEY(match_id) REFERENCES playoff_match (id),
    FOREIGN KEY(entry1_id) REFERENCES entry (id),
    FOREIGN KEY(entry2_id) REFERENCES entry (id),
    FOREIGN KEY(forfeit_by) REFERENCES entry (id)
);
CREATE INDEX ix_playoff_game_match_id ON playoff_game (match_id);
CREATE TABLE cut_playoff (
    id {pk},
    event_id INTEGER NOT NULL,
    winner_entry_id INTEGER NOT NULL,
    loser_entry_id INTEGER NOT NULL,
    winner_score INTEGER NOT NULL,
    loser_score INTEGER NOT NULL,
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(winner_entry_id) REFERENCES entry (id),
    FOREIGN KEY(loser_entry_id) REFERENCES entry (id)
);
CREATE INDEX ix_cut_playoff_event_id ON cut_playoff (event_id);
CREATE UNIQUE INDEX uq_entry_event_seq ON entry (event_id, seq);
CREATE UNIQUE INDEX uq_league_night_number ON league_night (league_id, night_no);
"""


V6 = """
ALTER TABLE event ADD COLUMN avoid_same_club_games INTEGER NOT NULL DEFAULT 0;
CREATE TABLE player_avoid (
    id {pk},
    player1_id INTEGER NOT NULL,
    player2_id INTEGER NOT NULL,
    UNIQUE (player1_id, player2_id),
    FOREIGN KEY(player1_id) REFERENCES player (id),
    FOREIGN KEY(player2_id) REFERENCES player (id)
);
CREATE TABLE game_draw (
    id {pk},
    event_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    UNIQUE (event_id, game_no),
    FOREIGN KEY(event_id) REFERENCES event (id)
);
"""


V7 = """
ALTER TABLE event ADD COLUMN team_size INTEGER NOT NULL DEFAULT 1;
ALTER TABLE entry ADD COLUMN team_name VARCHAR;
CREATE TABLE entry_member (
    id {pk},
    event_id INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    UNIQUE (event_id, player_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(entry_id) REFERENCES entry (id),
    FOREIGN KEY(player_id) REFERENCES player (id)
);
CREATE INDEX ix_entry_member_entry_id ON entry_member (entry_id);
"""


V8 = """
ALTER TABLE event ADD COLUMN public_url VARCHAR;
ALTER TABLE league ADD COLUMN public_url VARCHAR;
"""


V9 = """
ALTER TABLE event ADD COLUMN entry_fee INTEGER NOT NULL DEFAULT 0;
ALTER TABLE event ADD COLUMN house_share FLOAT NOT NULL DEFAULT 0;
ALTER TABLE event ADD COLUMN high_nonqualifier_prize INTEGER NOT NULL DEFAULT 0;
ALTER TABLE event ADD COLUMN prize_fund_cents INTEGER NOT NULL DEFAULT 0;
UPDATE event SET prize_fund_cents = CAST(ROUND(prize_fund * 100) AS INTEGER);
ALTER TABLE event DROP COLUMN prize_fund;
ALTER TABLE event RENAME COLUMN prize_fund_cents TO prize_fund;
"""


V10 = """
CREATE TABLE pool (
    id {pk},
    event_id INTEGER NOT NULL,
    name VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    fee INTEGER NOT NULL,
    payout VARCHAR NOT NULL,
    UNIQUE (event_id, name),
    FOREIGN KEY(event_id) REFERENCES event (id)
);
CREATE TABLE pool_entry (
    id {pk},
    pool_id INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    UNIQUE (pool_id, entry_id),
    FOREIGN KEY(pool_id) REFERENCES pool (id),
    FOREIGN KEY(entry_id) REFERENCES entry (id)
);
"""


V11 = """
ALTER TABLE league ADD COLUMN drop_absences_first BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE league_absence (
    id {pk},
    league_id INTEGER NOT NULL,
    night_no INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    UNIQUE (league_id, night_no, player_id),
    FOREIGN KEY(league_id) REFERENCES league (id),
    FOREIGN KEY(player_id) REFERENCES player (id)
);
"""


# The one writer (schema 12): every change is logged, an event's, a league's or the
# roster's (so the audit entry's event is optional and no longer a foreign key: an
# entry outlives an event that undo removed), with its source and actor; every
# write moves a data version.
V12 = """
CREATE TABLE audit_v12 (
    id {pk},
    event_id INTEGER,
    league_id INTEGER,
    at TIMESTAMP NOT NULL,
    action VARCHAR NOT NULL,
    summary VARCHAR NOT NULL,
    data VARCHAR NOT NULL,
    undone BOOLEAN NOT NULL,
    source VARCHAR NOT NULL DEFAULT 'cli',
    actor VARCHAR
);
INSERT INTO audit_v12 (id, event_id, at, action, summary, data, undone)
    SELECT id, event_id, at, action, summary, data, undone FROM audit;
DROP TABLE audit;
ALTER TABLE audit_v12 RENAME TO audit;
CREATE INDEX ix_audit_event_id ON audit (event_id);
CREATE INDEX ix_audit_league_id ON audit (league_id);
CREATE TABLE data_version (
    scope VARCHAR NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (scope)
)
"""


# Players at the table (schema 13): each entrant's personal link (only its hash
# is kept), check-in and what each entrant paid, the requests a phone sent (a
# resent one records once), and the ledger's settings.
V13 = """
ALTER TABLE entry ADD COLUMN checked_in BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE entry ADD COLUMN paid INTEGER;
ALTER TABLE event ADD COLUMN check_in BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE event ADD COLUMN sanctioning_fee INTEGER NOT NULL DEFAULT 0;
ALTER TABLE event ADD COLUMN high_nonqualifier_from_fund BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE entry_link (
    id {pk},
    event_id INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    generation INTEGER NOT NULL,
    token_hash VARCHAR NOT NULL,
    created_at TIMESTAMP NOT NULL,
    revoked BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (token_hash),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(entry_id) REFERENCES entry (id)
);
CREATE INDEX ix_entry_link_entry_id ON entry_link (entry_id);
CREATE TABLE web_request (
    id {pk},
    event_id INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    request_key VARCHAR NOT NULL,
    answer VARCHAR NOT NULL,
    UNIQUE (entry_id, request_key),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(entry_id) REFERENCES entry (id)
)
"""


# Three sides at a table (schema 14): a table of a three-handed event seats a third
# side, each side's card keeps the other opponent's score too, and the event says
# how many sides a table seats and the game points of each place.
V14 = """
ALTER TABLE pairing ADD COLUMN entry3_id INTEGER REFERENCES entry (id);
ALTER TABLE outcome ADD COLUMN opp2_score INTEGER;
ALTER TABLE event ADD COLUMN sides INTEGER NOT NULL DEFAULT 2;
ALTER TABLE event ADD COLUMN place_points VARCHAR NOT NULL DEFAULT '2,1,0'
"""

# The standings' sums read one index (schema 15): the event's cards in entry order
# with the scores, so summing 440,000 cards neither visits the table nor sorts.
V15 = """
CREATE INDEX ix_outcome_cards ON outcome (event_id, entry_id, own_score, opp_score, forfeit);
DROP INDEX ix_outcome_event_id
"""

# Each entry's card totals, kept by the writer (schema 16, store/totals.py): derived
# rows, the worth of the cards the writer writes added in. An event's are read only
# once kept under its scoring rules (the first change of the event after this
# upgrade sums it whole); until then the standings sum its cards. And an index of
# each table's cards with their scores, for `check` (it replaces the one on pairing_id).
V16 = """
CREATE TABLE entry_total (
    entry_id INTEGER NOT NULL PRIMARY KEY,
    event_id INTEGER NOT NULL,
    cards INTEGER NOT NULL,
    won INTEGER NOT NULL,
    game_points INTEGER NOT NULL,
    plus INTEGER NOT NULL,
    minus INTEGER NOT NULL,
    skunks INTEGER NOT NULL,
    skunks_taken INTEGER NOT NULL,
    double_skunks INTEGER NOT NULL,
    double_skunks_taken INTEGER NOT NULL
);
CREATE INDEX ix_entry_total_event_id ON entry_total (event_id);
CREATE TABLE totals_kept (
    event_id INTEGER NOT NULL PRIMARY KEY,
    rules VARCHAR NOT NULL
);
CREATE INDEX ix_outcome_table ON outcome (pairing_id, entry_id, own_score, opp_score, forfeit);
DROP INDEX ix_outcome_pairing_id
"""

# Which tables have two agreeing cards, kept by the writer with the totals (schema 17,
# store/totals.py). The totals kept so far are forgotten, so each event's are made
# again, with its tables, at its next change (until then its cards are read).
V17 = """
CREATE TABLE table_agreed (
    pairing_id INTEGER NOT NULL PRIMARY KEY,
    event_id INTEGER NOT NULL
);
CREATE INDEX ix_table_agreed_event_id ON table_agreed (event_id);
DELETE FROM totals_kept
"""


# The byes, indexed apart (schema 18): the standings read them, and `check` counts
# the tables with cards to find out at once whether every one has two that agree.
V18 = """
CREATE INDEX ix_pairing_bye ON pairing (event_id, game_no, entry1_id) WHERE entry2_id IS NULL
"""


# Who met whom, indexed (schema 19): each table's pair as one code (the expression of
# store/pair_codes.MET_CODE, frozen here), so pairing a round reads 220,000 codes from
# an index instead of computing them from the tables (0.11 s -> 0.06 s at 20,000
# players). The index on (event, game) goes: the unique (event, game, table) index
# does its work, and a round's 10,000 new tables update one index fewer.
V19 = """
CREATE INDEX ix_pairing_met ON pairing (event_id, game_no, (CASE WHEN entry1_id < entry2_id THEN entry1_id * 4294967296 + entry2_id
ELSE entry2_id * 4294967296 + entry1_id END)) WHERE entry2_id IS NOT NULL;
DROP INDEX ix_pairing_event_game
"""


# Nothing counts until it is final (schema 20). A player's card (source 'card')
# counts only once the table's cards agree: a lone card is pending, two that
# disagree disputed, and neither is summed into the standings. ``counted`` says
# so per card (1 for a result the director entered or settled, a forfeit, and the
# cards of a table whose cards agree), and the standings' index carries it. The
# original cards of a dispute settled by ACC 12.2 before the last qualifying game
# are kept (settled_card) so the settlement can be judged again once that game is
# in. A playoff match game from the players' phones is two cards too (playoff_card):
# the game is recorded once they agree. The totals kept so far are forgotten: each event's are summed again at its
# next change (until then its counted cards are read).
V20 = """
ALTER TABLE outcome ADD COLUMN counted INTEGER NOT NULL DEFAULT 1;
DROP INDEX ix_outcome_cards;
CREATE INDEX ix_outcome_cards ON outcome (event_id, entry_id, own_score, opp_score, forfeit, counted);
CREATE INDEX ix_outcome_uncounted ON outcome (event_id, pairing_id) WHERE counted = 0;
CREATE TABLE settled_card (
    id {pk},
    event_id INTEGER NOT NULL,
    pairing_id INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    own_score INTEGER NOT NULL,
    opp_score INTEGER NOT NULL,
    opp2_score INTEGER,
    forfeit VARCHAR NOT NULL,
    UNIQUE (pairing_id, entry_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(pairing_id) REFERENCES pairing (id),
    FOREIGN KEY(entry_id) REFERENCES entry (id)
);
CREATE INDEX ix_settled_card_event_id ON settled_card (event_id);
CREATE TABLE playoff_card (
    id {pk},
    event_id INTEGER NOT NULL,
    match_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    own_score INTEGER NOT NULL,
    opp_score INTEGER NOT NULL,
    UNIQUE (match_id, game_no, entry_id),
    FOREIGN KEY(event_id) REFERENCES event (id),
    FOREIGN KEY(match_id) REFERENCES playoff_match (id),
    FOREIGN KEY(entry_id) REFERENCES entry (id)
);
CREATE INDEX ix_playoff_card_event_id ON playoff_card (event_id);
DELETE FROM totals_kept
"""


def _v20_counted(db: Db) -> None:
    """Schema 20, and which players' cards count: those of a table with every
    side's card, all holding one version of the game (a forfeit pair: one won, one
    lost), or with no player's card at all. Frozen here, as every step is."""
    run_script(db, V20)
    carded = "(SELECT pairing_id FROM outcome WHERE source = 'card')"
    seats = {int(r[0]): tuple(e for e in r[1:] if e is not None)
             for r in db.rows(f"SELECT id, entry1_id, entry2_id, entry3_id FROM pairing WHERE id IN {carded}")}
    cards: dict[int, list[tuple[int, int, int, int | None, str, str]]] = {}
    for p, *card in db.rows("SELECT pairing_id, entry_id, own_score, opp_score, opp2_score, forfeit, source FROM outcome"
                            f" WHERE pairing_id IN {carded}"):
        cards.setdefault(int(p), []).append(tuple(card))
    for pairing_id, held in cards.items():
        sides = seats.get(pairing_id, ())
        forfeits = [c[4] for c in held]
        if len(held) < len(sides) or len(sides) < 2:
            final = False
        elif "none" not in forfeits:  # one side forfeits to the others
            final = forfeits.count("lost") == 1
        elif set(forfeits) != {"none"}:
            final = False
        else:  # each card as {side: score}, read from its own side
            versions = {tuple(sorted(zip([e] + [s for s in sides if s != e], [own, opp, opp2 or 0])))
                        for e, own, opp, opp2, _, _ in held}
            final = len(versions) == 1
        if not final:
            db.execute("UPDATE outcome SET counted = 0 WHERE pairing_id = :p", p=pairing_id)


# Ratings across events (schema 22): a player's starting rating (imported), and the
# ratings kept by `ratings rebuild` (store/ratings.py): each player's rating now, his
# rating before and after each event, and the data version and settings they were
# made at (derived rows, like the card totals: never logged).
V22 = """
ALTER TABLE player ADD COLUMN start_rating FLOAT;
ALTER TABLE player ADD COLUMN start_rd FLOAT;
ALTER TABLE player ADD COLUMN start_volatility FLOAT;
CREATE TABLE player_rating (
    player_id INTEGER NOT NULL PRIMARY KEY,
    rating FLOAT NOT NULL,
    rd FLOAT NOT NULL,
    volatility FLOAT NOT NULL,
    games INTEGER NOT NULL,
    last_event_id INTEGER
);
CREATE TABLE rating_change (
    id {pk},
    player_id INTEGER NOT NULL,
    event_id INTEGER NOT NULL,
    rating_before FLOAT NOT NULL,
    rd_before FLOAT NOT NULL,
    volatility_before FLOAT NOT NULL,
    rating FLOAT NOT NULL,
    rd FLOAT NOT NULL,
    volatility FLOAT NOT NULL,
    games INTEGER NOT NULL,
    points FLOAT NOT NULL
);
CREATE INDEX ix_rating_change_player_id ON rating_change (player_id);
CREATE INDEX ix_rating_change_event_id ON rating_change (event_id);
CREATE TABLE ratings_kept (
    id INTEGER NOT NULL PRIMARY KEY,
    version INTEGER NOT NULL,
    settings VARCHAR NOT NULL
)
"""


# The director's desk sessions, kept in the database (schema 21): a logout deletes
# its row, and every `serve` process of the database (two behind one proxy on
# PostgreSQL) reads the same rows. Times in whole seconds since 1970.
V21 = """
CREATE TABLE desk_session (
    session_hash VARCHAR NOT NULL PRIMARY KEY,
    started BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    ends BIGINT NOT NULL
)
"""


# The official record (schema 23): an event says whether it is an ACC Main or
# Consolation (its players earn Master Rating Points), whether its prize fund
# follows the entrants who played or what was paid, and its currency sign; a
# player carries the lifetime MRPs he earned before this database (player import).
V23 = """
ALTER TABLE event ADD COLUMN acc_event VARCHAR NOT NULL DEFAULT 'none';
ALTER TABLE event ADD COLUMN fund_from VARCHAR NOT NULL DEFAULT 'entrants';
ALTER TABLE event ADD COLUMN currency VARCHAR NOT NULL DEFAULT '$';
ALTER TABLE player ADD COLUMN mrps_before INTEGER NOT NULL DEFAULT 0
"""


# One entry's tables, indexed (schema 24): `result` without --game, a player's
# history and a phone look up the tables an entry sat at, any game. Without an
# index on each side that read every table of the event (220,000 at 20,000 players,
# 39 ms); with one it reads the entry's own (22). Each side apart, so SQLite joins
# the three lookups of (entry1 = a OR entry2 = a OR entry3 = a); the empty seats
# (byes, two-sided tables) stay out of the second and third.
#
# And the players a name could be shared with, indexed: whether a player prints
# as 'Name #12' (another has his name, folded as tourney/names.fold does) was
# known only by folding every name on the roster (20,000: 35 ms to read, more to
# fold). An ASCII name folds to its lower case (names are kept trimmed, single
# spaced), so the players whose lower(name) is the folded name are found by an
# index on it; a name with a letter beyond ASCII may fold to anything, and those
# names are indexed apart (the test, frozen here, in each engine's words: see
# store/directory.BEYOND_ASCII). Last, the kept totals of entries with no card
# left (store/totals.py deletes them after each change: it read every entry's
# total of the event to find none, 20,000 of them), indexed apart: almost always none.
V24 = """
CREATE INDEX ix_entry_total_empty ON entry_total (event_id) WHERE cards = 0;
CREATE INDEX ix_pairing_entry1 ON pairing (entry1_id);
CREATE INDEX ix_pairing_entry2 ON pairing (entry2_id) WHERE entry2_id IS NOT NULL;
CREATE INDEX ix_pairing_entry3 ON pairing (entry3_id) WHERE entry3_id IS NOT NULL;
CREATE INDEX ix_player_name_lower ON player (lower(name))
"""
V24_BEYOND_ASCII = {
    True: "CREATE INDEX ix_player_name_beyond_ascii ON player (name) WHERE length(CAST(name AS BLOB)) <> length(name)",
    False: "CREATE INDEX ix_player_name_beyond_ascii ON player (name) WHERE octet_length(name) <> char_length(name)",
}


def _v24_indexes(db: Db) -> None:
    run_script(db, V24)
    db.execute(V24_BEYOND_ASCII[db.sqlite])


def _v12_one_writer(db: Db) -> None:
    run_script(db, V12)
    if not db.sqlite:  # explicit ids do not move PostgreSQL's sequence
        db.execute("SELECT setval(pg_get_serial_sequence('audit', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM audit")


def run_script(db: Db, script: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement.replace("{pk}", PK[db.sqlite]))


def _script(script: str) -> Callable[[Db], None]:
    return lambda db: run_script(db, script)


def _v5_entries_as_competitors(db: Db) -> None:
    """Rebuild the five tables that named players as competitors so they name
    entries, keeping every id (the audit log refers to them), and rewrite the
    audit log into steps that name entries too."""
    entry_of = {(e, p): i for i, e, p in db.rows("SELECT id, event_id, player_id FROM entry")}
    match_event = dict(db.rows("SELECT id, event_id FROM playoff_match"))

    def entry(event_id: int, player_id: int | None) -> int | None:
        return None if player_id is None else entry_of[(event_id, player_id)]

    pairings = [dict(id=i, event_id=e, game_no=g, table_no=t, entry1_id=entry(e, a), entry2_id=entry(e, b))
                for i, e, g, t, a, b in db.rows("SELECT id, event_id, game_no, table_no, player1_id, player2_id FROM pairing")]
    outcomes = [dict(id=i, event_id=e, pairing_id=p, entry_id=entry(e, pl), own_score=o, opp_score=q, forfeit=f, source=s)
                for i, e, p, pl, o, q, f, s in db.rows(
                    "SELECT id, event_id, pairing_id, player_id, own_score, opp_score, forfeit, source FROM outcome")]
    seeds = [dict(id=i, event_id=e, seed=s, entry_id=entry(e, p)) for i, e, s, p in db.rows("SELECT id, event_id, seed, player_id FROM seed")]

    def game(row: dict[str, Any]) -> dict[str, Any]:
        e = match_event[row["match_id"]]
        return dict(row, entry1_id=entry(e, row.pop("player1_id")), entry2_id=entry(e, row.pop("player2_id")),
                    forfeit_by=entry(e, row["forfeit_by"]))

    game_columns = ("id", "match_id", "game_no", "player1_id", "player2_id", "score1", "score2", "forfeit_by")
    games = [game(dict(zip(game_columns, r))) for r in db.rows(f"SELECT {', '.join(game_columns)} FROM playoff_game")]
    cut = [dict(id=i, event_id=e, winner_entry_id=entry(e, w), loser_entry_id=entry(e, lo), winner_score=ws, loser_score=ls)
           for i, e, w, lo, ws, ls in db.rows("SELECT id, event_id, winner_id, loser_id, winner_score, loser_score FROM cut_playoff")]
    for table in ("outcome", "pairing", "playoff_game", "seed", "cut_playoff"):
        db.execute(f"DROP TABLE {table}")
    run_script(db, V5_TABLES)
    for table, rows in (("pairing", pairings), ("outcome", outcomes), ("seed", seeds), ("playoff_game", games), ("cut_playoff", cut)):
        db.write_many(table, rows)
        if not db.sqlite:  # explicit ids do not move PostgreSQL's sequence
            db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}")
    for audit_id, event_id, raw in db.rows("SELECT id, event_id, data FROM audit"):
        steps = _v5_audit_steps(json.loads(raw), event_id, entry, match_event)
        db.execute("UPDATE audit SET data = :d WHERE id = :id", d=json.dumps({"steps": steps}), id=audit_id)


def _v5_audit_steps(data: dict[str, Any], event_id: int, entry: Callable[[int, int | None], int | None], match_event: dict[str, Any]) -> list[dict[str, Any]]:
    """A schema-4 audit entry as the audit writer's steps."""
    def outcome(row: dict[str, Any]) -> dict[str, Any]:
        row = dict(row)
        row["entry_id"] = entry(event_id, row.pop("player_id"))
        return row

    def game(row: dict[str, Any]) -> dict[str, Any]:
        row = dict(row)
        e = match_event.get(row["match_id"], event_id)
        row["entry1_id"], row["entry2_id"] = entry(e, row.pop("player1_id")), entry(e, row.pop("player2_id"))
        row["forfeit_by"] = entry(e, row["forfeit_by"])
        return row

    steps = []
    for pid in data.get("pairings", []):
        steps.append({"op": "replace", "table": "outcome", "scope": {"pairing_id": pid},
                      "before": [outcome(r) for r in data.get("before", []) if r["pairing_id"] == pid],
                      "after": [outcome(r) for r in data.get("after", []) if r["pairing_id"] == pid]})
    for state in data.get("entries_before", []):
        steps.append({"op": "update", "table": "entry", "id": state["id"],
                      "before": {"withdrawn_after": state["withdrawn_after"]}, "after": {}})
    for mid in data.get("matches", []):
        steps.append({"op": "replace", "table": "playoff_game", "scope": {"match_id": mid},
                      "before": [game(r) for r in data.get("games_before", []) if r["match_id"] == mid],
                      "after": [game(r) for r in data.get("games_after", []) if r["match_id"] == mid]})
    return steps


MIGRATIONS: list[tuple[int, Callable[[Db], None]]] = [
    (2, _script(V2)),
    (3, _script(V3)),
    (4, _script(V4)),
    (5, _v5_entries_as_competitors),
    (6, _script(V6)),  # pairing options: clubs kept apart, players kept apart, drawn games
    (7, _script(V7)),  # team events: a side of two or three players
    (8, _script(V8)),  # the live pages' address, printed as a QR code
    (9, _script(V9)),  # money in whole cents: the prize fund, entry fee, house share, high non-qualifier prize
    (10, _script(V10)),  # side pools and Q-pools
    (11, _script(V11)),  # league absences
    (12, _v12_one_writer),  # one writer: every change logged (event, league or roster), data versions
    (13, _script(V13)),  # players at the table: personal links, check-in and payments, phone requests
    (14, _script(V14)),  # three sides at a table: a third seat, the other opponent's score, sides and place points
    (15, _script(V15)),  # the standings' sums read one index
    (16, _script(V16)),  # each entry's card totals, kept by the writer; the tables' cards indexed with their scores
    (17, _script(V17)),  # which tables have two agreeing cards, kept with the totals
    (18, _script(V18)),  # the byes indexed apart
    (19, _script(V19)),  # who met whom indexed as pair codes, instead of the tables by event and game
    (20, _v20_counted),  # nothing counts until it is final: which cards count, a settlement's cards, match games' cards
    (21, _script(V21)),  # the desk's sessions, ended by a logout in every process
    (22, _script(V22)),  # ratings across events: starting ratings, the ratings kept by `ratings rebuild`
    (23, _script(V23)),  # the official record: acc_event, fund_from, currency; a player's MRPs before
    (24, _v24_indexes),  # one entry's tables indexed, each side apart; names by lower case, and those beyond ASCII
]
LATEST_VERSION = 24

"""The tables the one writer (store/writer.py) writes, their columns, and what
refers to what: derived from the SQLModel models' metadata (store/models.py: table
names and foreign keys, never class names), so a schema step edits the models and
the migration and runs ``python -m crib_tourney.store.tables`` to rewrite the lists
below. They are written out, not derived at run time, because importing SQLModel
costs about 0.45 s and a command never needs it (tests/test_store_tables.py derives
them again and compares, and compares them with what the migrations create).

The writer writes every table but its own bookkeeping (``KEPT_APART``, each with
why). A reference the schema does not declare as a foreign key (``UNDECLARED``) is
named there.
"""

from __future__ import annotations

from pathlib import Path

from crib_tourney.tourney.settings import EventSettings, LeagueSettings
from crib_tourney.tourney.settings import names as setting_names

# Tables of the schema the writer does not write through its steps.
KEPT_APART: dict[str, str] = {
    "schema_version": "the migrations' record (store/db.py)",
    "audit": "the writer's own log of every change",
    "data_version": "the versions every change bumps (the writer's)",
    "desk_session": "the director's web sessions (services/desk_sessions.py), no part of an event's data",
    "entry_total": "sums the writer keeps beside the cards (store/totals.py)",
    "totals_kept": "which events keep those sums (store/totals.py)",
    "table_agreed": "tables whose cards agree, kept with the sums (store/totals.py)",
    "player_rating": "ratings: a cache recomputed from the results (services/ratings.py)",
    "rating_change": "ratings: a cache recomputed from the results",
    "ratings_kept": "ratings: which events the cache holds",
}

# References the schema does not declare: (table, column) -> the table referred to.
UNDECLARED: dict[tuple[str, str], str] = {
    ("event", "parent_event_id"): "event",  # a consolation's main event (added without a foreign key)
}

# Columns that are the event's and the league's settings (tourney/settings.py), named from there.
SETTINGS = {"event": setting_names(EventSettings), "league": setting_names(LeagueSettings)}

_BEGIN = "# --- derived from the models: python -m crib_tourney.store.tables rewrites it ---"
_END = "# --- end of what is derived ---"

# --- derived from the models: python -m crib_tourney.store.tables rewrites it ---
# table -> its columns, id first. Only these tables are written, and only these
# names ever reach SQL from a step.
TABLES: dict[str, tuple[str, ...]] = {
    "player": ("id", "name", "acc_number", "club", "email", "created_at", "start_rating", "start_rd", "start_volatility", "mrps_before"),
    "event": ("id", "name", "created_at", "parent_event_id", *SETTINGS["event"]),
    "entry": ("id", "event_id", "player_id", "seq", "first_game", "withdrawn_after", "team_name", "checked_in", "paid"),
    "entry_link": ("id", "event_id", "entry_id", "generation", "token_hash", "created_at", "revoked"),
    "web_request": ("id", "event_id", "entry_id", "request_key", "answer"),
    "entry_member": ("id", "event_id", "entry_id", "player_id", "seat"),
    "player_avoid": ("id", "player1_id", "player2_id"),
    "game_draw": ("id", "event_id", "game_no", "seed"),
    "pairing": ("id", "event_id", "game_no", "table_no", "entry1_id", "entry2_id", "entry3_id"),
    "outcome": ("id", "event_id", "pairing_id", "entry_id", "own_score", "opp_score", "opp2_score", "forfeit", "source", "counted"),
    "settled_card": ("id", "event_id", "pairing_id", "entry_id", "own_score", "opp_score", "opp2_score", "forfeit"),
    "playoff_card": ("id", "event_id", "match_id", "game_no", "entry_id", "own_score", "opp_score"),
    "ruling": ("id", "event_id", "game_no", "player_id", "kind", "cards", "claim", "true_score", "muggins", "summary", "at"),
    "seed": ("id", "event_id", "seed", "entry_id"),
    "playoff_match": ("id", "event_id", "key", "bracket", "round", "position", "source1", "source2", "best_of", "stage"),
    "playoff_game": ("id", "match_id", "game_no", "entry1_id", "entry2_id", "score1", "score2", "forfeit_by"),
    "cut_playoff": ("id", "event_id", "winner_entry_id", "loser_entry_id", "winner_score", "loser_score"),
    "league": ("id", "name", "created_at", *SETTINGS["league"]),
    "league_member": ("id", "league_id", "player_id"),
    "league_night": ("id", "league_id", "event_id", "night_no", "date", "formula", "threshold", "place_points"),
    "special_hand": ("id", "league_id", "player_id", "event_id", "cards", "starter", "crib", "points", "date"),
    "pool": ("id", "event_id", "name", "kind", "fee", "payout"),
    "pool_entry": ("id", "pool_id", "entry_id"),
    "league_absence": ("id", "league_id", "night_no", "player_id"),
}

# What refers to a row, for undo's refusal in words ("Ann has played since").
REFERENCES: dict[str, tuple[tuple[str, str], ...]] = {
    "entry": (
        ("entry_link", "entry_id"),
        ("web_request", "entry_id"),
        ("entry_member", "entry_id"),
        ("pairing", "entry1_id"),
        ("pairing", "entry2_id"),
        ("pairing", "entry3_id"),
        ("outcome", "entry_id"),
        ("settled_card", "entry_id"),
        ("playoff_card", "entry_id"),
        ("seed", "entry_id"),
        ("playoff_game", "entry1_id"),
        ("playoff_game", "entry2_id"),
        ("playoff_game", "forfeit_by"),
        ("cut_playoff", "winner_entry_id"),
        ("cut_playoff", "loser_entry_id"),
        ("pool_entry", "entry_id"),
    ),
    "event": (
        ("event", "parent_event_id"),
        ("entry", "event_id"),
        ("entry_link", "event_id"),
        ("web_request", "event_id"),
        ("entry_member", "event_id"),
        ("game_draw", "event_id"),
        ("pairing", "event_id"),
        ("outcome", "event_id"),
        ("settled_card", "event_id"),
        ("playoff_card", "event_id"),
        ("ruling", "event_id"),
        ("seed", "event_id"),
        ("playoff_match", "event_id"),
        ("cut_playoff", "event_id"),
        ("league_night", "event_id"),
        ("special_hand", "event_id"),
        ("pool", "event_id"),
    ),
    "league": (
        ("league_member", "league_id"),
        ("league_night", "league_id"),
        ("special_hand", "league_id"),
        ("league_absence", "league_id"),
    ),
    "pairing": (
        ("outcome", "pairing_id"),
        ("settled_card", "pairing_id"),
    ),
    "player": (
        ("entry", "player_id"),
        ("entry_member", "player_id"),
        ("player_avoid", "player1_id"),
        ("player_avoid", "player2_id"),
        ("ruling", "player_id"),
        ("league_member", "player_id"),
        ("special_hand", "player_id"),
        ("league_absence", "player_id"),
    ),
    "playoff_match": (
        ("playoff_card", "match_id"),
        ("playoff_game", "match_id"),
    ),
    "pool": (
        ("pool_entry", "pool_id"),
    ),
}
# --- end of what is derived ---


def derive() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[tuple[str, str], ...]]]:
    """TABLES and REFERENCES as the models' metadata gives them (imports SQLModel)."""
    from sqlmodel import SQLModel

    from crib_tourney.store import models  # noqa: F401  (registers the tables)

    tables: dict[str, tuple[str, ...]] = {}
    references: dict[str, list[tuple[str, str]]] = {}
    for table in SQLModel.metadata.tables.values():
        if table.name in KEPT_APART:
            continue
        tables[table.name] = tuple(c.name for c in table.columns)
    for table in SQLModel.metadata.tables.values():  # referring rows, in the order of the schema's tables and columns
        if table.name not in tables:
            continue
        for column in table.columns:
            targets = [fk.column.table.name for fk in column.foreign_keys]
            targets += [t for (name, col), t in UNDECLARED.items() if (name, col) == (table.name, column.name)]
            for target in targets:
                if target in tables:
                    references.setdefault(target, []).append((table.name, column.name))
    return tables, {t: tuple(refs) for t, refs in sorted(references.items())}


def source(tables: dict[str, tuple[str, ...]], references: dict[str, tuple[tuple[str, str], ...]]) -> str:
    """This module's text with ``tables`` and ``references`` written in."""
    here = Path(__file__).read_text(encoding="utf-8")
    start, end = here.index(f"\n{_BEGIN}\n") + 1, here.index(f"\n{_END}\n") + 1
    lines = [_BEGIN, "# table -> its columns, id first. Only these tables are written, and only these",
             "# names ever reach SQL from a step.", "TABLES: dict[str, tuple[str, ...]] = {"]
    for name, columns in tables.items():
        own = [c for c in columns if c not in SETTINGS.get(name, ())]
        if name in SETTINGS:
            assert list(columns) == own + list(SETTINGS[name]), f"{name}: its settings are not its last columns"
        shown = ", ".join(repr(c) for c in own) + (f", *SETTINGS[{name!r}]" if name in SETTINGS else "")
        lines.append(f"    {name!r}: ({shown}{',' if len(own) == 1 and name not in SETTINGS else ''}),".replace("'", '"'))
    lines += ["}", "", "# What refers to a row, for undo's refusal in words (\"Ann has played since\").",
              "REFERENCES: dict[str, tuple[tuple[str, str], ...]] = {"]
    for name, refs in references.items():
        lines.append(f"    {name!r}: (".replace("'", '"'))
        lines += [f"        ({table!r}, {column!r}),".replace("'", '"') for table, column in refs]
        lines.append("    ),")
    lines += ["}", ""]
    return here[:start] + "\n".join(lines) + here[end:]


if __name__ == "__main__":
    Path(__file__).write_text(source(*derive()), encoding="utf-8")

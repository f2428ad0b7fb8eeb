"""The audit writer: the only code that changes result-like rows.

A result, one player's card, a forfeit, a withdrawal, a cut playoff game, a
playoff game and a recut all change rows of the tables below. A command opens one
``Change``, makes its edits through it (each is written at once, so later reads
in the same command see it) and closes it with one line for the log; the audit
row keeps every step with its rows before and after. ``undo`` reverts the newest
entry that is not undone, whatever kind it was, step by step in reverse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from crib_tourney.errors import CribError
from crib_tourney.store.sql import Db
from crib_tourney.tourney.settings import EventSettings
from crib_tourney.tourney.settings import names as setting_names

# table -> its columns, id first. Only these tables are audited, and only these
# names ever reach SQL from a step.
AUDITED: dict[str, tuple[str, ...]] = {
    "outcome": ("id", "event_id", "pairing_id", "entry_id", "own_score", "opp_score", "forfeit", "source"),
    "entry": ("id", "event_id", "player_id", "seq", "first_game", "withdrawn_after"),
    "cut_playoff": ("id", "event_id", "winner_entry_id", "loser_entry_id", "winner_score", "loser_score"),
    "playoff_game": ("id", "match_id", "game_no", "entry1_id", "entry2_id", "score1", "score2", "forfeit_by"),
    "seed": ("id", "event_id", "seed", "entry_id"),
    "playoff_match": ("id", "event_id", "key", "bracket", "round", "position", "source1", "source2", "best_of", "stage"),
    "event": ("id", *setting_names(EventSettings)),  # settings changes re-score every game
}


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")


def _columns(table: str, names: Any) -> list[str]:
    allowed = AUDITED[table]
    for name in names:
        if name not in allowed:
            raise ValueError(f"{table}.{name} is not an audited column")
    return [f'"{n}"' if n == "key" else n for n in names]


def _where(table: str, scope: dict[str, Any]) -> str:
    return " AND ".join(f"{c} = :s_{k}" for c, k in zip(_columns(table, scope), scope))


def _select(db: Db, table: str, scope: dict[str, Any]) -> list[dict]:
    cols = ", ".join(_columns(table, AUDITED[table]))
    return db.dicts(f"SELECT {cols} FROM {table} WHERE {_where(table, scope)} ORDER BY id", **{f"s_{k}": v for k, v in scope.items()})


def _delete(db: Db, table: str, scope: dict[str, Any]) -> None:
    db.execute(f"DELETE FROM {table} WHERE {_where(table, scope)}", **{f"s_{k}": v for k, v in scope.items()})


def _insert(db: Db, table: str, rows: list[dict]) -> None:
    # rows restored by undo keep their ids; new rows get fresh ones
    for keep_id in (True, False):
        batch = [r for r in rows if ("id" in r and r["id"] is not None) == keep_id]
        if batch:
            _columns(table, batch[0])
            db.insert_many(table, [{k: v for k, v in r.items() if k != "id" or keep_id} for r in batch])


class Change:
    """One command's change to result-like rows, logged as one audit entry."""

    def __init__(self, db: Db, event_id: int, action: str):
        self.db, self.event_id, self.action = db, event_id, action
        self.steps: list[dict] = []

    def replace(self, table: str, scope: dict[str, Any], rows: list[dict]) -> None:
        """Make the rows of ``table`` matching ``scope`` exactly ``rows``."""
        before = _select(self.db, table, scope)
        _delete(self.db, table, scope)
        _insert(self.db, table, [{k: v for k, v in r.items() if k != "id"} for r in rows])
        self.steps.append({"op": "replace", "table": table, "scope": scope, "before": before,
                           "after": _select(self.db, table, scope)})

    def update(self, table: str, row_id: int, values: dict[str, Any]) -> None:
        """Change some columns of one row (a row other rows refer to, like an entry)."""
        cols = _columns(table, values)
        before = self.db.dicts(f"SELECT {', '.join(cols)} FROM {table} WHERE id = :id", id=row_id)[0]
        sets = ", ".join(f"{c} = :v_{k}" for c, k in zip(cols, values))
        self.db.execute(f"UPDATE {table} SET {sets} WHERE id = :id", id=row_id, **{f"v_{k}": v for k, v in values.items()})
        self.steps.append({"op": "update", "table": table, "id": row_id, "before": before, "after": dict(values)})

    def log(self, summary: str) -> int:
        """Write the audit entry; returns its id."""
        return self.db.insert("audit", dict(event_id=self.event_id, at=now(), action=self.action, summary=summary,
                                            data=json.dumps({"steps": self.steps}), undone=False))


def _revert(db: Db, step: dict) -> dict:
    """Undo one step; returns the step that would redo it (kept in the log)."""
    table = step["table"]
    if step["op"] == "update":
        current = db.dicts(f"SELECT {', '.join(_columns(table, step['before']))} FROM {table} WHERE id = :id", id=step["id"])[0]
        sets = ", ".join(f"{c} = :v_{k}" for c, k in zip(_columns(table, step["before"]), step["before"]))
        db.execute(f"UPDATE {table} SET {sets} WHERE id = :id", id=step["id"], **{f"v_{k}": v for k, v in step["before"].items()})
        return {"op": "update", "table": table, "id": step["id"], "before": current, "after": step["before"]}
    current = _select(db, table, step["scope"])
    _delete(db, table, step["scope"])
    _insert(db, table, step["before"])
    return {"op": "replace", "table": table, "scope": step["scope"], "before": current, "after": step["before"]}


@dataclass
class Undone:
    audit_id: int
    action: str
    summary: str

    def sentence(self) -> str:
        return f"undid {self.action} #{self.audit_id}: {self.summary}"


# Logged for the record but not taken back by undo: after the cut, undo reaches
# past it to the qualifying change before, which must then keep the bracket.
KEPT = ("cut",)


def last_change(db: Db, event_id: int) -> tuple[int, str, str, list[dict]] | None:
    row = db.row("SELECT id, action, summary, data FROM audit WHERE event_id = :e AND undone = :f"
                 f" AND action NOT IN ({', '.join(repr(a) for a in KEPT)}) ORDER BY id DESC", e=event_id, f=False)
    if row is None:
        return None
    return row[0], row[1], row[2], json.loads(row[3])["steps"]


def undo_last(db: Db, event_id: int, event_name: str, after: Callable[[Change], None] | None = None) -> Undone:
    """Revert the newest change not yet undone, of whatever kind. ``after`` may
    make follow-on edits (a recut) that belong to the undo entry itself."""
    last = last_change(db, event_id)
    if last is None:
        raise CribError(f"nothing to undo in {event_name}")
    audit_id, action, summary, steps = last
    redo = [_revert(db, step) for step in reversed(steps)]
    follow = Change(db, event_id, "undo")
    if after is not None:
        after(follow)
    db.execute("UPDATE audit SET undone = :t WHERE id = :id", t=True, id=audit_id)
    db.insert("audit", dict(event_id=event_id, at=now(), action="undo", summary=f"undid #{audit_id}: {summary}",
                            data=json.dumps({"steps": redo + follow.steps}), undone=True))
    return Undone(audit_id, action, summary)


def audit_log(db: Db, event_id: int) -> list[dict]:
    return [
        {"id": i, "at": str(at)[:19], "action": action, "summary": summary, "undone": bool(undone) and action != "undo"}
        for i, at, action, summary, undone in db.rows(
            "SELECT id, at, action, summary, undone FROM audit WHERE event_id = :e ORDER BY id", e=event_id)
    ]


def entries_after(db: Db, event_id: int, audit_id: int) -> list[int]:
    return [r[0] for r in db.rows("SELECT id FROM audit WHERE event_id = :e AND id > :i", e=event_id, i=audit_id)]


def last_audit_id(db: Db, event_id: int) -> int:
    return db.scalar("SELECT MAX(id) FROM audit WHERE event_id = :e", e=event_id) or 0


def merge_since(db: Db, event_id: int, since_id: int, action: str, summary: str) -> None:
    """Fold the entries written after ``since_id`` into one, so one undo reverts a
    whole import. Steps keep their order; reverting them in reverse is exact."""
    entries = db.rows("SELECT id, data FROM audit WHERE event_id = :e AND id > :s ORDER BY id", e=event_id, s=since_id)
    if not entries:
        return
    steps = [step for _, raw in entries for step in json.loads(raw)["steps"]]
    db.execute("DELETE FROM audit WHERE event_id = :e AND id > :s", e=event_id, s=since_id)
    db.insert("audit", dict(event_id=event_id, at=now(), action=action, summary=summary,
                            data=json.dumps({"steps": steps}), undone=False))

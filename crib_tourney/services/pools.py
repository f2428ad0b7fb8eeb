"""Side pools and Q-pools of an event: add, join, leave, and the report of who
is paid what, in cents."""

from __future__ import annotations

from typing import Any

from crib_tourney.errors import CribError, NotFound
from crib_tourney.inputs.money import PoolKind
from crib_tourney.records import record
from crib_tourney.store import brackets as st
from crib_tourney.store import pools as store
from crib_tourney.store.directory import entry_names
from crib_tourney.store.events import load_event
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change, Log
from crib_tourney.tourney.money import format_money
from crib_tourney.tourney.names import checked_name, fold
from crib_tourney.tourney.pools import KINDS, graduated_table, parse_payout, pool_prizes
from crib_tourney.services.playoffs import event_decided, shown_bracket
from crib_tourney.services.standings import standings
from crib_tourney.tourney import bracket as bk


def _kind_name(kind: str) -> str:
    return "Q-pool" if kind == "q" else "side pool"


@record
class PoolAdded:
    """A pool just added to an event: ``fee`` in cents a player."""

    event: str
    name: str
    kind: PoolKind
    fee: int
    payout: str


def add_pool(db: Db, event_id: int, name: str, fee: int, kind: PoolKind, payout: str, by: Actor = CLI) -> PoolAdded:
    """A pool of ``kind`` charging ``fee`` cents a player and paying by ``payout``
    (inputs/money.pool_payout: places:50,30,20, equal or top-double)."""
    event = load_event(db, event_id)
    name = checked_name(name, "pool")
    if kind not in KINDS:
        raise CribError(f"a pool is side or q (a Q-pool), not '{kind}'")
    if parse_payout(payout)[0] == "graduated" and kind != "side":
        raise CribError("a graduated pool pays by finishing place: it is a side pool (--kind side), not a Q-pool")
    existing = store.pools(db, event.id)
    if any(fold(p["name"]) == fold(name) for p in existing):
        raise CribError(f"{event.name} already has a pool named '{name}'")
    if sum(p["kind"] == kind for p in existing) >= KINDS[kind]:
        raise CribError(f"{event.name} already runs {KINDS[kind]} {'side pools' if kind == 'side' else 'Q-pools'}, the most an event may")
    change = Change(db, "pool add", Log(event.id), by)
    store.add_pool(change, dict(event_id=event.id, name=name, kind=kind, fee=fee, payout=payout))
    change.log(f"added {_kind_name(kind)} {name} to {event.name}: {format_money(fee)} a player, pays {payout}")
    return PoolAdded(event.name, name, kind, fee, payout)


def pool_id(db: Db, event_id: int, name: str) -> int:
    """The pool of an event with this name (as typed, in any case)."""
    event = load_event(db, event_id)
    return int(_pool(db, event, name)["id"])


def _pool(db: Db, event: Event, name: str) -> dict[str, Any]:
    found = [p for p in store.pools(db, event.id) if fold(p["name"]) == fold(name)]
    if not found:
        names = ", ".join(p["name"] for p in store.pools(db, event.id)) or "none yet"
        raise NotFound(f"{event.name} has no pool named '{name}' (pools: {names})")
    return found[0]


def _pool_by_id(db: Db, event: Event, pool: int) -> dict[str, Any]:
    found = [p for p in store.pools(db, event.id) if p["id"] == pool]
    if not found:
        raise NotFound(f"{event.name} has no pool #{pool}")
    return found[0]


def _entrants(db: Db, event: Event, entry_ids: list[int]) -> dict[int, str]:
    """The display names of an event's entries, every one named here among them."""
    names = entry_names(db, event)
    for entry in entry_ids:
        if entry not in names:
            raise NotFound(f"no entry #{entry} in {event.name}")
    return names


@record
class PoolMoves:
    """Who joined (or left) a pool, by display name; ``fee`` in cents a player."""

    pool: str
    fee: int
    entries: tuple[str, ...]


def join_pool(db: Db, event_id: int, pool: int, entry_ids: list[int], by: Actor = CLI) -> PoolMoves:
    event = load_event(db, event_id)
    found = _pool_by_id(db, event, pool)
    names = _entrants(db, event, entry_ids)
    inside = set(store.entrants(db, found["id"]))
    joining: list[int] = []
    for entry in entry_ids:
        if entry in inside or entry in joining:
            raise CribError(f"{names[entry]} is already in the pool {found['name']}")
        joining.append(entry)
    change = Change(db, "pool join", Log(event.id), by)
    store.join(change, found["id"], joining)
    change.log("; ".join(f"{names[e]} joined {found['name']} ({format_money(found['fee'])})" for e in joining))
    return PoolMoves(found["name"], found["fee"], tuple(names[e] for e in joining))


def leave_pool(db: Db, event_id: int, pool: int, entry_ids: list[int], by: Actor = CLI) -> PoolMoves:
    event = load_event(db, event_id)
    found = _pool_by_id(db, event, pool)
    names = _entrants(db, event, entry_ids)
    inside = set(store.entrants(db, found["id"]))
    change = Change(db, "pool leave", Log(event.id), by)
    for entry in entry_ids:
        if entry not in inside:
            raise CribError(f"{names[entry]} is not in the pool {found['name']}")
        store.leave(change, found["id"], entry)
        inside.discard(entry)
    change.log("; ".join(f"{names[e]} left {found['name']}" for e in entry_ids))
    return PoolMoves(found["name"], found["fee"], tuple(names[e] for e in entry_ids))


@record
class Payout:
    """What one entrant of a pool is paid, in cents."""

    entry_id: int
    player: str
    cents: int


@record
class PoolResult:
    """One pool: its fee, entrants (by display name) and what it collected and pays, in cents."""

    name: str
    kind: str
    fee: int
    entrants: tuple[str, ...]
    collected: int
    payouts: tuple[Payout, ...]
    decided: bool
    payout: str = ""
    table: tuple[int, ...] = ()  # a graduated pool: what each place wins, known once the entrants are in
    left_over: int = 0  # a graduated pool: what rounding to $5 leaves (negative: it pays more), for the director to place

    def as_dict(self) -> dict[str, Any]:
        """As `pool report --json` prints it: amounts like "12.50"."""
        found = {"name": self.name, "kind": self.kind, "fee": format_money(self.fee), "entrants": list(self.entrants),
                 "collected": format_money(self.collected),
                 "payouts": [{"player": p.player, "amount": format_money(p.cents)} for p in self.payouts],
                 "decided": self.decided, "payout": self.payout}
        if self.payout.startswith("graduated"):
            found["table"] = [{"place": i, "amount": format_money(c)} for i, c in enumerate(self.table, 1)]
            found["left_over"] = format_money(self.left_over)
        return found


@record
class PoolReport:
    """Every pool of an event; what is paid equals what was collected once the winners are known."""

    pools: tuple[PoolResult, ...]
    collected: int
    paid: int
    currency: str = "$"

    def as_dict(self) -> dict[str, Any]:
        return {"pools": [p.as_dict() for p in self.pools], "collected": format_money(self.collected),
                "paid": format_money(self.paid), "currency": self.currency}


def pool_report(db: Db, event_id: int) -> PoolReport:
    """Every pool: fee, entrants, collected, and who is paid what."""
    event = load_event(db, event_id)
    kept = store.pools(db, event.id)
    if not kept:  # no pool: nothing to order (the finishing order of 20,000 entrants costs a report 0.1 s)
        return PoolReport((), 0, 0, event.currency)
    names = entry_names(db, event)
    finish, seeds = _finishing_order(db, event), st.seeds(db, event.id)
    seed_order = [seeds[s] for s in sorted(seeds)]
    finished = event_decided(db, event)
    pools: list[PoolResult] = []
    collected_all = paid_all = 0
    for pool in kept:
        entrants = store.entrants(db, pool["id"])
        collected = pool["fee"] * len(entrants)
        inside = set(entrants)
        order = [[e for e in group if e in inside] for group in finish]
        # a pool paying by final place waits for the event's end; the others for the cut
        by_place = pool["payout"].startswith(("places", "graduated")) and pool["kind"] == "side"
        decided = finished if by_place else bool(seed_order)
        prizes = pool_prizes(pool["payout"], collected, [g for g in order if g], [e for e in seed_order if e in inside]) \
            if decided else {}
        how, ratio = parse_payout(pool["payout"], stored=True)
        table = tuple(graduated_table(len(entrants), int(ratio[0]), pool["fee"])) if how == "graduated" else ()
        pools.append(PoolResult(pool["name"], pool["kind"], pool["fee"], tuple(sorted((names[e] for e in entrants), key=fold)),
                                collected, tuple(Payout(e, names[e], c) for e, c in prizes.items() if c), decided,
                                pool["payout"], table, collected - sum(table) if table else 0))
        collected_all += collected
        paid_all += sum(prizes.values())
    return PoolReport(tuple(pools), collected_all, paid_all, event.currency)


def _finishing_order(db: Db, event: Event) -> list[list[int]]:
    """Every entrant in final order, tied ones grouped: the bracket's placings
    first (when there is one), then the rest by the standings."""
    groups: list[list[int]] = []
    br = shown_bracket(db, event)
    placed: set[int] = set()
    if br.exists:
        for _, _, entries in bk.placings(br.specs, br.states, len(br.seeds)):
            groups.append(list(entries))
            placed.update(entries)
    rank = None
    for row in standings(db, event).every:
        if row.player in placed:
            continue
        if groups and row.rank == rank:
            groups[-1].append(row.player)
        else:
            groups.append([row.player])
        rank = row.rank
    return groups

"""Side pools and Q-pools of an event: add, join, leave, and the report of who
is paid what."""

from __future__ import annotations

from crib_tourney.errors import CribError, NotFound
from crib_tourney.store import brackets as st
from crib_tourney.store import pools as store
from crib_tourney.store.directory import entry_names, find_entry, find_event
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import Change, Log
from crib_tourney.tourney.money import format_money, parse_money
from crib_tourney.tourney.names import checked_name, fold
from crib_tourney.tourney.pools import DEFAULT_PAYOUT, KINDS, parse_payout, pool_prizes


def add_pool(db: Db, event_ref: str, name: str, fee: str, kind: str, payout: str | None) -> str:
    event = find_event(db, event_ref)
    name = checked_name(name, "pool")
    kind = kind.strip().lower()
    if kind not in KINDS:
        raise CribError(f"a pool is side or q (a Q-pool), not '{kind}'")
    cents = parse_money(fee, "the pool fee")
    payout = payout or DEFAULT_PAYOUT[kind]
    parse_payout(payout)
    existing = store.pools(db, event.id)
    if any(fold(p["name"]) == fold(name) for p in existing):
        raise CribError(f"{event.name} already has a pool named '{name}'")
    if sum(p["kind"] == kind for p in existing) >= KINDS[kind]:
        raise CribError(f"{event.name} already runs {KINDS[kind]} {'side pools' if kind == 'side' else 'Q-pools'}, the most an event may")
    change = Change(db, "pool add", Log(event.id))
    store.add_pool(change, dict(event_id=event.id, name=name, kind=kind, fee=cents, payout=payout.strip().lower()))
    said = f"added {'Q-pool' if kind == 'q' else 'side pool'} {name} to {event.name}: {format_money(cents)} a player, pays {payout}"
    change.log(said)
    return said


def _pool(db: Db, event: Event, name: str) -> dict:
    found = [p for p in store.pools(db, event.id) if fold(p["name"]) == fold(name)]
    if not found:
        names = ", ".join(p["name"] for p in store.pools(db, event.id)) or "none yet"
        raise NotFound(f"{event.name} has no pool named '{name}' (pools: {names})")
    return found[0]


def join_pool(db: Db, event_ref: str, name: str, refs: list[str]) -> list[str]:
    event = find_event(db, event_ref)
    pool = _pool(db, event, name)
    names = entry_names(db, event)
    inside = set(store.entrants(db, pool["id"]))
    joining: list[int] = []
    for ref in refs:
        entry = find_entry(db, event, ref)
        if entry.id in inside or entry.id in joining:
            raise CribError(f"{names[entry.id]} is already in the pool {pool['name']}")
        joining.append(entry.id)
    change = Change(db, "pool join", Log(event.id))
    store.join(change, pool["id"], joining)
    lines = [f"{names[e]} joined {pool['name']} ({format_money(pool['fee'])})" for e in joining]
    change.log("; ".join(lines))
    return lines


def leave_pool(db: Db, event_ref: str, name: str, refs: list[str]) -> list[str]:
    event = find_event(db, event_ref)
    pool = _pool(db, event, name)
    names = entry_names(db, event)
    inside = set(store.entrants(db, pool["id"]))
    lines = []
    change = Change(db, "pool leave", Log(event.id))
    for ref in refs:
        entry = find_entry(db, event, ref)
        if entry.id not in inside:
            raise CribError(f"{names[entry.id]} is not in the pool {pool['name']}")
        store.leave(change, pool["id"], entry.id)
        inside.discard(entry.id)
        lines.append(f"{names[entry.id]} left {pool['name']}")
    change.log("; ".join(lines))
    return lines


def pool_report(db: Db, event_ref: str) -> dict:
    """Every pool: fee, entrants, collected, and who is paid what (strings like
    "12.50"); what is paid equals what was collected once the winners are known."""
    from crib_tourney.services.playoffs import event_decided

    event = find_event(db, event_ref)
    names = entry_names(db, event)
    finish, seeds = _finishing_order(db, event), st.seeds(db, event.id)
    seed_order = [seeds[s] for s in sorted(seeds)]
    finished = event_decided(db, event)
    pools, collected_all, paid_all = [], 0, 0
    for pool in store.pools(db, event.id):
        entrants = store.entrants(db, pool["id"])
        collected = pool["fee"] * len(entrants)
        inside = set(entrants)
        order = [[e for e in group if e in inside] for group in finish]
        # a pool paying by final place waits for the event's end; the others for the cut
        decided = finished if pool["payout"].startswith("places") and pool["kind"] == "side" else bool(seed_order)
        prizes = pool_prizes(pool["payout"], collected, [g for g in order if g], [e for e in seed_order if e in inside]) \
            if decided else {}
        payouts = [{"player": names[e], "amount": format_money(c)} for e, c in prizes.items() if c]
        pools.append({"name": pool["name"], "kind": pool["kind"], "fee": format_money(pool["fee"]),
                      "entrants": sorted((names[e] for e in entrants), key=str.lower), "collected": format_money(collected),
                      "payouts": payouts, "decided": decided})
        collected_all += collected
        paid_all += sum(prizes.values())
    return {"pools": pools, "collected": format_money(collected_all), "paid": format_money(paid_all)}


def _finishing_order(db: Db, event: Event) -> list[list[int]]:
    """Every entrant in final order, tied ones grouped: the bracket's placings
    first (when there is one), then the rest by the standings."""
    from crib_tourney.services.playoffs import Bracket
    from crib_tourney.services.standings import event_standings
    from crib_tourney.tourney import bracket as bk

    groups: list[list[int]] = []
    br = Bracket(db, event)
    placed: set[int] = set()
    if br.exists:
        for _, _, entries in bk.placings(br.specs, br.states, len(br.seeds)):
            groups.append(list(entries))
            placed.update(entries)
    rank = None
    for row in event_standings(db, event):
        if row.player in placed:
            continue
        if groups and row.rank == rank:
            groups[-1].append(row.player)  # type: ignore[arg-type]
        else:
            groups.append([row.player])  # type: ignore[list-item]
        rank = row.rank
    return groups

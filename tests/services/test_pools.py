"""services/pools.py: side pools and Q-pools, and who is paid what (cents)."""

from __future__ import annotations

import pytest

from crib_tourney.errors import CribError, NotFound
from crib_tourney.services import playoffs, pools
from crib_tourney.services.pools import Payout, PoolAdded, PoolMoves, PoolReport, PoolResult
from tests.services.builders import ids, new_event, played_event

EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def test_add_pool_and_pool_id(db):
    event = new_event(db)
    assert pools.add_pool(db, event.id, "Skins", 500, "side", "places:60,40") == PoolAdded("Open", "Skins", "side", 500, "places:60,40")
    pools.add_pool(db, event.id, "Q", 200, "q", "equal")
    assert (pools.pool_id(db, event.id, "skins"), pools.pool_id(db, event.id, "Q")) == (1, 2)
    with pytest.raises(CribError, match="Open already has a pool named 'SKINS'"):
        pools.add_pool(db, event.id, "SKINS", 500, "side", "equal")
    with pytest.raises(NotFound, match=r"Open has no pool named 'Nope' \(pools: Skins, Q\)"):
        pools.pool_id(db, event.id, "Nope")


def test_join_and_leave(db):
    event = new_event(db)
    entry = ids(db, event)
    pool = pools.add_pool(db, event.id, "Skins", 500, "side", "equal") and pools.pool_id(db, event.id, "Skins")
    assert pools.join_pool(db, event.id, pool, [entry["Bob"], entry["Ann"]]) == PoolMoves("Skins", 500, ("Bob", "Ann"))
    with pytest.raises(CribError, match="Ann is already in the pool Skins"):
        pools.join_pool(db, event.id, pool, [entry["Ann"]])
    assert pools.leave_pool(db, event.id, pool, [entry["Bob"]]) == PoolMoves("Skins", 500, ("Bob",))
    with pytest.raises(CribError, match="Bob is not in the pool Skins"):
        pools.leave_pool(db, event.id, pool, [entry["Bob"]])
    with pytest.raises(NotFound, match="no entry #99 in Open"):
        pools.join_pool(db, event.id, pool, [99])


def test_pool_report_before_and_after_the_cut(db):
    event = played_event(db, players=EIGHT, games=3)
    entry = ids(db, event)
    pools.add_pool(db, event.id, "Q", 1000, "q", "top-double")
    pools.join_pool(db, event.id, 1, [entry[n] for n in ("Ann", "Bob", "Cat", "Dan")])
    before = pools.pool_report(db, event.id)
    assert before == PoolReport((PoolResult("Q", "q", 1000, ("Ann", "Bob", "Cat", "Dan"), 4000, (), False, "top-double"),),
                                 4000, 0, "$")
    playoffs.cut(db, event.id, 4)  # Ann, Bob, Cat qualify (and Hal, not in the pool)
    after = pools.pool_report(db, event.id)
    assert after.pools[0].payouts == (Payout(entry["Ann"], "Ann", 2000), Payout(entry["Bob"], "Bob", 1000),
                                      Payout(entry["Cat"], "Cat", 1000))
    assert (after.collected, after.paid, after.pools[0].decided) == (4000, 4000, True)
    assert after.as_dict()["pools"][0]["payouts"][0] == {"player": "Ann", "amount": "20.00"}

"""An event's placings as `placings` and the placings page show them: the final
places and prizes (services/playoffs.placings_view), and for a finished ACC event
each qualifier's Master Rating Points (services/mrps.py), who did not play
(services/noshows.py), and for the director (``director``: the CLI, not the public
page) a line when the payouts exceed what the box can pay (services/money.py). Composed here, above the playoffs, so that none
of those needs the playoffs' module to need it back."""

from __future__ import annotations

from crib_tourney.services.money import winnings_and_ledger
from crib_tourney.services.mrps import mrps_of
from crib_tourney.services.noshows import did_not_play
from crib_tourney.services.playoffs import Placings, placings_view
from crib_tourney.store.events import load_event
from crib_tourney.store.sql import Db


def placings(db: Db, event_id: int, director: bool = False) -> Placings:
    """The placings, and for a finished ACC event each qualifier's MRPs (``mrps``;
    ``mrps_note`` when they are reported by hand); ``overpaid`` only for the director
    (money matters are not for the public page)."""
    event = load_event(db, event_id)
    data = placings_view(db, event)
    earned = mrps_of(db, event)
    if earned.shown and earned.kind is not None:
        by_name = {r.name: r for r in earned.rows}
        for row in data["rows"]:
            found = by_name.get(row["player"])
            row["mrps"] = None if found is None or earned.by_hand else found.total
        data["acc_event"], data["mrps_note"] = earned.kind, earned.note()
    data["did_not_play"] = list(did_not_play(db, event.id).names)
    data["overpaid"] = winnings_and_ledger(db, event.id)[1].overpaid() if director else None
    return data

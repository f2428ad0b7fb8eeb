"""One entry's row of an event's standings without ranking the field (`player
history` at 20,000 entrants; services/standings.py ranks the whole field).

The row is the one ``standings(db, event).ranked`` holds for the entry: the same
rank (the no-shows taken out), tied, note and totals; a test compares every entry
of several events (ties, head-to-head, withdrawals, byes, no-shows, pending and
disputed cards, cut playoffs). How: the order is game points, wins, net spread,
plus spread, then head-to-head among the level (tourney/standings.py). The writer
keeps each entry's card sums (store/totals.py: counted cards only), so each entry's
first four tie-breaks are read as one small tuple, byes added as the standings add
them; the entries strictly ahead are counted, and only the entry's level is ranked,
by the standings' own code (rank_rows, its head-to-head, the cut playoffs). The
no-shows ranked above him are taken away as tourney/noshows.rerank does.

Events whose totals are not kept under their rules, and tables of three, are
ranked whole (services/standings.py).
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Sequence

from crib_tourney.errors import NotFound
from crib_tourney.services.noshows import no_shows
from crib_tourney.services.standings import FINAL, _head_to_head_of_ties, _not_counted_yet, scoring_rules, standings
from crib_tourney.store import one_entry
from crib_tourney.store import qualifying as q
from crib_tourney.store import totals
from crib_tourney.store.directory import names_of_entries
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.cut import apply_cut_playoffs
from crib_tourney.tourney.noshows import no_show
from crib_tourney.tourney.scoring import ScoringRules, bye_line
from crib_tourney.tourney.standings import HeadToHead, Row, bye_counts, rank_rows

Key = tuple[int, int, int, int]


def standing_of(db: Db, event: Event, entry_id: int) -> Row[int] | None:
    """The entry's row of the event's standings as ``standings(db, event).ranked``
    holds it (None: a no-show, listed apart and not ranked)."""
    rules = scoring_rules(event)
    sums = totals.kept(db, event.id, rules) if event.sides == 2 else None
    if sums is None:  # no kept totals to count from (or places at tables of three): rank the field
        return _from_whole(db, event, entry_id)
    entries = one_entry.entry_ids(db, event.id)
    if entry_id not in entries:
        raise NotFound(f"no entry #{entry_id} in {event.name}")
    apart = {e.id: e for e in one_entry.withdrawn_or_late(db, event.id)}  # withdrawn or late: a few
    by_entry = {int(s[0]): s for s in sums}
    byes: dict[int, list[int]] = {}
    for entry, game_no in q.byes(db, event.id):
        byes.setdefault(entry, []).append(game_no)
    under_way = q.games_under_way(db, event.id) if byes else set()

    def row_of(entry: int, name: str = "") -> Row[int]:
        """The entry's row before ranking, as services/standings.py makes it (a name
        only for him: the others' names only order rows within a rank)."""
        withdrawn_after = apart[entry].withdrawn_after if entry in apart else None
        row = Row(entry, name, withdrawn=withdrawn_after is not None)
        if entry in by_entry:
            row.add_totals(by_entry[entry][1], by_entry[entry][2:])
        for game_no in byes.get(entry, ()):
            if bye_counts(game_no, under_way, withdrawn_after):
                row.add(bye_line(rules))
        return row

    keys = _keys(entries, sums, byes, row_of)
    mine = keys[entry_id]
    level = {entry: row_of(entry) for entry, key in keys.items() if key == mine}
    level[entry_id] = row_of(entry_id, names_of_entries(db, event, [entry_id])[entry_id])
    ahead = sum(1 for key in keys.values() if key > mine)
    ranked = _rank_level(db, event, rules, level, ahead)
    his = next(r for r in ranked if r.player == entry_id)
    _not_counted_yet(db, event, rules, {entry_id: his}, FINAL)
    scheduled = q.scheduled_games(db, event.id) if event.check_in else 0
    gone = {e for e, entrant in apart.items() if no_show(entrant, event.check_in, scheduled)}
    if entry_id in gone:
        return None
    # tourney/noshows.rerank: a rank drops by the number of no-shows ranked strictly above it
    above = sum(1 for e in gone if keys[e] > mine) + sum(1 for r in ranked if r.player in gone and r.rank < his.rank)
    return dataclasses.replace(his, rank=his.rank - above) if gone else his


def _keys(entries: list[int], sums: Sequence[tuple[int, ...]], byes: dict[int, list[int]],
          row_of: Callable[[int], Row[int]]) -> dict[int, Key]:
    """Every entry's first four tie-breaks (Row.key): from its kept sums, or (an entry
    with a bye) from its whole row."""
    keys: dict[int, Key] = dict.fromkeys(entries, (0, 0, 0, 0))
    for entry, _, won, game_points, plus, minus, *_ in sums:  # totals.SUMS: won, game_points, plus, minus, ...
        if entry in keys:
            keys[entry] = (game_points, won, plus - minus, plus)
    for entry in byes:
        if entry in keys:
            keys[entry] = row_of(entry).key()
    return keys


def _rank_level(db: Db, event: Event, rules: ScoringRules, level: dict[int, Row[int]], ahead: int) -> list[Row[int]]:
    """The rows of one level of the first four tie-breaks, ranked as the whole field
    ranks them: by head-to-head within the level, ``ahead`` rows above, then the cut
    playoffs (which only ever settle rows of one rank)."""
    h2h = HeadToHead()
    if len(level) > 1:
        _head_to_head_of_ties(db, event, rules, level, h2h)
    ranked = rank_rows(list(level.values()), h2h)
    for row in ranked:
        row.rank += ahead
    return apply_cut_playoffs(ranked, q.cut_playoff_games(db, event.id))


def _from_whole(db: Db, event: Event, entry_id: int) -> Row[int] | None:
    """From the whole field's standings (None: a no-show)."""
    found = next((r for r in standings(db, event).ranked if r.player == entry_id), None)
    if found is None and entry_id not in no_shows(db, event):
        raise NotFound(f"no entry #{entry_id} in {event.name}")
    return found

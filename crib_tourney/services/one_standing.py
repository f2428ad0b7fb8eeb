"""One entry's row of an event's standings without ranking the field (`player
history` at 20,000 entrants; services/standings.py ranks the whole field).

The row is the one ``standings(db, event).ranked`` holds for the entry: the same
rank (the no-shows taken out), tied, note and totals; a test compares every entry
of several events (ties, head-to-head, withdrawals, byes, no-shows, pending and
disputed cards, cut playoffs). How: the order is game points, wins, net spread,
plus spread, then head-to-head among the level (tourney/standings.py). The writer
keeps each entry's card sums (store/totals.py: counted cards only), so the
database counts the entries whose kept sums stand strictly ahead of his and reads
those level with him (store/one_entry.py); the few whose row is more than their
sums (a bye, a withdrawal, a late entry) are made row by row as the standings
make them, and an entry without kept sums stands at zero. Only his level is
ranked, by the standings' own code (rank_rows, its head-to-head, the cut
playoffs); the no-shows ranked above him are taken away as tourney/noshows.rerank
does.

Events whose totals are not kept under their rules, and tables of three, are
ranked whole (services/standings.py).
"""

from __future__ import annotations

import dataclasses

from crib_tourney.errors import NotFound
from crib_tourney.services.noshows import no_shows
from crib_tourney.services.standings import FINAL, head_to_head_of_ties, add_not_counted_yet, scoring_rules, standings
from crib_tourney.store import one_entry
from crib_tourney.store import qualifying as q
from crib_tourney.store import totals
from crib_tourney.store.directory import entry_by_id, names_of_entries
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.cut import apply_cut_playoffs
from crib_tourney.tourney.noshows import no_show
from crib_tourney.tourney.scoring import ScoringRules, bye_line
from crib_tourney.tourney.standings import HeadToHead, Row, bye_counts, rank_rows

ZERO = (0, 0, 0, 0)  # the first four tie-breaks of an entry without a counted game


def standing_of(db: Db, event: Event, entry_id: int) -> Row[int] | None:
    """The entry's row of the event's standings as ``standings(db, event).ranked``
    holds it (None: a no-show, listed apart and not ranked)."""
    rules = scoring_rules(event)
    if event.sides != 2 or not totals.is_kept(db, event.id, rules):  # nothing kept to count from: rank the field
        return _from_whole(db, event, entry_id)
    if entry_by_id(db, event, entry_id) is None:
        raise NotFound(f"no entry #{entry_id} in {event.name}")
    apart = {e.id: e for e in one_entry.withdrawn_or_late(db, event.id)}  # withdrawn or late: a few
    byes: dict[int, list[int]] = {}
    for entry, game_no in q.byes(db, event.id):
        byes.setdefault(entry, []).append(game_no)
    under_way = {g for g in {g for games in byes.values() for g in games} if one_entry.game_under_way(db, event.id, g)}
    # his, and those whose row is more than their kept totals (a bye, a withdrawal): read one by one
    apiece = set(byes) | set(apart) | {entry_id}
    sums = one_entry.totals_of(db, event.id, apiece)

    def row_of(entry: int, name: str = "", kept: tuple[int, ...] | None = None) -> Row[int]:
        """The entry's row before ranking, as services/standings.py makes it (a name
        only for him: the others' names only order rows within a rank)."""
        withdrawn_after = apart[entry].withdrawn_after if entry in apart else None
        row = Row(entry, name, withdrawn=withdrawn_after is not None)
        kept = kept or sums.get(entry)
        if kept is not None:
            row.add_totals(kept[1], kept[2:])
        for game_no in byes.get(entry, ()):
            if bye_counts(game_no, under_way, withdrawn_after):
                row.add(bye_line(rules))
        return row

    keys = {entry: row_of(entry).key() for entry in apiece}
    mine = keys[entry_id]
    # the others, counted by the database from their kept totals (none: ZERO)
    plain = one_entry.without_totals(db, event.id, apiece)
    ahead = one_entry.totals_ahead(db, event.id, mine, apiece) + (plain if ZERO > mine else 0)
    level = {kept[0]: row_of(kept[0], kept=kept) for kept in one_entry.totals_level(db, event.id, mine, apiece)}
    if mine == ZERO:
        level.update((entry, row_of(entry)) for entry in one_entry.ids_without_totals(db, event.id, apiece))
    ahead += sum(1 for key in keys.values() if key > mine)
    level.update((entry, row_of(entry)) for entry, key in keys.items() if key == mine)
    level[entry_id] = row_of(entry_id, names_of_entries(db, event, [entry_id])[entry_id])
    ranked = _rank_level(db, event, rules, level, ahead)
    his = next(r for r in ranked if r.player == entry_id)
    add_not_counted_yet(db, event, rules, {entry_id: his}, FINAL)
    scheduled = q.scheduled_games(db, event.id) if event.check_in else 0
    gone = {e for e, entrant in apart.items() if no_show(entrant, event.check_in, scheduled)}
    if entry_id in gone:
        return None
    # tourney/noshows.rerank: a rank drops by the number of no-shows ranked strictly above it
    above = sum(1 for e in gone if keys[e] > mine) + sum(1 for r in ranked if r.player in gone and r.rank < his.rank)
    return dataclasses.replace(his, rank=his.rank - above) if gone else his


def _rank_level(db: Db, event: Event, rules: ScoringRules, level: dict[int, Row[int]], ahead: int) -> list[Row[int]]:
    """The rows of one level of the first four tie-breaks, ranked as the whole field
    ranks them: by head-to-head within the level, ``ahead`` rows above, then the cut
    playoffs (which only ever settle rows of one rank)."""
    h2h = HeadToHead()
    if len(level) > 1:
        head_to_head_of_ties(db, event, rules, level, h2h)
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

"""Qualifying results: whole games, single scorecards, forfeits, imports,
reconciling cards, undo and the log. Once the bracket is made, a result between
two qualifiers goes to their playoff match, and any change to qualifying must
leave the bracket's qualifiers and seeds as they are (or recut it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from crib_tourney.csvfiles import read_rows, refuse
from crib_tourney.errors import CribError
from crib_tourney.services.standings import event_standings, scoring_rules, standings_rows
from crib_tourney.store import brackets as st
from crib_tourney.store import qualifying as q
from crib_tourney.store import writer
from crib_tourney.store.writer import Change, Log
from crib_tourney.store.directory import entries_of, entry_names, find_entry, find_event
from crib_tourney.store.rows import Entry, Event, Pairing
from crib_tourney.store.sql import Db
from crib_tourney.tourney import bracket as bk
from crib_tourney.tourney.formats import plays_in_bracket
from crib_tourney.tourney.names import fold
from crib_tourney.tourney.numbers import whole_number
from crib_tourney.tourney.reconcile import Card, copy_card, needs_resolving, resolve
from crib_tourney.tourney.scoring import check_scores, won_game


@dataclass
class Recorded:
    """What a result command did: the lines to show, the game and table."""

    lines: list[str] = field(default_factory=list)
    game: int | None = None
    table: int | None = None


def outcome_row(event: Event, pairing_id: int, c: Card) -> dict:
    return dict(event_id=event.id, pairing_id=pairing_id, entry_id=c.entry, own_score=c.own, opp_score=c.opp,
                forfeit=c.forfeit, source=c.source)


def find_pairing(db: Db, event: Event, entries: list[Entry], game: int | None) -> Pairing:
    """The game in which these entries sit together: the given game, or the one
    without a result (the latest if all have results)."""
    names = entry_names(db, event)
    first = entries[0].id
    candidates = q.pairings_of(db, event.id, first, game)
    if game is not None and not candidates:
        if not q.game_exists(db, event.id, game):
            raise CribError(f"game {game} of {event.name} does not exist (not scheduled)")
        raise CribError(f"{names[first]} has no seat in game {game} of {event.name}")
    if len(entries) == 1:
        if game is None:
            open_ = [p for p in candidates if p.entry2_id is not None and not q.has_result(db, p.id)]
            if not open_:
                raise CribError(f"{names[first]} has no game without a result; give --game")
            return open_[0]
        if candidates[0].entry2_id is None:
            raise CribError(f"{names[first]} has the bye in game {game}")
        return candidates[0]
    together = [p for p in candidates if {p.entry1_id, p.entry2_id} == {first, entries[1].id}]
    if not together:
        where = f"game {game}" if game is not None else "any game"
        raise CribError(f"{names[first]} and {names[entries[1].id]} are not seated together in {where} of {event.name}")
    if game is None:
        unplayed = [p for p in together if not q.has_result(db, p.id)]
        return unplayed[0] if unplayed else together[-1]
    return together[0]


def _refuse_withdrawn(db: Db, event: Event, pairing: Pairing) -> None:
    names = entry_names(db, event)
    for e in entries_of(db, event):
        if e.id in (pairing.entry1_id, pairing.entry2_id) and e.withdrawn_after is not None and pairing.game_no > e.withdrawn_after:
            raise CribError(f"{names[e.id]} withdrew from {event.name} after game {e.withdrawn_after}")


def _game_result(db: Db, event: Event, change: Change, entries: list[Entry], scores: list[int], game: int | None,
                 replace: bool, card_of: Entry | None) -> Recorded:
    names = entry_names(db, event)
    a, b = entries[0].id, entries[1].id
    if a == b:
        raise CribError(f"{names[a]} cannot play against themselves")
    rules = scoring_rules(event)
    check_scores(scores[0], scores[1], rules.target)
    pairing = find_pairing(db, event, entries, game)
    _refuse_withdrawn(db, event, pairing)
    by_entry = {a: scores[0], b: scores[1]}
    existing = q.outcomes_for(db, [pairing.id])
    winner, loser = (a, b) if won_game(by_entry[a], by_entry[b], rules.target_loses) else (b, a)
    text = f"game {pairing.game_no} table {pairing.table_no}: {names[winner]} {by_entry[winner]} - {names[loser]} {by_entry[loser]}"
    if card_of is None:
        if existing and not replace:
            raise CribError(f"game {pairing.game_no} between {names[winner]} and {names[loser]} already has a result; use --replace to correct it")
        if existing:
            change.action = "replace"
        rows = [outcome_row(event, pairing.id, Card(e, by_entry[e], by_entry[o], "none", "result")) for e, o in ((a, b), (b, a))]
        change.replace("outcome", {"pairing_id": pairing.id}, rows)
        return Recorded([f"recorded {text}"], pairing.game_no, pairing.table_no)
    if card_of.id not in by_entry:
        raise CribError(f"--card {names[card_of.id]}: that player is not in this game")
    if any(o.entry_id == card_of.id for o in existing) and not replace:
        raise CribError(f"{names[card_of.id]}'s card for game {pairing.game_no} is already entered; use --replace to correct it")
    opponent = b if card_of.id == a else a
    keep = [o.values() for o in existing if o.entry_id != card_of.id]
    mine = outcome_row(event, pairing.id, Card(card_of.id, by_entry[card_of.id], by_entry[opponent], "none", "card"))
    change.action = "card"
    change.replace("outcome", {"pairing_id": pairing.id}, keep + [mine])
    return Recorded([f"recorded {names[card_of.id]}'s card, {text}"], pairing.game_no, pairing.table_no)


def _forfeit(db: Db, event: Event, change: Change, loser: Entry, game: int | None, replace: bool) -> Recorded:
    names = entry_names(db, event)
    pairing = find_pairing(db, event, [loser], game)
    _refuse_withdrawn(db, event, pairing)
    if q.has_result(db, pairing.id) and not replace:
        raise CribError(f"game {pairing.game_no} of {names[loser.id]} already has a result; use --replace to correct it")
    winner = pairing.entry2_id if pairing.entry1_id == loser.id else pairing.entry1_id
    assert winner is not None
    text = f"game {pairing.game_no} table {pairing.table_no}: {names[loser.id]} forfeits to {names[winner]}"
    change.replace("outcome", {"pairing_id": pairing.id}, forfeit_rows(event, pairing, loser.id))
    return Recorded([f"recorded {text}"], pairing.game_no, pairing.table_no)


def forfeit_rows(event: Event, pairing: Pairing, loser: int) -> list[dict]:
    winner = pairing.entry2_id if loser == pairing.entry1_id else pairing.entry1_id
    return [outcome_row(event, pairing.id, Card(winner, 0, 0, "won", "result")),  # type: ignore[arg-type]
            outcome_row(event, pairing.id, Card(loser, 0, 0, "lost", "result"))]


def _qualifying_change(db: Db, event: Event, action: str, recut: bool, make: Callable[[Change], Recorded]) -> Recorded:
    """One change to qualifying, held to the bracket after the cut, logged once."""
    change = Change(db, action, Log(event.id))
    recorded = make(change)
    recorded.lines += _keep_bracket(db, event, change, recut)
    change.log("; ".join(line.removeprefix("recorded ") for line in recorded.lines))
    return recorded


def record_result(db: Db, event_ref: str, name1: str, score1: int, name2: str, score2: int, *, game: int | None = None,
                  replace: bool = False, card: str | None = None, playoff: bool = False, match_game: int | None = None,
                  cascade: bool = False, recut: bool = False) -> Recorded:
    """A game from two scores: a cut playoff game, a playoff match game, one
    player's own card, or a qualifying game."""
    event = find_event(db, event_ref)
    entries = [find_entry(db, event, name1), find_entry(db, event, name2)]
    if entries[0].id == entries[1].id and entries[0].team_name is not None and fold(name1) != fold(name2):
        raise CribError(f"{name1} and {name2} are on the same team ({entries[0].team_name}): a game is one team against another")
    scores = [score1, score2]
    if playoff:
        from crib_tourney.services import playoffs

        return Recorded([f"recorded {playoffs.record_cut_playoff(db, event, entries, scores)}"])
    if plays_in_bracket(st.all_seeded(db, event.id, [e.id for e in entries]), game is not None, card is not None):
        from crib_tourney.services import playoffs

        return Recorded(playoffs.record_playoff_game(db, event, entries[0].id, entries[1].id, scores, match_game, replace, cascade).lines)
    if match_game is not None or cascade:
        raise CribError("--match-game and --cascade are for playoff matches; this is a qualifying game")
    card_of = find_entry(db, event, card) if card else None
    return _qualifying_change(db, event, "result", recut,
                              lambda change: _game_result(db, event, change, entries, scores, game, replace, card_of))


def record_forfeit(db: Db, event_ref: str, name: str, game: int | None = None, replace: bool = False,
                   recut: bool = False) -> Recorded:
    event = find_event(db, event_ref)
    loser = find_entry(db, event, name)
    if game is None and st.all_seeded(db, event.id, [loser.id]):
        from crib_tourney.services import playoffs

        if playoffs.Bracket(db, event).current_match(loser.id):
            return _bracket_forfeit(db, event, loser)
    return _qualifying_change(db, event, "forfeit", recut, lambda change: _forfeit(db, event, change, loser, game, replace))


def _bracket_forfeit(db: Db, event: Event, loser: Entry) -> Recorded:
    from crib_tourney.services import playoffs

    change = Change(db, "playoff", Log(event.id))
    lines = playoffs.record_playoff_forfeit(db, event, loser.id, change, whole_match=False)
    change.log("; ".join(lines))
    return Recorded(lines)


def _keep_bracket(db: Db, event: Event, change: Change, recut: bool) -> list[str]:
    """After a qualifying change the bracket, if there is one, must still agree.
    Without a bracket the playoff code is not even loaded (~25 ms of start-up)."""
    if not recut and not st.seeded_count(db, event.id):
        return []
    from crib_tourney.services import playoffs

    return playoffs.recut_if_moved(db, event, change, recut)


def record_table(db: Db, event: Event, game: int, table: int, scores: list[int], replace: bool = False) -> Recorded:
    """quick-results: TABLE SCORE SCORE [replace], the scores in the table sheet's order."""
    entries = _at_table(db, event, game, table)
    return _qualifying_change(db, event, "result", False,
                              lambda change: _game_result(db, event, change, entries, scores, game, replace, None))


def record_table_forfeit(db: Db, event: Event, game: int, table: int, name: str) -> Recorded:
    """quick-results: TABLE forfeit NAME: that player of the table forfeits."""
    entries = _at_table(db, event, game, table)
    loser = find_entry(db, event, name)
    if loser.id not in {e.id for e in entries}:
        raise CribError(f"{entry_names(db, event)[loser.id]} is not at table {table} of game {game}")
    return _qualifying_change(db, event, "forfeit", False, lambda change: _forfeit(db, event, change, loser, game, False))


def _at_table(db: Db, event: Event, game: int, table: int) -> list[Entry]:
    pairing = q.pairing_at_table(db, event.id, game, table)
    if pairing is None or pairing.entry2_id is None:
        raise CribError(f"game {game} has no table {table}")
    by_id = {e.id: e for e in entries_of(db, event)}
    return [by_id[pairing.entry1_id], by_id[pairing.entry2_id]]


def import_results(db: Db, event_ref: str, text: str, file_name: str) -> int:
    """A CSV of results (game, player1, score1, player2, score2[, forfeit]), all
    or nothing, as one change that one undo reverts."""
    event = find_event(db, event_ref)
    header, records = read_rows(text, file_name)
    if not {"player1", "score1", "player2", "score2"} <= set(header):
        raise CribError(f"{file_name}: the header needs columns game, player1, score1, player2, score2 (optional: forfeit)")
    errors: list[str] = []
    count = 0
    change = Change(db, "import", Log(event.id))
    for line_no, row in records:
        if None in row:
            errors.append(f"line {line_no}: more fields than the header has")
            continue
        try:
            with change.savepoint():
                game = whole_number(row["game"], "game") if row.get("game") else None
                if row.get("forfeit"):
                    _forfeit(db, event, change, find_entry(db, event, row["forfeit"]), game, replace=False)
                else:
                    entries = [find_entry(db, event, row["player1"]), find_entry(db, event, row["player2"])]
                    scores = [whole_number(row["score1"], "score1"), whole_number(row["score2"], "score2")]
                    _game_result(db, event, change, entries, scores, game, False, None)
            count += 1
        except CribError as exc:
            errors.append(f"line {line_no}: {exc}")
    refuse(errors, file_name)
    _keep_bracket(db, event, change, False)  # after the cut an import must keep the bracket
    change.log(f"imported {count} results from {file_name}")
    return count


def resolve_cards(db: Db, event_ref: str, recut: bool = False) -> list[str]:
    """Settle every disagreeing game by the ACC rule (tourney/reconcile.py)."""
    event = find_event(db, event_ref)
    rules = scoring_rules(event)
    standings = event_standings(db, event)
    cut = bk.qualifier_count(len(standings), event.qualify_ratio)
    qualifiers = {r.player for r in standings if r.rank <= cut}
    names = entry_names(db, event)
    # read every table first (streamed), write after: no write under an open read
    unsettled = [(table, [Card(*r) for r in rows]) for table, rows in q.tables_with_cards(db, event.id)
                 if len(rows) == 1 or needs_resolving([Card(*r) for r in rows])]
    done = []
    change = Change(db, "resolve", Log(event.id))
    for (pairing_id, game_no, _, entry1, entry2), cards in unsettled:
        if len(cards) == 1:
            other = entry2 if cards[0].entry == entry1 else entry1
            settled = copy_card(cards[0], other)
            text = f"game {game_no}: {names[cards[0].entry]}'s card copied to {names[other]}"
        else:
            settled = resolve(cards, qualifiers, rules)
            text = f"game {game_no} resolved: " + "; ".join(
                f"{names[c.entry]} {c.own}-{c.opp}" + (" (apparent qualifier)" if c.entry in qualifiers else "") for c in settled)
        change.replace("outcome", {"pairing_id": pairing_id}, [outcome_row(event, pairing_id, c) for c in settled])
        done.append(text)
    if done:
        done += _keep_bracket(db, event, change, recut)
        change.log("; ".join(done))
    return done


def check(db: Db, event_ref: str, resolve: bool = False, recut: bool = False) -> tuple[list[str], list]:
    """(games settled by the ACC rule when ``resolve``, card problems left)."""
    from crib_tourney.services.standings import check_cards

    resolved = resolve_cards(db, event_ref, recut) if resolve else []
    return resolved, check_cards(db, find_event(db, event_ref))


def undo_own_line(db: Db, event: Event, line_id: int, ours: set[int]) -> list[str]:
    """quick-results' undo: revert this session's last line (audit entry
    ``line_id``), but only when nothing was logged after it except this session's
    own entries (``ours``): another terminal's change is not ours to undo."""
    later = writer.entries_after(db, Log(event.id), line_id)
    if any(i not in ours for i in later):
        raise CribError(f"the newest change of {event.name} was made elsewhere; undo it there (crib-tourney undo)")
    return undo(db, str(event.id))


def undo(db: Db, event_ref: str, recut: bool = False) -> list[str]:
    """Revert the last change of whatever kind, then hold the bracket to it."""
    event = find_event(db, event_ref)
    lines: list[str] = []

    def after(change: Change) -> None:
        if q.event_exists(db, event.id):  # undoing its creation removes the event
            reverted = find_event(db, str(event.id))  # an undone settings change is back in force
            lines.extend(_keep_bracket(db, reverted, change, recut))

    undone = writer.undo_newest(db, Log(event.id), f"nothing to undo in {event.name}", after)
    return [f"undid {undone.action} #{undone.id}: {undone.summary}"] + lines


def audit_log(db: Db, event_ref: str) -> list[dict]:
    return [{"id": e.id, "at": e.at, "action": e.action, "summary": e.summary, "undone": e.undone}
            for e in writer.log_entries(db, Log(find_event(db, event_ref).id))]


def standings(db: Db, event_ref: str) -> tuple[str, list[dict]]:
    event = find_event(db, event_ref)
    return event.name, standings_rows(db, event)

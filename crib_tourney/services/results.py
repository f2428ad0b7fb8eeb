"""Qualifying results: whole games, single scorecards, forfeits, imports,
reconciling cards, undo and the log. Once the bracket is made, a result between
two qualifiers goes to their playoff match, and any change to qualifying must
leave the bracket's qualifiers and seeds as they are (or recut it).

Entries come in as ids (inputs/names.py turns what was typed into them). What a
command did comes back as values, each knowing its own words (``line()``), which
the change's log summary, the CLI and the web share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from crib_tourney.errors import AlreadyRecorded, CribError, NotFound
from crib_tourney.records import record
from crib_tourney.services.recording import Fact as Fact  # re-exported: what callers of results name
from crib_tourney.services.recording import Recorded as Recorded
from crib_tourney.services.cross_checking import JudgedAgain, cross_checked, judged_again
from crib_tourney.services.standings import apparent_qualifiers
from crib_tourney.services.cross_checking import original_cards, settled_by_rule, write_settlement
from crib_tourney.services.recording import after_change, keep_bracket, qualifying_change, refuse_withdrawn
from crib_tourney.store import brackets as st
from crib_tourney.store import qualifying as q
from crib_tourney.store import writer
from crib_tourney.store.directory import entry_by_id, entry_names, names_of_entries, read_field
from crib_tourney.store.events import load_event, scoring_rules
from crib_tourney.store.rows import Entry, Event, Pairing
from crib_tourney.store.sql import Db
from crib_tourney.store.writer import CLI, Actor, Change, Log, LogEntry
from crib_tourney.tourney.reconcile import Card, copy_card, is_final, needs_resolving
from crib_tourney.tourney.reconcile import use_card as chosen_card
from crib_tourney.tourney.scoring import check_scores, won_game
from crib_tourney.inputs.csvrows import LineError, ForfeitLine, ResultLine
from crib_tourney.services import playoffs
from crib_tourney.csvfiles import refuse
from crib_tourney.services.standings import check_cards

if TYPE_CHECKING:
    from crib_tourney.services.phone_matches import MatchCards
    from crib_tourney.services.standings import CardProblem
    from crib_tourney.services.playoffs import Recut
    from crib_tourney.inputs.csvrows import LineError, ResultsFile


# GameResult, ForfeitResult (and recording.Recorded) are named tuples rather than
# frozen records (the same immutable values, read by name): every result command
# makes them, and making their dataclasses cost it 1 ms each.


class GameResult(NamedTuple):
    """A qualifying game's two scores, or one player's own card of it."""

    game: int
    table: int | None
    winner: str
    winner_score: int
    loser: str
    loser_score: int
    card_of: str | None = None  # whose card this is (None: the game's result)

    def line(self) -> str:
        text = f"game {self.game} table {self.table}: {self.winner} {self.winner_score} - {self.loser} {self.loser_score}"
        return f"recorded {self.card_of}'s card, {text}" if self.card_of is not None else f"recorded {text}"


class ForfeitResult(NamedTuple):
    """A forfeit: who lost the game, and who won it."""

    game: int
    table: int | None
    loser: str
    winner: str

    def line(self) -> str:
        return f"recorded game {self.game} table {self.table}: {self.loser} forfeits to {self.winner}"


@record
class CardCopied:
    """The only card of a game, copied to the other side (ACC 12.2)."""

    game: int
    owner: str
    to: str

    def line(self) -> str:
        return f"game {self.game}: {self.owner}'s card copied to {self.to}"


@record
class SettledCard:
    name: str
    own: int
    opp: int
    apparent_qualifier: bool


@record
class GameSettled:
    """Two disagreeing cards settled by the ACC rule (``provisional``: before
    cross-checking, to be judged again once the last game's cards are in)."""

    game: int
    cards: tuple[SettledCard, ...]
    provisional: bool = False

    def line(self) -> str:
        return f"game {self.game} resolved{' provisionally' if self.provisional else ''}: " + "; ".join(
            f"{c.name} {c.own}-{c.opp}" + (" (apparent qualifier)" if c.apparent_qualifier else "") for c in self.cards)


@record
class Checked:
    """check: the games settled (with --resolve), the card problems left, and the
    settlements whose outcome changed when judged again at cross-checking."""

    resolved: tuple[Fact, ...]
    problems: tuple[CardProblem, ...]
    judged_again: tuple[JudgedAgain, ...] = ()
    match_games: tuple[MatchCards, ...] = ()  # playoff match games whose cards wait for the director


@record
class EventUndone:
    """The log entry an undo reverted, and the bracket recut after it (--recut)."""

    entry: LogEntry
    recut: Recut | None = None

    def lines(self) -> list[str]:
        return [f"undid {self.entry.action} #{self.entry.id}: {self.entry.summary}"] + ([self.recut.line()] if self.recut else [])


@record
class Imported:
    results: int


@record
class Competitor:
    """An entry of an event: a player, or a team (its name)."""

    id: int
    name: str
    team_name: str | None


def outcome_row(event: Event, pairing_id: int, c: Card, counted: bool | None = None) -> dict[str, Any]:
    """A card as its outcome row; it counts (``counted``, by default) unless it is a
    player's own card, which counts only once its table is final (table_rows)."""
    return q.outcome_dict(event.id, pairing_id, c.entry, c.own, c.opp, None, c.forfeit, c.source,
                          c.source != "card" if counted is None else counted)


def table_rows(event: Event, pairing_id: int, cards: list[Card]) -> list[dict[str, Any]]:
    """A two-sided table's cards as outcome rows, counted only if together they are final."""
    final = is_final(cards)
    return [outcome_row(event, pairing_id, c, final) for c in cards]


def entry_of(db: Db, event: Event, entry_id: int) -> Entry:
    """An entry of this event by its id."""
    found = entry_by_id(db, event, entry_id)
    if found is None:
        raise NotFound(f"no entry #{entry_id} in {event.name}")
    return found


def competitor(db: Db, event_id: int, entry_id: int) -> Competitor:
    event = load_event(db, event_id)
    entry = entry_of(db, event, entry_id)
    return Competitor(entry.id, names_of_entries(db, event, [entry.id])[entry.id], entry.team_name)


def find_pairing(db: Db, event: Event, entries: list[Entry], game: int | None) -> Pairing:
    """The game in which these entries sit together: the given game, or the one
    without a result (the latest if all have results)."""
    names = _Names(db, event)
    first = entries[0].id
    candidates = q.pairings_of(db, event.id, first) if game is None else q.seats_of(db, event.id, first, game)
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


class _Names:
    """Entries' names for an error line, read only if one is needed."""

    def __init__(self, db: Db, event: Event):
        self.db, self.event = db, event

    def __getitem__(self, entry_id: int) -> str:
        return names_of_entries(self.db, self.event, [entry_id])[entry_id]


class _NewTables:
    """An import's results for new tables, checked line by line and written together:
    one statement for a whole game, not one (and a read back) a line. Which of them
    have a card already is asked once for all, when they are written."""

    def __init__(self, db: Db, change: Change):
        self.db, self.change = db, change
        self.rows: dict[int, list[dict[str, Any]]] = {}  # pairing: its two cards
        self.taken: dict[int, tuple[int, str]] = {}  # pairing: its line and refusal, should it have a card
        self.line = 0  # the line being read

    def add(self, pairing_id: int, rows: list[dict[str, Any]], taken: str) -> None:
        self.rows[pairing_id] = rows
        self.taken[pairing_id] = (self.line, taken)

    def write(self) -> list[LineError]:
        """Write what is waiting (before any line that writes on its own, to keep the
        order); returns the lines refused because their table has a card already."""
        carded = q.with_cards(self.db, list(self.rows))
        refused = [LineError(self.taken[p][0], _imported_over(self.taken[p][1])) for p in carded]
        for p in carded:
            del self.rows[p]
        self.change.fill("outcome", "pairing_id", self.rows)
        self.rows, self.taken = {}, {}
        return refused


def _waiting_cards(db: Db, pairing_id: int, names: dict[int, str], taken: str) -> str:
    """What stands in the way of the director's result: a final one, or players'
    cards that do not count yet (a lone card, or two that disagree)."""
    cards = q.outcomes_for(db, [pairing_id])
    if not cards or any(o.counted or o.source != "card" for o in cards):
        return taken
    between = taken.removesuffix(" already has a result")
    if len(cards) == 1:
        return f"{between} has only {names[cards[0].entry_id]}'s card, pending (the other card goes in with --card)"
    return f"{between} has two cards that disagree, disputed (check --resolve settles them)"


def _game_result(db: Db, event: Event, change: Change, entries: list[Entry], scores: tuple[int, int], game: int | None,
                 replace: bool, card_of: Entry | None, waiting: _NewTables | None = None) -> GameResult:
    names = names_of_entries(db, event, [e.id for e in entries] + ([card_of.id] if card_of is not None else []))
    a, b = entries[0].id, entries[1].id
    if a == b:
        raise CribError(f"{names[a]} cannot play against themselves")
    rules = scoring_rules(event)
    check_scores(scores[0], scores[1], rules.target)
    pairing = find_pairing(db, event, entries, game)
    refuse_withdrawn(db, event, pairing)
    by_entry = {a: scores[0], b: scores[1]}
    winner, loser = (a, b) if won_game(by_entry[a], by_entry[b], rules.target_loses) else (b, a)
    done = GameResult(pairing.game_no, pairing.table_no, names[winner], by_entry[winner], names[loser], by_entry[loser])
    if card_of is None:
        taken = f"game {pairing.game_no} between {names[winner]} and {names[loser]} already has a result"
        rows = [outcome_row(event, pairing.id, Card(e, by_entry[e], by_entry[o], "none", "result")) for e, o in ((a, b), (b, a))]
        if waiting is not None:  # an import's new table: whether the database holds a card is asked when written
            if pairing.id in waiting.rows:
                raise CribError(f"game {pairing.game_no} between {names[winner]} and {names[loser]} is also on line "
                                f"{waiting.taken[pairing.id][0]} of this file")
            waiting.add(pairing.id, rows, taken)
            return done
        existed = q.has_result(db, pairing.id)
        if existed and not replace:
            raise AlreadyRecorded(_waiting_cards(db, pairing.id, names, taken))
        if existed:
            change.action = "replace"
            original_cards(change, pairing.id)  # the director's result replaces a settlement and the cards it kept
        # a game without a card yet (every line of an import of a new game) has nothing to read back first
        change.replace("outcome", {"pairing_id": pairing.id}, rows, before=None if existed else [])
        return done
    existing = q.outcomes_for(db, [pairing.id])
    if card_of.id not in by_entry:
        raise CribError(f"--card {names[card_of.id]}: that player is not in this game")
    if any(o.entry_id == card_of.id for o in existing) and not replace:
        raise AlreadyRecorded(f"{names[card_of.id]}'s card for game {pairing.game_no} is already entered")
    opponent = b if card_of.id == a else a
    originals = original_cards(change, pairing.id)  # a settled game reopened: the others' own cards again, not the settlement
    keep = [Card(o.entry_id, *originals[o.entry_id], "card") if o.entry_id in originals else
            Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source) for o in existing if o.entry_id != card_of.id]
    mine = Card(card_of.id, by_entry[card_of.id], by_entry[opponent], "none", "card")
    change.action = "card"
    change.replace("outcome", {"pairing_id": pairing.id}, table_rows(event, pairing.id, keep + [mine]))
    return GameResult(done.game, done.table, done.winner, done.winner_score, done.loser, done.loser_score, names[card_of.id])


def _forfeit(db: Db, event: Event, change: Change, loser: Entry, game: int | None, replace: bool,
             named: tuple[int, ...] = ()) -> ForfeitResult:
    """``loser`` forfeits his game; ``named``: the entries an import's row names, all at that table."""
    twice = next((e for e in named if named.count(e) > 1), None)
    if twice is not None:  # two names of one side (a team's two players)
        raise CribError(f"{names_of_entries(db, event, [twice])[twice]} cannot play against themselves")
    pairing = find_pairing(db, event, [loser], game)
    names = names_of_entries(db, event, list(pairing.sides))
    away = [e for e in named if e not in pairing.sides]
    if away:
        away_names = names_of_entries(db, event, away)
        raise CribError(f"{names[loser.id]} and {' and '.join(away_names[e] for e in away)} are not seated together"
                        f" in game {pairing.game_no} of {event.name}")
    refuse_withdrawn(db, event, pairing)
    if q.has_result(db, pairing.id) and not replace:
        raise AlreadyRecorded(f"game {pairing.game_no} of {names[loser.id]} already has a result")
    winners = [e for e in pairing.sides if e != loser.id]
    change.replace("outcome", {"pairing_id": pairing.id}, forfeit_rows(event, pairing, loser.id))
    return ForfeitResult(pairing.game_no, pairing.table_no, names[loser.id], " and ".join(names[w] for w in winners))


def forfeit_rows(event: Event, pairing: Pairing, loser: int) -> list[dict[str, Any]]:
    if pairing.entry3_id is not None:  # three sides: the others each take a forfeit win
        return [outcome_row(event, pairing.id, Card(e, 0, 0, "lost" if e == loser else "won", "result")) for e in pairing.sides]
    winner = pairing.entry2_id if loser == pairing.entry1_id else pairing.entry1_id
    assert winner is not None
    return [outcome_row(event, pairing.id, Card(winner, 0, 0, "won", "result")),
            outcome_row(event, pairing.id, Card(loser, 0, 0, "lost", "result"))]


def plays_in_bracket(both_seeded: bool, game_given: bool, card_given: bool) -> bool:
    """Once the bracket is made, a result between two qualifiers is a game of
    their playoff match, unless it names a qualifying game or is one card.
    (Here, not with the formats: making their registry cost `result` 4 ms.)"""
    return both_seeded and not game_given and not card_given


def record_result(db: Db, event_id: int, first: int, score1: int, second: int, score2: int, *, game: int | None = None,
                  replace: bool = False, card: int | None = None, playoff: bool = False, match_game: int | None = None,
                  cascade: bool = False, recut: bool = False, by: Actor = CLI) -> Recorded:
    """A game from two entries' scores: a cut playoff game, a playoff match game,
    one entry's own card (``card``: whose), or a qualifying game."""
    event = load_event(db, event_id)
    if event.sides == 3:
        raise CribError(f"{event.name} seats three at a table: give three sides and their scores (result EVENT A 121 B 95 C 80)")
    entries = [entry_of(db, event, first), entry_of(db, event, second)]
    scores = (score1, score2)
    if playoff:
        return Recorded((playoffs.record_cut_playoff(db, event, first, second, scores, by),))
    if plays_in_bracket(st.all_seeded(db, event.id, [first, second]), game is not None, card is not None):
        return Recorded(tuple(playoffs.record_playoff_game(db, event, first, second, scores, match_game, replace, cascade, by)))
    if match_game is not None or cascade:
        raise CribError("--match-game and --cascade are for playoff matches; this is a qualifying game")
    card_of = entry_of(db, event, card) if card is not None else None
    return qualifying_change(db, event, "result", recut, by,
                              lambda change: _game_result(db, event, change, entries, scores, game, replace, card_of))


def record_forfeit(db: Db, event_id: int, loser: int, game: int | None = None, replace: bool = False,
                   recut: bool = False, by: Actor = CLI) -> Recorded:
    """The entry ``loser`` forfeits its game (or, in the bracket, its match's next game)."""
    event = load_event(db, event_id)
    entry = entry_of(db, event, loser)
    if game is None and st.all_seeded(db, event.id, [entry.id]):
        if playoffs.Bracket(db, event).current_match(entry.id):
            return _bracket_forfeit(db, event, entry, by)
    return qualifying_change(db, event, "forfeit", recut, by, lambda change: _forfeit(db, event, change, entry, game, replace))


def _bracket_forfeit(db: Db, event: Event, loser: Entry, by: Actor) -> Recorded:
    change = Change(db, "playoff", Log(event.id), by)
    facts = playoffs.record_playoff_forfeit(db, event, loser.id, change, whole_match=False)
    change.log("; ".join(f.line() for f in facts))
    return Recorded(tuple(facts))


def record_table(db: Db, event_id: int, game: int, table: int, scores: tuple[int, ...], replace: bool = False,
                 by: Actor = CLI, recut: bool = False) -> Recorded:
    """quick-results: TABLE SCORE SCORE [SCORE] [replace], the scores in the table sheet's order
    (``recut``: after the cut, a change that moves the qualifiers recuts the bracket)."""
    from crib_tourney.services.three_sides import three_result  # off result's path: tests/test_local_imports.py
    event = load_event(db, event_id)
    entries = _at_table(db, event, game, table)
    if len(scores) != len(entries):
        raise CribError(f"table {table} of game {game} seats {len(entries)} sides: give {len(entries)} scores, not {len(scores)}")
    if len(entries) == 3:
        scored = [(e.id, s) for e, s in zip(entries, scores)]
        return qualifying_change(db, event, "result", recut, by,
                                  lambda change: three_result(db, event, change, scored, game, replace, None))
    two = (scores[0], scores[1])
    return qualifying_change(db, event, "result", recut, by,
                              lambda change: _game_result(db, event, change, entries, two, game, replace, None))


def record_table_forfeit(db: Db, event_id: int, game: int, table: int, loser: int, replace: bool = False,
                         by: Actor = CLI) -> Recorded:
    """quick-results: TABLE forfeit NAME [replace]: that entry of the table forfeits
    (replacing the table's result, with replace)."""
    event = load_event(db, event_id)
    entries = _at_table(db, event, game, table)
    entry = entry_of(db, event, loser)
    if entry.id not in {e.id for e in entries}:
        raise CribError(f"{names_of_entries(db, event, [entry.id])[entry.id]} is not at table {table} of game {game}")
    return qualifying_change(db, event, "forfeit", False, by, lambda change: _forfeit(db, event, change, entry, game, replace))


def _at_table(db: Db, event: Event, game: int, table: int) -> list[Entry]:
    pairing = q.pairing_at_table(db, event.id, game, table)
    if pairing is None or pairing.entry2_id is None:
        raise CribError(f"game {game} has no table {table}")
    return [entry_of(db, event, e) for e in pairing.sides]


def import_results(db: Db, event_id: int, results: ResultsFile, by: Actor = CLI) -> Imported:
    """The rows of a results CSV, all or nothing, as one change that one undo
    reverts: every bad line is reported, those the file's own checks found
    (csvrows) with those the games refuse."""
    from crib_tourney.services.three_sides import three_result  # off result's path: tests/test_local_imports.py
    event = load_event(db, event_id)
    errors: list[LineError] = list(results.errors)
    count = 0
    change = Change(db, "import", Log(event.id), by)
    waiting = _NewTables(db, change)
    read_field(db, event)  # the rows name many entries and tables: each read once, not a query a row
    for row in results.rows:
        try:
            if row.game is not None:
                q.seats_in_game(db, event.id, row.game)
            if isinstance(row, ResultLine) and row.third is None and row.game is not None:
                # written with the others (a line without its game may look past the waiting ones: see find_pairing)
                entries = [entry_of(db, event, row.first), entry_of(db, event, row.second)]
                waiting.line = row.line
                _game_result(db, event, change, entries, (row.first_score, row.second_score), row.game, False, None, waiting)
                count += 1
                continue
            count -= _write_waiting(waiting, errors)
            with change.savepoint():
                if isinstance(row, ForfeitLine):
                    _forfeit(db, event, change, entry_of(db, event, row.loser), row.game, replace=False, named=row.named)
                elif row.third is not None and row.third_score is not None:
                    scored = [(row.first, row.first_score), (row.second, row.second_score), (row.third, row.third_score)]
                    three_result(db, event, change, scored, row.game, False, None)
                else:
                    entries = [entry_of(db, event, row.first), entry_of(db, event, row.second)]
                    _game_result(db, event, change, entries, (row.first_score, row.second_score), row.game, False, None)
            count += 1
        except AlreadyRecorded as exc:
            errors.append(LineError(row.line, _imported_over(exc.what)))
        except CribError as exc:
            errors.append(LineError(row.line, str(exc)))
    count -= _write_waiting(waiting, errors)
    refuse([e.text() for e in sorted(errors, key=lambda e: e.line)], results.name)
    after = after_change(db, event, change, False)  # after the cut an import must keep the bracket
    change.log(f"imported {count} results from {results.name}" + "".join(f"; {f.line()}" for f in after))
    return Imported(count)


def _imported_over(taken: str) -> str:
    """An import line whose table has a result: an import only adds (it takes no
    --replace), so the way to correct one is the result command."""
    return f"{taken} (entered before, or on an earlier line of this file); an import only adds results: correct one with result ... --replace"


def _write_waiting(waiting: _NewTables, errors: list[LineError]) -> int:
    """Write an import's waiting tables; how many lines were refused (a card already there)."""
    refused = waiting.write()
    errors += refused
    return len(refused)


def resolve_cards(db: Db, event: Event, recut: bool = False, by: Actor = CLI,
                  use_card: tuple[int, int, int] | None = None, only: tuple[int, int] | None = None) -> list[Fact]:
    """Settle every disagreeing game by the ACC rule (tourney/reconcile.py) (``only``:
    the one at this game and table), or, with ``use_card`` (game, table, entry),
    one game by the card the director chose."""
    from crib_tourney.services.three_sides import settle_tables  # off result's path: tests/test_local_imports.py
    if event.sides == 3:
        return settle_tables(db, event, recut, by, use_card, only)
    names = entry_names(db, event)
    # read every table first (streamed), write after: no write under an open read
    unsettled = [(table, [Card(*r) for r in rows]) for table, rows in q.tables_not_agreed(db, event.id)
                 if len(rows) == 1 or needs_resolving([Card(*r) for r in rows])]
    if only is not None:
        unsettled = [(t, cards) for t, cards in unsettled if (t[1], t[2]) == only]
    if use_card is not None:
        game, table, entry = use_card
        unsettled = [(t, cards) for t, cards in unsettled if (t[1], t[2]) == (game, table)]
        if not unsettled or len(unsettled[0][1]) != 2:
            raise CribError(f"game {game} table {table} of {event.name} has no two disagreeing cards to choose from")
        if entry not in {c.entry for c in unsettled[0][1]}:
            raise CribError(f"{names[entry]} has no card at game {game} table {table}")
    done: list[Fact] = []
    change = Change(db, "resolve", Log(event.id), by)
    qualifiers = apparent_qualifiers(db, event) if use_card is None and any(len(c) == 2 for _, c in unsettled) else set()
    early = not cross_checked(db, event)  # a settlement by the rule before cross-checking is provisional
    for (pairing_id, game_no, _, entry1, entry2), cards in unsettled:
        fact: Fact
        if len(cards) == 1:
            other = entry2 if cards[0].entry == entry1 else entry1
            settled = copy_card(cards[0], other)
            fact = CardCopied(game_no, names[cards[0].entry], names[other])
        elif use_card is not None:
            settled = chosen_card(cards, use_card[2])
            fact = GameSettled(game_no, tuple(SettledCard(names[c.entry], c.own, c.opp, False) for c in settled))
        else:
            by_rule = settled_by_rule(event, (entry1, entry2), [(c.entry, c.own, c.opp, None, c.forfeit, c.source) for c in cards],
                                      qualifiers)
            write_settlement(change, event, pairing_id, by_rule, "provisional" if early else "resolved",
                             [(c.entry, c.own, c.opp, None, c.forfeit) for c in cards])
            done.append(GameSettled(game_no, tuple(SettledCard(names[e], own, opp, e in qualifiers) for e, own, opp, *_ in by_rule),
                                    early))
            continue
        change.replace("outcome", {"pairing_id": pairing_id}, [outcome_row(event, pairing_id, c) for c in settled])
        done.append(fact)
    if done:
        done += after_change(db, event, change, recut)
        change.log("; ".join(f.line() for f in done))
    return done


def check(db: Db, event_id: int, resolve: bool = False, recut: bool = False, by: Actor = CLI,
          use_card: tuple[int, int, int] | None = None, only: tuple[int, int] | None = None) -> Checked:
    """The games settled by the ACC rule (when ``resolve``; one game by the
    director's chosen card with ``use_card``) and the card problems left."""
    from crib_tourney.services.phone_matches import waiting_match_games  # off result's path: tests/test_local_imports.py
    event = load_event(db, event_id)
    resolved = resolve_cards(db, event, recut, by, use_card, only) if resolve or use_card else []
    return Checked(tuple(resolved), tuple(check_cards(db, event)), tuple(judged_again(db, event)),
                   tuple(waiting_match_games(db, event)))


def undo_own_line(db: Db, event_id: int, line_id: int, ours: set[int], by: Actor = CLI) -> EventUndone:
    """quick-results' undo: revert this session's last line (audit entry
    ``line_id``), but only when nothing was logged after it except this session's
    own entries (``ours``): another terminal's change is not ours to undo."""
    later = writer.entries_after(db, Log(event_id), line_id)
    if any(i not in ours for i in later):
        raise CribError(f"the newest change of {load_event(db, event_id).name} was made elsewhere; undo it there (crib-tourney undo)")
    return undo(db, event_id, by=by)


def undo(db: Db, event_id: int, recut: bool = False, by: Actor = CLI, expected: int | None = None) -> EventUndone:
    """Revert the last change of whatever kind, then hold the bracket to it.
    ``expected``: the log number the director saw as the newest (refused, Stale,
    when a newer change has arrived since)."""
    event = load_event(db, event_id)
    recuts: list[Recut] = []

    def after(change: Change) -> None:
        if q.event_exists(db, event.id):  # undoing its creation removes the event
            reverted = load_event(db, event.id)  # an undone settings change is back in force
            recut_done = keep_bracket(db, reverted, change, recut)
            if recut_done is not None:
                recuts.append(recut_done)

    undone = writer.undo_newest(db, Log(event.id), f"nothing to undo in {event.name}", after, by, expected)
    return EventUndone(undone, recuts[0] if recuts else None)

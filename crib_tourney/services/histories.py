"""What a player did: his games in one event (for settling a dispute), his record
across every event and league night, and an event's results report. Amounts are
cents; the CLI and the web turn them into words."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, TypedDict

from crib_tourney.errors import CribError, NotFound
from crib_tourney.records import record
from crib_tourney.services.standings import scoring_rules, standings
from crib_tourney.tourney.scoring import outcome_line
from crib_tourney.store import qualifying as q
from crib_tourney.store.directory import acc_numbers, entries_of, entry_names, entry_of, members_of
from crib_tourney.store.events import events_of_player, load_event
from crib_tourney.store.players import players_by_id
from crib_tourney.store.rows import Event
from crib_tourney.store.sql import Db
from crib_tourney.tourney.ledger import Ledger, LedgerLine, ledger, ledger_lines
from crib_tourney.tourney.money import format_money, parse_money
from crib_tourney.tourney.names import opponents_text
from crib_tourney.tourney.reconcile import Card, agree


class _Game(TypedDict):
    game: int
    table: int | None
    opponent: str
    score: int | None
    opponent_score: int | None
    game_points: int | None
    spread: int | None
    cards_agree: bool | None


class GameRow(_Game, total=False):
    """One qualifying game of an entry, as its own card says (``forfeit``: once a card is in)."""

    forfeit: str | None
    state: str  # pending | disputed: the game does not count yet (no game points, no spread)
    # at a table of three: the opponent is both ("A & B", seat order), the second opponent's score, the place
    opponent2_score: int | None
    place: int | None


class PlayerGames(TypedDict):
    event: str
    player: str
    games: list[GameRow]


def games_of(db: Db, event_id: int, entry_id: int) -> list[GameRow]:
    """Every qualifying game of one entry: table, opponent, both scores as its own
    card says, game points, spread, and whether the two cards agree."""
    return _games_of(db, load_event(db, event_id), entry_id)


def _games_of(db: Db, event: Event, entry_id: int) -> list[GameRow]:
    names, rules = entry_names(db, event), scoring_rules(event)
    if entry_id not in names:
        raise NotFound(f"no entry #{entry_id} in {event.name}")
    if event.sides == 3:
        return _games_at_tables_of_three(db, event, entry_id)
    pairings = q.pairings_of(db, event.id, entry_id)
    cards: dict[int, dict[int, Card]] = {}
    waiting: set[int] = set()  # tables whose cards do not count yet
    for o in q.outcomes_for(db, [p.id for p in pairings]):
        cards.setdefault(o.pairing_id, {})[o.entry_id] = Card(o.entry_id, o.own_score, o.opp_score, o.forfeit, o.source)
        if not o.counted:
            waiting.add(o.pairing_id)
    games: list[GameRow] = []
    for p in pairings:
        opponent = p.entry2_id if p.entry1_id == entry_id else p.entry1_id
        row = GameRow(game=p.game_no, table=p.table_no, opponent=names[opponent] if opponent else "bye", score=None,
                      opponent_score=None, game_points=None, spread=None, cards_agree=None)
        own, theirs = cards.get(p.id, {}).get(entry_id), cards.get(p.id, {}).get(opponent) if opponent else None
        if own is None and theirs is not None:  # only the opponent's card: read it from this side
            own = Card(entry_id, theirs.opp, theirs.own, {"won": "lost", "lost": "won"}.get(theirs.forfeit, "none"), theirs.source)
        if own is not None:
            line = outcome_line(own.own, own.opp, own.forfeit, rules)
            row["score"], row["opponent_score"] = own.own, own.opp
            row["game_points"], row["spread"] = line.game_points, line.plus - line.minus
            row["cards_agree"] = agree(own, theirs) if theirs is not None and entry_id in cards.get(p.id, {}) else None
            row["forfeit"] = own.forfeit if own.forfeit != "none" else None  # a key of its own: it comes last
            if p.id in waiting:  # a lone card or two that disagree: counted nowhere yet
                row["game_points"] = row["spread"] = None
                row["state"] = "pending" if len(cards[p.id]) == 1 else "disputed"
        elif opponent is None and rules.bye_points:
            row["game_points"], row["spread"] = rules.bye_points, rules.bye_spread
        games.append(row)
    return games


def _games_at_tables_of_three(db: Db, event: Event, entry_id: int) -> list[GameRow]:
    """_games_of at tables of three: each game as the entry's own card says, or as
    the first other card read from its side; the cards agree when every card holds
    the same scores."""
    from crib_tourney.services.standings import three_sided_lines
    from crib_tourney.tourney.scoring_three import place_of
    from crib_tourney.tourney.reconcile_three import Card3, cards_agree

    names, rules = entry_names(db, event), scoring_rules(event)
    pairings = q.pairings_of(db, event.id, entry_id)
    cards: dict[int, list[Card3]] = {}
    for o in q.outcomes_for(db, [p.id for p in pairings]):
        cards.setdefault(o.pairing_id, []).append(Card3(o.entry_id, o.own_score, o.opp_score, o.opp2_score, o.forfeit, o.source))
    lines = {s.game: s for s in three_sided_lines(db, event) if s.entry == entry_id}
    games: list[GameRow] = []
    for p in pairings:
        others = [e for e in p.sides if e != entry_id]
        row = GameRow(game=p.game_no, table=p.table_no, opponent=opponents_text([names[e] for e in others]) if others else "bye",
                      score=None, opponent_score=None, game_points=None, spread=None, cards_agree=None)
        held = cards.get(p.id, [])
        own = next((c for c in held if c.entry == entry_id), None)
        if others and held:
            version = (own or held[0]).version(p.sides)
            row["score"], row["opponent_score"], row["opponent2_score"] = (version[entry_id], version[others[0]],
                                                                           version[others[1]])
            row["place"] = place_of(version[entry_id], (version[others[0]], version[others[1]]))
            if own is not None and p.game_no in lines:
                side = lines[p.game_no]
                row["game_points"], row["spread"], row["place"] = side.line.game_points, side.line.spread, side.place
            row["cards_agree"] = cards_agree(held, p.sides) if len(held) > 1 and own is not None else None
            row["forfeit"] = own.forfeit if own is not None and own.forfeit != "none" else None
        elif not others and rules.bye_points:
            row["game_points"], row["spread"] = rules.bye_points, rules.bye_spread
        games.append(row)
    return games


def player_games(db: Db, event_id: int, entry_id: int) -> PlayerGames:
    """One entry's games in an event (`player games`)."""
    event = load_event(db, event_id)
    games = _games_of(db, event, entry_id)
    return PlayerGames(event=event.name, player=entry_names(db, event)[entry_id], games=games)


@record
class Winnings:
    """What an event pays, by display name, in cents: placings (with the high
    non-qualifier prize) and pools; ``finish`` the playoff place of each placed entry."""

    finish: dict[str, str]
    prize: dict[str, int]
    pools: dict[str, int]
    complete: bool
    high_nonqualifier: int = 0  # the high non-qualifier's prize (in ``prize`` too)
    pools_collected: int = 0  # what the pools took in


def winnings(db: Db, event_id: int) -> Winnings:
    return _winnings(db, load_event(db, event_id))


def _winnings(db: Db, event: Event) -> Winnings:
    from crib_tourney.services.playoffs import placings_view
    from crib_tourney.services.pools import pool_report

    finish: dict[str, str] = {}
    prize: dict[str, int] = {}
    pools: dict[str, int] = {}
    complete = False
    high_prize = 0
    try:
        placings = placings_view(db, event)
    except CribError:
        placings = None  # no bracket (yet): no playoff finishes or prizes; pools may still pay
    if placings is not None:
        # placings_view still shows its prizes as text ("12.50"): read back to cents
        complete = placings["complete"]
        for row in placings["rows"]:
            finish[row["player"]] = row["place"]
            prize[row["player"]] = parse_money(row["prize"]) if row["prize"] else 0
        high = placings["high_nonqualifier"]
        if high and high["prize"]:
            high_prize = parse_money(high["prize"])
            prize[high["player"]] = prize.get(high["player"], 0) + high_prize
    pooled = pool_report(db, event.id)
    for pool in pooled.pools:
        for paid in pool.payouts:
            pools[paid.player] = pools.get(paid.player, 0) + paid.cents
    return Winnings(finish, prize, pools, complete, high_prize, pooled.collected)


@record
class EventLedger:
    """An event's cash ledger (tourney/ledger.py), in cents. ``payments_recorded``:
    the desk recorded payments (checkin --paid); if it recorded none, every
    entrant is taken to have paid the entry fee. ``final``: the placings are
    decided, so the prizes are what will be paid."""

    book: Ledger
    payments_recorded: bool
    high_nonqualifier_from_fund: bool
    final: bool

    def lines(self) -> tuple[LedgerLine, ...]:
        """The ledger's lines (tourney/ledger.py), as `report` and the cash sheet show them."""
        return ledger_lines(self.book, self.payments_recorded, self.high_nonqualifier_from_fund, self.final)

    def overpaid(self) -> str | None:
        """The one line saying the payouts exceed what was collected (None: they do not)."""
        b = self.book
        out = b.prizes + b.high_nonqualifier + b.pool_prizes
        if out <= b.collected:
            return None
        return f"the payouts ({format_money(out)}) exceed what was collected ({format_money(b.collected)})"

    def as_dict(self) -> dict[str, Any]:
        """As `report --json` prints it under "ledger" (amounts like "360.00")."""
        b = self.book
        money = {k: format_money(getattr(b, k)) for k in ("entry_fees", "unpaid", "pools_collected", "collected", "house",
                                                          "sanctioning", "prizes", "high_nonqualifier", "pool_prizes", "balance")}
        return {"entrants": b.entrants, "paid_entrants": b.paid_entrants, "payments_recorded": self.payments_recorded,
                **money, "high_nonqualifier_from_fund": self.high_nonqualifier_from_fund, "final": self.final}


def event_ledger(db: Db, event_id: int) -> EventLedger:
    return winnings_and_ledger(db, event_id)[1]


def winnings_and_ledger(db: Db, event_id: int) -> tuple[Winnings, EventLedger]:
    """Who is paid what, and the ledger, from one reading of the placings (the cash sheet)."""
    event = load_event(db, event_id)
    won = _winnings(db, event)
    return won, _ledger(db, event, won)


def _ledger(db: Db, event: Event, won: Winnings) -> EventLedger:
    from crib_tourney.services.noshows import played_entries

    entries = entries_of(db, event)
    played = played_entries(db, event)  # no-shows owe nothing and cost no sanctioning fee
    recorded = any(e.paid is not None for e in entries)
    paid = [e.paid for e in entries if e.paid is not None] if recorded else [event.entry_fee] * len(played)
    book = ledger(entrants=len(played), paid=paid, entry_fee=event.entry_fee, house_share=Decimal(str(event.house_share)),
                  sanctioning_fee=event.sanctioning_fee, prizes=[sum(won.prize.values()) - won.high_nonqualifier],
                  high_nonqualifier=won.high_nonqualifier, pools_collected=won.pools_collected,
                  pool_prizes=sum(won.pools.values()))
    return EventLedger(book, recorded, event.high_nonqualifier_from_fund, won.complete)


@record
class ReportRow:
    """One entrant's final result; ``prize`` and ``pools`` in cents."""

    entry_id: int
    place: int
    name: str
    acc_number: str
    game_points: int
    wins: int
    losses: int
    spread: int
    qualified: bool
    playoff_finish: str | None
    prize: int
    pools: int
    withdrawn: bool
    mrps: int | None = None  # a finished ACC event: the Master Rating Points earned

    def as_dict(self) -> dict[str, Any]:
        """As `report --json` prints it (amounts like "12.50")."""
        return {"place": self.place, "name": self.name, "acc_number": self.acc_number, "game_points": self.game_points,
                "wins": self.wins, "losses": self.losses, "spread": self.spread, "qualified": self.qualified,
                "playoff_finish": self.playoff_finish, "prize": format_money(self.prize), "pools": format_money(self.pools),
                "withdrawn": self.withdrawn, "mrps": self.mrps}


@record
class Report:
    """The final results an association asks for: one row per entrant."""

    event: str
    date: str | None
    rows: tuple[ReportRow, ...]
    ledger: EventLedger
    acc_event: str | None = None  # a finished ACC event (main or consolation): the rows carry MRPs
    mrps_note: str | None = None  # "MRPs: report by hand (...)"
    did_not_play: tuple[str, ...] = ()  # the no-shows, listed apart and not ranked
    currency: str = "$"

    @property
    def entrants(self) -> int:
        return len(self.rows)

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.event, "date": self.date, "entrants": self.entrants, "rows": [r.as_dict() for r in self.rows],
                "ledger": self.ledger.as_dict(), "acc_event": self.acc_event, "mrps_note": self.mrps_note,
                "did_not_play": list(self.did_not_play), "overpaid": self.ledger.overpaid(), "currency": self.currency}


def report(db: Db, event_id: int) -> Report:
    return _report(db, load_event(db, event_id))


def _report(db: Db, event: Event) -> Report:
    from crib_tourney.services.mrps import mrps_of
    from crib_tourney.services.playoffs import shown_bracket

    earned = mrps_of(db, event)
    names = entry_names(db, event)
    members = members_of(db, event)
    acc_of = acc_numbers(db, event)
    br = shown_bracket(db, event)
    seeded = set(br.seeds.values()) if br.exists else set()
    won = _winnings(db, event)
    rows = []
    apart = standings(db, event)
    for r in apart.ranked:
        entry: int = r.player
        name = names[entry]
        acc = ", ".join([number for p in members[entry] if (number := acc_of[p])])
        rows.append(ReportRow(entry, r.rank, name, acc, r.game_points, r.wins, r.losses, r.spread, entry in seeded,
                              won.finish.get(name) if entry in seeded or not br.exists else None,
                              won.prize.get(name, 0), won.pools.get(name, 0), r.withdrawn,
                              earned.of(entry) if earned.shown else None))
    return Report(event.name, event.date, tuple(rows), _ledger(db, event, won), earned.kind if earned.shown else None,
                  earned.note(), apart.did_not_play, event.currency)


@record
class EventRecord:
    """A player's result in one event: his place (the playoff finish, else the
    rank) and what he won there, in cents (prizes and pools)."""

    event: str
    date: str | None
    place: int | str
    game_points: int
    wins: int
    losses: int
    spread: int
    prize: int
    mrps: int | None = None  # a finished ACC event's Master Rating Points

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.event, "date": self.date, "place": self.place, "game_points": self.game_points,
                "wins": self.wins, "losses": self.losses, "spread": self.spread, "prize": format_money(self.prize),
                "mrps": self.mrps}


@record
class History:
    """A player's record in every event (league nights included), oldest first."""

    player: str
    events: tuple[EventRecord, ...]

    @property
    def game_points(self) -> int:
        return sum(e.game_points for e in self.events)

    @property
    def wins(self) -> int:
        return sum(e.wins for e in self.events)

    @property
    def losses(self) -> int:
        return sum(e.losses for e in self.events)

    @property
    def spread(self) -> int:
        return sum(e.spread for e in self.events)

    @property
    def prize(self) -> int:
        return sum(e.prize for e in self.events)

    @property
    def mrps(self) -> int:
        return sum(e.mrps or 0 for e in self.events)

    def as_dict(self) -> dict[str, Any]:
        """As `player history --json` prints it (amounts like "12.50")."""
        totals = {"events": len(self.events), "game_points": self.game_points, "wins": self.wins, "losses": self.losses,
                  "spread": self.spread, "prize": format_money(self.prize), "mrps": self.mrps}
        return {"player": self.player, "events": [e.as_dict() for e in self.events], "totals": totals}


def history(db: Db, player_id: int) -> History:
    player = players_by_id(db, [player_id]).get(player_id)
    if player is None:
        raise NotFound(f"no player #{player_id}")
    events = []
    for event_id in events_of_player(db, player.id):
        event = load_event(db, event_id)
        try:
            entry = entry_of(db, event, player)
        except CribError:
            continue
        row = next((r for r in _report(db, event).rows if r.entry_id == entry.id), None)
        if row is None:  # a no-show: the event is his, but he did not play
            events.append(EventRecord(event.name, event.date, "did not play", 0, 0, 0, 0, 0))
            continue
        events.append(EventRecord(event.name, event.date, row.playoff_finish or row.place, row.game_points, row.wins,
                                  row.losses, row.spread, row.prize + row.pools, row.mrps))
    return History(player.name, tuple(events))

"""Event and league settings: one frozen dataclass each, whose fields carry the
default, the help text and the check. The database columns, the options of
`new-event` and `league new`, `event set` / `league set`, the scoring rules and
the printed headers are all read off these two classes, so a new setting is one
field here (plus its migration).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from dataclasses import dataclass, field
from datetime import date as Date
from typing import Any, Callable, Optional, get_args, get_type_hints

from crib_tourney.errors import CribError
from crib_tourney.records import fields, record
from crib_tourney.tourney.scoring import ScoringRules
from crib_tourney.tourney.money import MAX_CENTS, parse_payouts, parse_money, format_money
from crib_tourney.engine.variants import get_variant
from crib_tourney.tourney.scoring_three import parse_place_points
from crib_tourney.tourney.league import FORMULAS, parse_place_points as league_place_points
from crib_tourney.tourney.formats import FORMATS

Check = Callable[[str, Any], None]


def setting(default: Any, help: str, *checks: Check, flag: str | None = None, money: bool = False) -> Any:
    """A settings field: its default, its help text and the checks of one value.
    A ``money`` field holds whole cents, typed as an amount (25, 12.50)."""
    return field(default=default, metadata={"help": help, "checks": checks, "flag": flag, "money": money})


# --- checks of one value -------------------------------------------------------

def between(low: float, high: float) -> Check:
    def check(name: str, value: Any) -> None:
        if not low <= value <= high:
            raise CribError(f"{name} must be {low:g} to {high:g}, not {value}")
    return check


def at_least(low: float) -> Check:
    def check(name: str, value: Any) -> None:
        if value < low:
            raise CribError(f"{name} cannot be negative ({value})" if low == 0 else f"{name} must be at least {low:g} ({value})")
    return check


def odd(name: str, value: int) -> None:
    if value < 1 or value % 2 == 0:
        raise CribError(f"{name} must be an odd number of games, not {value}")


def one_of(choices: Callable[[], Any]) -> Check:
    """``choices`` is read when checking, so a registry can fill in later."""
    def check(name: str, value: Any) -> None:
        names = list(choices())
        if value not in names:
            raise CribError(f"unknown {name.replace('_', ' ')} '{value}' ({name}s: {', '.join(names)})")
    return check


def iso_date(name: str, value: str | None) -> None:
    if value is None:
        return
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):  # fromisoformat alone takes 20260915 and 2026-W07-2
            raise ValueError
        Date.fromisoformat(value)
    except ValueError:
        raise CribError(f"{name} must be a real date written YYYY-MM-DD, not '{value}'") from None


def plain_text(longest: int) -> Check:
    """A free-text detail (a location, a season): printable, one line, bounded."""
    def check(name: str, value: str | None) -> None:
        if value is None:
            return
        if not value.isprintable():
            raise CribError(f"{name} cannot hold control or invisible characters")
        if len(value) > longest:
            raise CribError(f"{name} can be at most {longest} characters (this one has {len(value)})")
    return check


def web_address(name: str, value: str | None) -> None:
    """An http(s) address, as printed in a QR code."""
    if value is None:
        return
    # '"', '<', '>' and the like are never part of an address unescaped (a page prints it in a link)
    if not re.fullmatch(r"https?://[^\s/$.?#][^\s]*", value) or not value.isprintable() or len(value) > 300 \
            or any(c in value for c in '"<>\\^`{|}'):
        raise CribError(f"{name} must be a web address starting http:// or https://, not '{value}'")


def finite(name: str, value: float) -> None:
    if not math.isfinite(value):
        raise CribError(f"{name} must be a finite number, not {value}")


def to_the_cent(name: str, value: float) -> None:
    """An amount kept as a number (the skunk pot), exact to the cent like every amount."""
    if not math.isfinite(value) or abs(value) * 100 > MAX_CENTS or abs(round(value * 100) - value * 100) > 1e-6:
        raise CribError(f"{name} is an amount, exact to the cent (like 1 or 0.25), not {value:g}")


def known_variant(name: str, value: str) -> None:
    variant = get_variant(value)
    if not variant.teams and not variant.min_players <= 2 <= variant.max_players and not variant.min_players <= 3 <= variant.max_players:
        raise CribError(f"{variant.name} cannot be an event's game: a table seats two sides, head to head"
                        " (one player each, or partners in four-player, canadian-doubles and partners),"
                        " or three (three-player, or partners as three teams of two)")


def three_places(name: str, value: str) -> None:
    """Game points for 1st, 2nd and 3rd at a table of three: whole numbers, best first."""
    parse_place_points(value)


def payout_table(name: str, value: str) -> None:
    parse_payouts(value)


def place_points(name: str, value: str) -> None:
    league_place_points(value)


def _formulas() -> Any:
    return FORMULAS


def _formats() -> Any:
    return FORMATS


DEALER_RULES = ("cut", "loser", "alternate")
ACC_EVENTS = ("main", "consolation", "none")  # tourney/mrp.py's kinds
FUND_FROM = ("entrants", "paid")
DEFAULT_PLACE_POINTS = "10,8,6,5,4,3,2,1"  # a league night placed by its standings (tourney/league.py)
MAX_INT = 10**6  # no cribbage count or margin comes near; keeps every number far from 2**63


def small(name: str, value: int) -> None:
    if abs(value) > MAX_INT:
        raise CribError(f"{name} {value} is out of range")


def get_variant_target(name: str) -> int:
    return get_variant(name).game_target


# --- the two schemas -------------------------------------------------------------

@dataclass(frozen=True)
class EventSettings:
    """An event's settings; the defaults are the ACC's."""

    date: Optional[str] = setting(None, "date of play (YYYY-MM-DD)", iso_date)
    location: Optional[str] = setting(None, "where it is played", plain_text(120))
    games: int = setting(7, "qualifying games per player", between(1, 60))
    variant: str = setting("standard", "rule set of the games", known_variant)
    team_size: int = setting(1, "players on each side: 1 (singles); 2 in four-player and canadian-doubles; 2 or 3 in partners",
                             between(1, 3))
    sides: int = setting(2, "sides at a table: 2 (head to head) or 3 (three-player, or partners as three teams of two)",
                         between(2, 3))
    place_points: str = setting("2,1,0", "three sides at a table: game points for 1st, 2nd and 3rd place", three_places)
    format: str = setting("acc", "acc (qualifying, cut, bracket), round-robin, single-elim or double-elim", one_of(_formats))
    win_points: int = setting(2, "game points for a win", at_least(0), small)
    skunk_points: int = setting(3, "game points for a skunk win", at_least(0), small)
    double_skunk_points: int = setting(3, "game points for a double-skunk win", at_least(0), small)
    skunk_margin: int = setting(31, "winning margin that is a skunk", at_least(1), small)
    double_skunk_margin: int = setting(61, "winning margin that is a double skunk", at_least(1), small)
    forfeit_points: int = setting(2, "game points for a forfeit win", at_least(0), small)
    forfeit_spread: int = setting(10, "spread for a forfeit win", at_least(0), small)
    bye_points: int = setting(2, "game points for a bye", at_least(0), small)
    bye_spread: int = setting(0, "spread for the bye", at_least(0), small)
    muggins: bool = setting(False, "muggins is played")
    best_of: int = setting(3, "playoff matches are best of N", odd, small)
    final_best_of: int = setting(5, "the final is best of N", odd, small)
    qualify_ratio: float = setting(0.25, "share of entrants who make the cut", finite, between(1e-9, 1))
    first_dealer: str = setting("cut", "who deals first in each playoff game: cut, loser (of the last game) or alternate",
                                one_of(lambda: DEALER_RULES))
    prize_fund: int = setting(0, "prize fund to share by the payout table (0: the entry fees less the house's share)",
                              at_least(0), money=True)
    entry_fee: int = setting(0, "entry fee per entrant", at_least(0), money=True)
    house_share: float = setting(0.0, "percentage of the entry fees the house keeps", finite, between(0, 100))
    payouts: str = setting("", "percentages per place, e.g. 40,25,12.5,12.5", payout_table)
    high_nonqualifier_prize: int = setting(0, "prize for the best-ranked player who missed the cut", at_least(0), money=True)
    high_nonqualifier_from_fund: bool = setting(False, "the high non-qualifier's prize comes out of the prize fund (else on top of it)")
    sanctioning_fee: int = setting(0, "sanctioning fee per entrant (paid to the sanctioning body)", at_least(0), money=True)
    check_in: bool = setting(False, "entrants check in (at the door or from their link) before game 1 is paired")
    public_url: Optional[str] = setting(None, "the address of the event's live pages (serve or publish): table sheets"
                                        " and standings print it as a QR code", web_address)
    avoid_same_club_games: int = setting(0, "keep players of the same club apart for the first N games (when pairing allows)",
                                         at_least(0), small)
    grand_final_reset: bool = setting(True, "double elimination: a second final if the losers' side wins the first",
                                      flag="--grand-final-reset/--no-grand-final-reset")
    acc_event: str = setting("none", "an ACC-sanctioned event earning Master Rating Points: main, consolation or none"
                             " (a consolation event defaults to consolation)", one_of(lambda: ACC_EVENTS))
    fund_from: str = setting("entrants", "the prize fund follows the entrants who played (entrants) or what was paid (paid)",
                             one_of(lambda: FUND_FROM))
    currency: str = setting("$", "the currency sign shown with amounts", plain_text(5))

    def completed(self, given: frozenset[str] = frozenset()) -> "EventSettings":
        """Defaults that follow the variant, for the settings not ``given``: a team
        game's sides are pairs, and the skunk lines of a game not to 121. Every
        rule sheet defines the skunk as a win by 31 or more, whatever the target:
        in five-card's game to 61 that is the old lurch (the loser short of 31) and
        there is no double skunk (the double-skunk line is put past the target,
        where no game reaches). Noddy's game to 31 cannot be won by 31 (bar a
        shut-out), so its lines stay the ACC's scaled to the target: 8 and 16."""
        variant = get_variant(self.variant)
        changes: dict[str, Any] = {}
        if variant.teams and self.team_size == 1 and "team_size" not in given:
            changes["team_size"] = 2
        if variant.min_players == 3 and self.sides == 2 and "sides" not in given:
            changes["sides"] = 3  # three-player: three at a table
        target = variant.game_target
        lines_given = {"skunk_margin", "double_skunk_margin"} & given
        if target != 121 and (self.skunk_margin, self.double_skunk_margin) == (31, 61) and not lines_given:
            if target > 31:
                changes["double_skunk_margin"] = target + 1  # no double skunk
            else:
                changes["skunk_margin"] = round(31 * target / 121)
                changes["double_skunk_margin"] = round(61 * target / 121)
        return dataclasses.replace(self, **changes) if changes else self

    def scoring_rules(self) -> ScoringRules:
        """The rules that turn scores into game points: these settings, and the
        target the variant plays to."""
        variant = get_variant(self.variant)
        return ScoringRules(
            target=variant.game_target, target_loses=variant.reaching_target_loses, win_points=self.win_points,
            skunk_points=self.skunk_points, double_skunk_points=self.double_skunk_points, skunk_margin=self.skunk_margin,
            double_skunk_margin=self.double_skunk_margin, forfeit_points=self.forfeit_points,
            forfeit_spread=self.forfeit_spread, bye_points=self.bye_points, bye_spread=self.bye_spread,
        )

    def check(self) -> None:
        """Checks across settings, on the whole set after any change."""
        variant = get_variant(self.variant)
        if self.sides == 3:
            self._check_three_sides()
            return
        if variant.min_players > 2 and not variant.teams:
            raise CribError(f"{variant.name} seats three players at a table: sides must be 3, not {self.sides}")
        seated = 2 * self.team_size
        if variant.teams and not (self.team_size > 1 and variant.min_players <= seated <= variant.max_players):
            sizes = sorted({n // 2 for n in range(max(4, variant.min_players), variant.max_players + 1) if n % 2 == 0})
            raise CribError(f"{variant.name} is played by teams of {' or '.join(map(str, sizes))}, not {self.team_size}")
        if not variant.teams and self.team_size != 1:
            raise CribError(f"{variant.name} is played one against one; teams need four-player, canadian-doubles or partners")
        self._check_lines()

    def _check_lines(self) -> None:
        if not self.win_points <= self.skunk_points <= self.double_skunk_points:
            raise CribError(f"a skunk cannot be worth less than a plain win: win_points {self.win_points} <= "
                            f"skunk_points {self.skunk_points} <= double_skunk_points {self.double_skunk_points}")
        if self.double_skunk_margin <= self.skunk_margin:
            raise CribError("double_skunk_margin must be larger than skunk_margin")
        target = get_variant_target(self.variant)
        if self.skunk_margin >= target:
            raise CribError(f"skunk_margin {self.skunk_margin} cannot be reached in a game to {target}")

    def _check_three_sides(self) -> None:
        """Three sides at a table: three players (three-player, noddy), or partners as
        three teams of two (six players). Backward has no rule for three places."""
        variant = get_variant(self.variant)
        if variant.reaching_target_loses:
            raise CribError(f"{variant.name} is played head to head in events (sides=2): three places have no rule there")
        if variant.teams:
            if variant.name != "partners" or self.team_size != 2:
                raise CribError(f"three sides of partners are three teams of two (--variant partners --team-size 2 --sides 3);"
                                f" {variant.name} with teams of {self.team_size} seats two sides")
        elif not variant.min_players <= 3 <= variant.max_players:
            raise CribError(f"{variant.name} is played by two: sides must be 2, not 3")

        if not FORMATS[self.format].three_sided:
            allowed = ", ".join(name for name, f in FORMATS.items() if f.three_sided)
            raise CribError(f"three-sided events play qualifying games placed by the standings (format {allowed}),"
                            f" not {self.format}")
        self._check_lines()


@record  # made on first use: only league commands use it (1.8 ms of every other command's start-up)
class LeagueSettings:
    """A club league's settings."""

    season: Optional[str] = setting(None, "the season, e.g. 2026-27", plain_text(40))
    games_per_night: int = setting(9, "games each night", between(1, 30))
    threshold: int = setting(12, "game points a night needs to score (grass-roots, acc-internet)", at_least(0), small)
    formula: str = setting("grass-roots", "grass-roots, acc-internet, game-points or placing", one_of(_formulas))
    place_points: str = setting(DEFAULT_PLACE_POINTS, "placing: points for 1st, 2nd, ...", place_points)
    drop_worst: int = setting(0, "drop each player's N worst nights", at_least(0), small)
    drop_absences_first: bool = setting(False, "nights a member missed count as the first of the dropped nights")
    best_of_nights: Optional[int] = setting(None, "count only each player's best N nights", at_least(1), small)
    guest_limit: int = setting(4, "nights a guest may play before being listed apart", at_least(0), small)
    skunk_pot: float = setting(1.0, "paid into the pot per skunk taken", finite, at_least(0), to_the_cent)
    public_url: Optional[str] = setting(None, "the address of the league's live page: the season sheet prints it as a QR code",
                                        web_address)

    def completed(self, given: frozenset[str] = frozenset()) -> "LeagueSettings":
        """No league default depends on another setting."""
        return self

    def check(self) -> None:
        pass


@functools.cache
def _kinds(schema: type) -> dict[str, type]:
    """Each field's value type, Optional[...] unwrapped (read once: every command's start-up pays for it)."""
    kinds = {}
    for name, hint in get_type_hints(schema).items():
        args = [a for a in get_args(hint) if a is not type(None)]
        kinds[name] = args[0] if args else hint
    return kinds


def value_type(schema: type, name: str) -> type:
    """int, float, str or bool."""
    return _kinds(schema)[name]


def names(schema: type) -> list[str]:
    """The fields' names in order, read off the class body (a record schema is not made for them)."""
    return list(schema.__annotations__)


_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}
_NONE = {"", "none", "all"}


def parse_value(schema: type, name: str, raw: str) -> Any:
    """A value typed on the command line (`event set games=9`)."""
    kind = value_type(schema, name)
    text = raw.strip()
    if is_money(schema, name):
        return parse_money(text, name)
    optional = next(f for f in fields(schema) if f.name == name).default is None
    if optional and text.lower() in _NONE and kind is not str:
        return None
    if kind is bool:
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise CribError(f"setting {name} needs on or off, not '{raw}'")
    if kind is int:
        if not (text.lstrip("+-").isascii() and text.lstrip("+-").isdigit()) or len(text) > 12:
            raise CribError(f"setting {name} needs a whole number, not '{raw}'")
        return int(text)
    if kind is float:
        try:
            if not re.fullmatch(r"[+-]?[0-9]{1,12}(?:\.[0-9]{1,12})?", text):  # float() takes 1e1, inf, nan: not as typed here
                raise ValueError
            return float(text)
        except ValueError:
            raise CribError(f"setting {name} needs a number, not '{raw}'") from None
    if optional and text == "":
        return None
    return text


def parse_pairs(schema: type, pairs: list[str]) -> dict[str, Any]:
    """SETTING=VALUE pairs; a setting named twice (sides=3 sides=2) is refused,
    not settled by whichever came last."""
    changes: dict[str, Any] = {}
    for pair in pairs:
        key, value = parse_pair(schema, pair)
        if key in changes:
            raise CribError(f"setting {key} is given twice")
        changes[key] = value
    return changes


def parse_pair(schema: type, pair: str) -> tuple[str, Any]:
    if "=" not in pair:
        raise CribError(f"'{pair}' is not SETTING=VALUE")
    key, raw = pair.split("=", 1)
    key = key.strip().lower().replace("-", "_")
    if key not in names(schema):
        kind = "league setting" if schema is LeagueSettings else "setting"
        raise CribError(f"unknown {kind} '{key}' (settings: {', '.join(names(schema))})")
    return key, parse_value(schema, key, raw)


def build(schema: type, values: dict[str, Any], given: set[str] | None = None) -> Any:
    """A checked settings object from a full or partial dict (the rest default).
    Settings that follow others are filled in unless ``given`` (default: every key
    of ``values``): a value typed out is kept, and refused if it does not fit."""
    for f in fields(schema):
        if f.name not in values:
            continue
        value = values[f.name]
        if value is None:
            continue
        kind = value_type(schema, f.name)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            values[f.name] = value = float(value)
        for check in f.metadata["checks"]:
            check(f.name, value)
    if "variant" in values and values["variant"] is not None:
        values["variant"] = get_variant(values["variant"]).name
    unknown = set(values) - set(names(schema))
    if unknown:
        raise CribError(f"unknown setting '{sorted(unknown)[0]}'")
    built = schema(**values).completed(frozenset(values if given is None else given))
    built.check()
    return built


def changed(settings: Any, changes: dict[str, Any]) -> Any:
    """The settings with ``changes`` applied, every check run again (settings that
    follow the changed ones are filled in again unless changed too)."""
    return build(type(settings), dataclasses.asdict(settings) | changes, given=set(changes))


def as_dict(settings: Any) -> dict[str, Any]:
    return dataclasses.asdict(settings)


def shown(settings: Any) -> dict[str, Any]:
    """The settings as people read them: amounts as 12.50, not cents."""
    values = dataclasses.asdict(settings)
    for f in fields(type(settings)):
        if f.metadata.get("money"):
            values[f.name] = format_money(values[f.name])
    return values


def shown_pairs(schema: type, changes: Any) -> str:
    """SETTING=VALUE pairs as the director typed them: an amount as 10.00, never its cents.

    >>> shown_pairs(EventSettings, {"high_nonqualifier_prize": 1000, "games": 9})
    'high_nonqualifier_prize=10.00, games=9'
    """
    pairs = changes.items() if isinstance(changes, dict) else changes
    return ", ".join(f"{k}={format_money(v) if is_money(schema, k) else v}" for k, v in pairs)


def is_money(schema: type, name: str) -> bool:
    return bool(next(f for f in fields(schema) if f.name == name).metadata.get("money", False))


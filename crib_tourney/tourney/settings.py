"""Event settings: names, defaults (ACC rules) and validation."""

from __future__ import annotations

from typing import Any

from crib_tourney.engine.variants import get_variant
from crib_tourney.errors import CribError

FORMATS = ("acc", "round-robin", "single-elim", "double-elim")
DEALER_RULES = ("cut", "loser", "alternate")

# name -> (type, description). Defaults live on the Event table.
SETTINGS: dict[str, tuple[type, str]] = {
    "date": (str, "date of play (YYYY-MM-DD)"),
    "location": (str, "where it is played"),
    "games": (int, "qualifying games per player"),
    "variant": (str, "rule set of the games"),
    "format": (str, "acc (qualifying, cut, bracket), round-robin, single-elim or double-elim"),
    "win_points": (int, "game points for a win"),
    "skunk_points": (int, "game points for a skunk win"),
    "double_skunk_points": (int, "game points for a double-skunk win"),
    "skunk_margin": (int, "winning margin that is a skunk"),
    "double_skunk_margin": (int, "winning margin that is a double skunk"),
    "forfeit_points": (int, "game points for a forfeit win"),
    "forfeit_spread": (int, "spread for a forfeit win"),
    "bye_points": (int, "game points for sitting out (the bye)"),
    "bye_spread": (int, "spread for the bye"),
    "muggins": (bool, "muggins is played"),
    "best_of": (int, "playoff matches are best of N"),
    "final_best_of": (int, "the final is best of N"),
    "qualify_ratio": (float, "share of entrants who make the cut"),
    "first_dealer": (str, "who deals first in each playoff game: cut, loser (of the last game) or alternate"),
    "prize_fund": (float, "prize fund to share by the payout table"),
    "payouts": (str, "percentages per place, e.g. 40,25,12.5,12.5"),
    "grand_final_reset": (bool, "double elimination: a second final if the losers' side wins the first"),
}

# ACC defaults; new-event's options start from the same values.
DEFAULTS: dict[str, Any] = {
    "date": None, "location": None, "games": 7, "variant": "standard", "format": "acc",
    "win_points": 2, "skunk_points": 3, "double_skunk_points": 3, "skunk_margin": 31,
    "double_skunk_margin": 61, "forfeit_points": 2, "forfeit_spread": 10, "bye_points": 2,
    "bye_spread": 0, "muggins": False, "best_of": 3, "final_best_of": 5, "qualify_ratio": 0.25,
    "first_dealer": "cut", "prize_fund": 0.0, "payouts": "", "grand_final_reset": True,
}

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


def parse_setting(name: str, raw: str) -> Any:
    key = name.strip().lower().replace("-", "_")
    if key not in SETTINGS:
        raise CribError(f"unknown setting '{name}' (settings: {', '.join(SETTINGS)})")
    kind = SETTINGS[key][0]
    try:
        if kind is bool:
            if raw.lower() in _TRUE:
                return key, True
            if raw.lower() in _FALSE:
                return key, False
            raise ValueError
        return key, kind(raw)
    except ValueError:
        raise CribError(f"setting {key} needs {kind.__name__}, not '{raw}'") from None


def validate_settings(values: dict[str, Any]) -> dict[str, Any]:
    """Check a full or partial settings dict; returns it with names normalised."""
    v = values
    if "games" in v and not 1 <= v["games"] <= 60:
        raise CribError(f"games must be 1 to 60, not {v['games']}")
    if "variant" in v:
        variant = get_variant(v["variant"])
        if not variant.min_players <= 2 <= variant.max_players or variant.teams:
            raise CribError(f"{variant.name} cannot be an event's game: tables seat two players, head to head")
        v["variant"] = variant.name
    if "format" in v and v["format"] not in FORMATS:
        raise CribError(f"unknown format '{v['format']}' (formats: {', '.join(FORMATS)})")
    for key in ("win_points", "skunk_points", "double_skunk_points", "forfeit_points", "forfeit_spread", "bye_points", "bye_spread"):
        if key in v and v[key] < 0:
            raise CribError(f"{key} cannot be negative ({v[key]})")
    for key in ("skunk_margin", "double_skunk_margin"):
        if key in v and v[key] < 1:
            raise CribError(f"{key} must be at least 1 ({v[key]})")
    for key in ("best_of", "final_best_of"):
        if key in v and (v[key] < 1 or v[key] % 2 == 0):
            raise CribError(f"{key} must be an odd number of games, not {v[key]}")
    if "qualify_ratio" in v and not 0 < v["qualify_ratio"] <= 1:
        raise CribError(f"qualify_ratio must be above 0 and at most 1, not {v['qualify_ratio']}")
    if "first_dealer" in v and v["first_dealer"] not in DEALER_RULES:
        raise CribError(f"first_dealer must be one of {', '.join(DEALER_RULES)}, not '{v['first_dealer']}'")
    if "prize_fund" in v and v["prize_fund"] < 0:
        raise CribError(f"prize_fund cannot be negative ({v['prize_fund']})")
    if "payouts" in v:
        from crib_tourney.tourney.bracket import parse_payouts

        parse_payouts(v["payouts"])
    if "date" in v and v["date"]:
        from datetime import date

        try:
            date.fromisoformat(v["date"])
        except ValueError:
            raise CribError(f"date must be YYYY-MM-DD, not '{v['date']}'") from None
    return v


def check_consistent(settings: dict[str, Any]) -> None:
    """Checks across settings, on the event's full settings after a change."""
    if settings["double_skunk_margin"] <= settings["skunk_margin"]:
        raise CribError("double_skunk_margin must be larger than skunk_margin")
    target = get_variant(settings["variant"]).game_target
    if settings["skunk_margin"] >= target:
        raise CribError(f"skunk_margin {settings['skunk_margin']} cannot be reached in a game to {target}")

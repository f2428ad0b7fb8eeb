"""What a phone's report is, whatever it reports (a qualifying game, a table of
three, a playoff match game, a check-in): whom the link belongs to, the refusal of
a report the game's state does not allow now, and the scores a "who won, and the
loser's score" report stands for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from crib_tourney.errors import CribError
from crib_tourney.store.rows import Entry, Event

WINNERS = ("me", "opponent")
KEY_LENGTH = 100  # an idempotency key: 1 to 100 printable ASCII characters


class Conflict(CribError):
    """A report the game's state does not allow now (the web answers 409)."""


@dataclass(frozen=True)
class Holder:
    """Whom a live personal link belongs to."""

    event: Event
    entry: Entry
    name: str


class WonOrLost(Protocol):
    """A report of who won and the other score."""

    @property
    def winner(self) -> str: ...

    @property
    def score(self) -> int: ...


def scores_of(report: WonOrLost, rules_target: int, backward: bool) -> tuple[int, int]:
    """(my score, opponent's score) of a report: the winner's score is the event's
    target (in a backward event, where reaching it loses, the loser's is)."""
    if backward and report.score >= rules_target:  # the phone sent the loser's score, the target itself
        raise CribError(f"in this backward game the loser is the one who reached {rules_target}:"
                        f" send the winner's score, under {rules_target}")
    winner, loser = (rules_target, report.score) if not backward else (report.score, rules_target)
    return (winner, loser) if report.winner == "me" else (loser, winner)


@dataclass(frozen=True)
class Key:
    """A report's idempotency key: 1 to KEY_LENGTH printable ASCII characters."""

    text: str


def idempotency_key(key: object) -> Key:
    """An idempotency key, or a CribError saying what one must be."""
    if not isinstance(key, str) or not 1 <= len(key) <= KEY_LENGTH or not all(" " < c <= "~" for c in key):
        raise CribError(f"key must be 1 to {KEY_LENGTH} printable ASCII characters (a new one for each new entry)")
    return Key(key)

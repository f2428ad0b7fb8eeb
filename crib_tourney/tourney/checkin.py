"""Check-in at the door, pure: who must still check in before a game is paired,
and what an entrant has paid after the desk records a payment.

An entrant who has withdrawn never needs to check in, and a late entrant only
from the game he joins at. With the event's ``check_in`` setting off nobody is
waited for.

>>> from types import SimpleNamespace as E
>>> field = [E(id=1, checked_in=True, withdrawn_after=None, first_game=1),
...          E(id=2, checked_in=False, withdrawn_after=None, first_game=1),
...          E(id=3, checked_in=False, withdrawn_after=0, first_game=1),
...          E(id=4, checked_in=False, withdrawn_after=None, first_game=3)]
>>> missing(field, game=1), missing(field, game=3)
([2], [2, 4])
>>> waiting_for(field, check_in=True, game=1), waiting_for(field, check_in=False, game=1)
([2], [])
>>> paid_after(Payment(fee=True), entry_fee=2500), paid_after(Payment(cents=1000), 2500), paid_after(Payment(), 2500)
(2500, 1000, None)
"""

from __future__ import annotations

from typing import Iterable, Protocol

from crib_tourney.records import record


class AtTheDoor(Protocol):
    """What check-in reads of an entry (store.rows.Entry has it)."""

    @property
    def id(self) -> int: ...
    @property
    def checked_in(self) -> bool: ...
    @property
    def withdrawn_after(self) -> int | None: ...
    @property
    def first_game(self) -> int: ...


def expected(entry: AtTheDoor, game: int) -> bool:
    """Whether an entrant plays game ``game``: not withdrawn, and entered by then."""
    return entry.withdrawn_after is None and entry.first_game <= game


def missing(entries: Iterable[AtTheDoor], game: int = 1) -> list[int]:
    """The entries expected at game ``game`` who have not checked in, in the order given."""
    return [e.id for e in entries if expected(e, game) and not e.checked_in]


def waiting_for(entries: Iterable[AtTheDoor], check_in: bool, game: int) -> list[int]:
    """Whom pairing game ``game`` must wait for: with the event's ``check_in``
    setting on, game 1 waits for every entrant expected who is not checked in
    (later games pair whoever is entered; a late entrant checks in as he enters).
    `round` refuses game 1 while this is not empty, unless told to go on."""
    return missing(entries, game) if check_in and game == 1 else []


@record
class Payment:
    """What the desk records: the event's entry fee (``fee``), an amount in cents,
    or, neither, that nothing is paid (a payment cleared)."""

    cents: int | None = None
    fee: bool = False

    def __post_init__(self) -> None:
        assert not (self.fee and self.cents is not None)


def paid_after(payment: Payment, entry_fee: int) -> int | None:
    """What the entrant has paid once the payment is recorded (None: not paid)."""
    if payment.fee:
        return entry_fee
    return payment.cents


def withdrew_when(after_game: int) -> str:
    """When an entrant withdrew, in words: 'after game 3', or 'before game 1' for
    one who withdrew before playing (not 'after game 0')."""
    return f"after game {after_game}" if after_game else "before game 1"

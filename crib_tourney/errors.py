"""The project's exceptions. Each carries the one-line message a user should see."""

import re


class CribError(Exception):
    """A domain error: bad input or an impossible request. The CLI prints its
    message on one line and exits 1."""


class CardError(CribError):
    """A card token that is not a card, or a card used twice."""


class PlayError(CribError):
    """A pegging sequence that cannot have happened."""


class VariantError(CribError):
    """An unknown variant, or a request the variant does not allow."""


class NotFound(CribError):
    """A named player, event or game that does not exist."""


class Ambiguous(CribError):
    """A name that matches more than one record."""


class GameError(CribError):
    """A whole game's record (its deals, hands and play) that is malformed or cannot have happened."""


class AlreadyRecorded(CribError):
    """A result or card already entered. Correcting it takes a replace, which each
    way in spells its own way: --replace, or a quick-results line ending in replace."""

    def __init__(self, what: str) -> None:
        super().__init__(f"{what}; use --replace to correct it")
        self.what = what


class Stale(CribError):
    """An action taken on what a page or a director saw, when something newer has
    arrived since (the web answers 409): e.g. undo of change #56 when #57 is newest."""


CLIP_WORD = 256  # a word (a card, a name) longer than this is shown by its start and its length (a path is rarely longer)
CLIP_LINE = 1000  # and a message longer than this by its start and its end


def clipped(message: str) -> str:
    """A message fit to show on one line: a refusal that names what it refused
    echoed a 200,000-character card or a 100,000-character name whole.

    >>> clipped("no player '" + "x" * 100_000 + "'")
    "no player 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (100000 characters)'"
    >>> clipped("no player Ann Lee")
    'no player Ann Lee'
    """
    if len(message) <= CLIP_LINE and all(len(w) <= CLIP_WORD for w in message.split()):
        return message

    short = re.sub(r"[^\s'\"]{%d,}" % (CLIP_WORD + 1), lambda m: f"{m.group(0)[:30]}... ({len(m.group(0))} characters)", message)
    return short if len(short) <= CLIP_LINE else f"{short[:CLIP_LINE - 300]} ... {short[-290:]}"

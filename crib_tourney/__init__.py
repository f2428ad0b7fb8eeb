"""crib-tourney: run cribbage tournaments and leagues from the command line."""

__version__ = "0.1.0"

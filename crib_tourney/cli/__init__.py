"""The Typer command-line layer: parse arguments, open one transaction, call the
core, print. No rules live here. One command per module (cli/app.py lists them).

The command modules do not use ``from __future__ import annotations``: Typer reads
each command's annotations when it builds the command, and strings it must eval one
by one (6 ms of every command's start-up); evaluated where the function is defined
they cost nothing more. Names imported only for type checking are quoted instead
(tests/cli/test_startup.py checks both).
"""

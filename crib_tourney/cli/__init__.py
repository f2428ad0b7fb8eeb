"""The Typer command-line layer: parse arguments, open one transaction, call the
core, print. No rules live here."""

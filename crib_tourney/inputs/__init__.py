"""What people type, turned into values the services take: names into ids
(names.py), money into cents (money.py), cards into Cards (cards.py), CSV rows
into typed records (csvrows.py). Shared by the CLI and the web, so a name, an
amount or a card means the same wherever it is typed."""

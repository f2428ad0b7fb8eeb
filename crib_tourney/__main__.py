from crib_tourney.cli.app import main

main()

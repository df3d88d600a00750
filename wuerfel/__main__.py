from wuerfel.cli.main import main

main()

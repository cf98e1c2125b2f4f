"""`python -m pavilion` runs the command line."""

from pavilion.cli import main

main()

"""The command line (`pavilion …`), the top of the package: one module per
command group (`root` holds the root group and Summer Pavilion's commands,
`akropolis` the `pavilion akropolis` group), their shared options and the
one-line errors (`common`)."""

from pavilion.cli.root import main

__all__ = ["main"]

"""What every `pavilion` command shares, whatever the game: one clear error line
and exit code 2 for bad input, the console, the seed option's range."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console

from pavilion._engine.text import escape_controls

console = Console(highlight=False)

SEED = click.IntRange(0, 2**64 - 1)


#: Longest error line printed; the engine already cuts any quoted input to QUOTE_MAX characters.
MAX_ERROR = 400


class InputError(click.ClickException):
    """Bad input from the user: one clear line, exit code 2."""

    exit_code = 2


def one_line(message: str) -> str:
    """An error message as one safe line: controls escaped, length bounded."""
    text = escape_controls(" ".join(message.split()))
    return text if len(text) <= MAX_ERROR else text[: MAX_ERROR - 1] + "…"


class PavilionGroup(click.Group):
    """Every error, click's own usage errors included, is one `Error:` line and exit code 2."""

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:  # `pavilion` alone prints the help
            click.echo(e.ctx.get_help())
            sys.exit(0)
        except click.UsageError as e:
            hint = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
            click.echo(f"Error: {one_line(e.format_message())}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as e:
            click.echo(f"Error: {one_line(e.format_message())}", err=True)
            sys.exit(2)
        except click.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        except ValueError as e:  # the engine's NotationError/OptionsError/IllegalMoveError: bad input
            click.echo(f"Error: {one_line(str(e))}", err=True)
            sys.exit(2)
        sys.exit(code if isinstance(code, int) else 0)

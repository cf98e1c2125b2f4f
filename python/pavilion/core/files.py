"""Reading and writing the user's files safely.

- Every file or stdin read goes through `read_input`: at most `MAX_INPUT_BYTES`
  (a position is ~2 KB, a record ~10 KB), strict UTF-8, one clear error.
- Every save goes through `save_text`: written to a temporary file and renamed
  into place, so a crash never leaves half a file; an existing file is only
  replaced when `may_replace` says its content is ours to replace (an earlier
  state of the same game), otherwise the text goes to the first free numbered
  name (`game-2.json`, `game-3.json`, …). The caller is told the exact path.
- Text that came from a file or the user is shown through `shown`: control
  characters escaped (no escape sequence reaches the terminal) and Rich markup
  taken literally.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.markup import escape as escape_markup

from pavilion._engine import NotationError, OptionsError
from pavilion._engine.text import escape_controls

#: Largest file (or stdin) any command reads: 4 MiB.
MAX_INPUT_BYTES = 4 * 1024 * 1024


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


#: The process's umask, read once (reading it means setting it).
UMASK = _umask()


class SaveError(OSError):
    """A save that could not be written anywhere; the message says why."""


def shown(text: str) -> str:
    """User or file text made safe to print inside Rich markup."""
    return escape_markup(escape_controls(text))


#: Most characters of a file name an error message repeats (names are the user's own, so longer than QUOTE_MAX).
MAX_SHOWN_PATH = 200


def quote_path(path: str) -> str:
    """A file name as messages show it: quoted, controls escaped, very long names cut."""
    cut = path if len(path) <= MAX_SHOWN_PATH else path[:MAX_SHOWN_PATH] + "…"
    return f"'{escape_controls(cut)}'"


def read_input(path: str, what: str) -> str:
    """The text of file `path` (`-` for stdin), or NotationError naming the problem."""
    name = "standard input" if path == "-" else quote_path(path)
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read(MAX_INPUT_BYTES + 1) if stream else sys.stdin.read(MAX_INPUT_BYTES + 1).encode()
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise NotationError(f"cannot read {what} {name}: {e.strerror or e}") from None
    except ValueError as e:  # e.g. an embedded NUL in the path
        raise NotationError(f"cannot read {what} {name}: {e}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise NotationError(f"{what} {name} is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise NotationError(f"{what} {name} is not UTF-8 text (byte {e.start})") from None


def parse_json(text: str, what: str) -> Any:
    """JSON from a file, or NotationError naming `what`: malformed text, nesting too deep
    for Python's parser, or a number too long to read are bad input like any other."""
    try:
        return json.loads(text)
    except RecursionError:
        raise NotationError(f"{what}: nested too deeply") from None
    except ValueError as e:  # malformed JSON, or a number longer than Python reads
        raise NotationError(f"{what}: not JSON ({str(e)[:120]})") from None


def check_writable(path: str) -> None:
    """Raises SaveError now if a file could never be written at `path`."""
    if not path or "\x00" in path:
        raise SaveError(f"{quote_path(path)} is not a file name")
    p = Path(path)
    if p.is_dir():
        raise SaveError(f"{quote_path(path)} is a directory")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise SaveError(f"cannot write {quote_path(path)}: the folder {quote_path(str(parent))} does not exist")
    if not os.access(parent, os.W_OK):
        raise SaveError(f"cannot write {quote_path(path)}: the folder {quote_path(str(parent))} is not writable")


def numbered(path: Path, n: int) -> Path:
    """`game.json`, 2 → `game-2.json`."""
    return path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")


def _write_at(path: Path, text: str | bytes, replace: bool) -> bool:
    """Writes atomically; without `replace`, only if nothing is at `path` (False otherwise)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent if str(path.parent) else ".")
    try:
        os.fchmod(fd, 0o666 & ~UMASK)  # mkstemp makes it private; a saved file gets the usual rights
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode() if isinstance(text, str) else text)
            f.flush()
            os.fsync(f.fileno())
        if replace:
            os.replace(tmp, path)
            return True
        try:
            os.link(tmp, path)  # fails if the name is taken: no check-then-write race
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links
            if path.exists():
                return False
            os.replace(tmp, path)
            return True
        return True
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def check_folder(path: Path) -> None:
    """Raises OptionsError now if the folder `path` could not be made or written
    into, without making it: for work that reads long before it writes."""
    if "\x00" in str(path):
        raise OptionsError(f"{quote_path(str(path))} is not a folder name")
    _refuse_a_file(path)
    # The nearest part of the path that exists must be a folder we may write into.
    there = path.absolute()
    while not there.exists() and there != there.parent:
        there = there.parent
    if not there.is_dir():
        raise OptionsError(f"cannot make the folder {quote_path(str(path))}: {quote_path(str(there))} is not a folder")
    if not os.access(there, os.W_OK | os.X_OK):
        raise OptionsError(f"cannot make the folder {quote_path(str(path))}: {quote_path(str(there))} is not writable")


def _refuse_a_file(path: Path) -> None:
    """OptionsError if a file, not a folder, is at `path`, or if the path
    cannot even be looked up (a name too long for the file system)."""
    try:
        a_file = path.exists() and not path.is_dir()
    except OSError as e:
        raise OptionsError(f"cannot make the folder {quote_path(str(path))}: {e.strerror or e}") from None
    if a_file:
        raise OptionsError(f"{quote_path(str(path))} is a file, not a folder")


def make_folder(path: Path) -> None:
    """Makes the folder `path` (and its parents) unless it exists; OptionsError saying why it cannot."""
    _refuse_a_file(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OptionsError(f"cannot make the folder {quote_path(str(path))}: {e.strerror or e}") from None


def replace_atomically(path: Path, data: str | bytes) -> None:
    """Writes `data` at `path` whole or not at all (a crash leaves the old file or
    the new one), replacing what is there: for files the caller has checked are its own."""
    try:
        _write_at(path, data, replace=True)
    except (OSError, ValueError) as e:
        raise SaveError(f"cannot write {quote_path(str(path))}: {getattr(e, 'strerror', None) or e}") from None


def save_data(path: str, data: str | bytes, may_replace: Callable[[Path], bool] | None = None) -> Path:
    """Saves `data` at `path`, or at the first free numbered name if `path` holds
    something that `may_replace` (given the file) does not call ours to replace.
    Returns the path written; raises SaveError (with the reason) if nothing
    could be written."""
    check_writable(path)
    base = Path(path)
    try:
        for n in range(1, 10_000):
            target = numbered(base, n)
            if target.is_dir():
                continue
            if target.is_file() and may_replace is not None and may_replace(target):
                _write_at(target, data, replace=True)
                return target
            if _write_at(target, data, replace=False):
                return target
    except (OSError, ValueError) as e:
        raise SaveError(f"cannot write {quote_path(path)}: {getattr(e, 'strerror', None) or e}") from None
    raise SaveError(f"cannot write {quote_path(path)}: every numbered name up to 9999 is taken")


def save_text(path: str, text: str, may_replace: Callable[[str], bool] | None = None) -> Path:
    """`save_data` for text, where `may_replace` judges the existing file's text
    (a file that is not readable text is never replaced)."""

    def ours(target: Path) -> bool:
        try:
            existing = read_input(str(target), "file")
        except NotationError:
            return False
        return may_replace is not None and may_replace(existing)

    return save_data(path, text, ours if may_replace is not None else None)


#: How a picture file starts: pictures may replace pictures, never anything else.
PICTURE_STARTS = (b"<svg", b"<?xml", b"\x89PNG\r\n\x1a\n")


def is_picture(target: Path) -> bool:
    with open(target, "rb") as f:
        return f.read(16).lstrip().startswith(PICTURE_STARTS)


def save_picture(path: str, data: bytes) -> Path:
    """Saves a picture (SVG or PNG bytes) at `path`, replacing an earlier
    picture there; anything else at `path` is kept and the picture goes to the
    first free numbered name. Returns the path written; SaveError otherwise."""
    return save_data(path, data, is_picture)


def save_somewhere(
    paths: list[str], text: str, may_replace: Callable[[str], bool] | None = None
) -> tuple[Path, list[str]]:
    """Tries each path in turn (then the temporary folder) until one save works.
    Returns the path written and the reasons the earlier ones failed."""
    failures: list[str] = []
    candidates = [*paths, str(Path(tempfile.gettempdir()) / Path(paths[-1]).name)]
    for p in candidates:
        try:
            return save_text(p, text, may_replace), failures
        except SaveError as e:
            failures.append(str(e))
    raise SaveError("; ".join(failures))

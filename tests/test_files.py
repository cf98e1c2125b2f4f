"""`pavilion.core.files`: capped reads, exact messages, atomic saves that never
replace another game, and the fallback save (`make mutants-py` found these
held only loosely by the CLI tests)."""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path

import pytest

import pavilion.core.files as files
from pavilion import NotationError
from pavilion.core.files import (
    MAX_INPUT_BYTES,
    MAX_SHOWN_PATH,
    SaveError,
    check_writable,
    parse_json,
    quote_path,
    read_input,
    save_somewhere,
    save_text,
)


def test_quote_path_cuts_only_names_past_the_limit():
    exact = "a" * MAX_SHOWN_PATH
    assert quote_path(exact) == f"'{exact}'"
    assert quote_path(exact + "b") == f"'{exact}…'"
    assert quote_path("x\x1by") == "'x\\x1by'"


def test_read_input_reads_files_up_to_the_cap(tmp_path):
    p = tmp_path / "f.txt"
    p.write_bytes(b"a" * MAX_INPUT_BYTES)
    assert len(read_input(str(p), "thing")) == MAX_INPUT_BYTES
    p.write_bytes(b"a" * (MAX_INPUT_BYTES + 1))
    with pytest.raises(NotationError) as e:
        read_input(str(p), "thing")
    assert str(e.value) == f"thing {quote_path(str(p))} is larger than 4 MiB"
    p.write_bytes("é".encode("latin-1"))
    with pytest.raises(NotationError) as e:
        read_input(str(p), "thing")
    assert str(e.value) == f"thing {quote_path(str(p))} is not UTF-8 text (byte 0)"
    with pytest.raises(NotationError) as e:
        read_input(str(tmp_path / "missing"), "game record")
    assert str(e.value) == f"cannot read game record {quote_path(str(tmp_path / 'missing'))}: No such file or directory"
    with pytest.raises(NotationError) as e:
        read_input("a\x00b", "thing")
    assert str(e.value).startswith("cannot read thing 'a\\x00b': ")


class BinaryStdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def test_read_input_reads_stdin_as_bytes_or_text_up_to_the_cap(monkeypatch):
    monkeypatch.setattr(sys, "stdin", BinaryStdin("héllo".encode()))
    assert read_input("-", "thing") == "héllo"
    monkeypatch.setattr(sys, "stdin", BinaryStdin(b"a" * MAX_INPUT_BYTES))
    assert len(read_input("-", "thing")) == MAX_INPUT_BYTES
    monkeypatch.setattr(sys, "stdin", BinaryStdin(b"a" * (MAX_INPUT_BYTES + 1)))
    with pytest.raises(NotationError) as e:
        read_input("-", "thing")
    assert str(e.value) == "thing standard input is larger than 4 MiB"
    # A text-only stdin (no .buffer), as some test runners and embedders give.
    monkeypatch.setattr(sys, "stdin", io.StringIO("plain"))
    assert read_input("-", "thing") == "plain"
    monkeypatch.setattr(sys, "stdin", io.StringIO("a" * MAX_INPUT_BYTES))
    assert len(read_input("-", "thing")) == MAX_INPUT_BYTES
    monkeypatch.setattr(sys, "stdin", io.StringIO("a" * (MAX_INPUT_BYTES + 1)))
    with pytest.raises(NotationError, match="larger than 4 MiB"):
        read_input("-", "thing")


def test_parse_json_names_what_it_read():
    assert parse_json('{"a": [1]}', "x") == {"a": [1]}
    with pytest.raises(NotationError) as e:
        parse_json("{", "score sheet")
    assert str(e.value).startswith("score sheet: not JSON (Expecting property name")
    with pytest.raises(NotationError) as e:
        parse_json("[" * 100_000, "record")
    assert str(e.value) == "record: nested too deeply"
    long = "1" * 5000
    with pytest.raises(NotationError) as e:
        parse_json("[" + long + "]", "record")
    message = str(e.value)
    assert message.startswith("record: not JSON (") and message.endswith(")")
    assert len(message) == len("record: not JSON ()") + 120, "the parser's reason is cut to 120 characters"


def test_check_writable_says_why_at_once(tmp_path):
    check_writable(str(tmp_path / "new.json"))
    for bad in ("", "a\x00b"):
        with pytest.raises(SaveError) as e:
            check_writable(bad)
        assert str(e.value) == f"{quote_path(bad)} is not a file name"
    with pytest.raises(SaveError) as e:
        check_writable(str(tmp_path))
    assert str(e.value) == f"{quote_path(str(tmp_path))} is a directory"
    missing = tmp_path / "nope" / "g.json"
    with pytest.raises(SaveError) as e:
        check_writable(str(missing))
    assert str(e.value) == (
        f"cannot write {quote_path(str(missing))}: the folder {quote_path(str(tmp_path / 'nope'))} does not exist"
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_check_writable_refuses_a_read_only_folder(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    with pytest.raises(SaveError) as e:
        check_writable(str(ro / "g.json"))
    assert (
        str(e.value)
        == f"cannot write {quote_path(str(ro / 'g.json'))}: the folder {quote_path(str(ro))} is not writable"
    )


def test_check_writable_refuses_a_read_only_folder_as_any_user(tmp_path, monkeypatch):
    monkeypatch.setattr(files.os, "access", lambda path, mode: False)
    with pytest.raises(SaveError) as e:
        check_writable(str(tmp_path / "g.json"))
    assert str(e.value).endswith(f"the folder {quote_path(str(tmp_path))} is not writable")


def test_a_bare_file_name_is_written_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    check_writable("g.json")
    assert save_text("g.json", "x") == Path("g.json") and (tmp_path / "g.json").read_text() == "x"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"], "no temporary file is left behind"


def test_saves_never_replace_another_file_and_number_instead(tmp_path):
    target = tmp_path / "g.json"
    target.write_text("someone else's")
    (tmp_path / "g-2.json").mkdir()  # a folder takes a name too
    written = save_text(str(target), "mine")
    assert written == tmp_path / "g-3.json" and written.read_text() == "mine"
    assert target.read_text() == "someone else's"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g-2.json", "g-3.json", "g.json"]


def test_a_save_replaces_only_what_may_replace_accepts(tmp_path):
    target = tmp_path / "g.json"
    target.write_text("old state")
    seen: list[str] = []

    def ours(existing: str) -> bool:
        seen.append(existing)
        return existing == "old state"

    assert save_text(str(target), "new state", may_replace=ours) == target
    assert target.read_text() == "new state" and seen == ["old state"]
    assert save_text(str(target), "other", may_replace=lambda _: False) == tmp_path / "g-2.json"
    assert target.read_text() == "new state"
    # An unreadable file is never ours: it is kept, and the save takes the next name.
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe")
    assert save_text(str(tmp_path / "bin.json"), "x", may_replace=lambda _: True) == tmp_path / "bin-2.json"
    assert (tmp_path / "bin.json").read_bytes() == b"\xff\xfe"


def test_a_failed_write_leaves_nothing_behind_and_says_why(tmp_path, monkeypatch):
    def broken(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", broken)
    with pytest.raises(SaveError) as e:
        save_text(str(tmp_path / "g.json"), "x")
    assert str(e.value) == f"cannot write {quote_path(str(tmp_path / 'g.json'))}: No space left on device"
    assert list(tmp_path.iterdir()) == [], "no half file, no temporary file"


def test_temporary_files_are_hidden_beside_the_target(tmp_path, monkeypatch):
    """The rename into place is atomic only within one folder."""
    made: list[dict] = []
    real = tempfile.mkstemp

    def spy(**kwargs):
        made.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(files.tempfile, "mkstemp", spy)
    save_text(str(tmp_path / "g.json"), "x")
    assert made == [{"prefix": ".g.json.", "suffix": ".tmp", "dir": tmp_path}]


def test_numbered_names_run_out_with_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "_write_at", lambda path, text, replace: False)
    with pytest.raises(SaveError) as e:
        save_text(str(tmp_path / "g.json"), "x")
    assert (
        str(e.value) == f"cannot write {quote_path(str(tmp_path / 'g.json'))}: every numbered name up to 9999 is taken"
    )


def test_save_somewhere_falls_back_in_order_and_reports_each_failure(tmp_path, monkeypatch):
    monkeypatch.setattr(files.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    bad1, bad2 = str(tmp_path / "x" / "g.json"), str(tmp_path / "y" / "g.json")
    written, failures = save_somewhere([bad1, bad2], "text")
    assert written == tmp_path / "tmp" / "g.json" and written.read_text() == "text"
    assert len(failures) == 2 and bad1 in failures[0] and bad2 in failures[1]
    (tmp_path / "ok.json").write_text("old")
    written, failures = save_somewhere([str(tmp_path / "ok.json")], "new", may_replace=lambda s: s == "old")
    assert written == tmp_path / "ok.json" and written.read_text() == "new" and failures == []
    monkeypatch.setattr(files.tempfile, "gettempdir", lambda: str(tmp_path / "gone"))
    with pytest.raises(SaveError) as e:
        save_somewhere([bad1], "text")
    assert str(e.value).count("cannot write") == 2 and "; " in str(e.value)


def test_a_folder_name_too_long_to_look_up_is_one_clear_error(tmp_path):
    # The file system refuses even to look the name up (ENAMETOOLONG): said as the folder's, never a traceback.
    from pavilion import OptionsError

    for name in ["a" * 5000, "a/" * 3000 + "x", "a" * 300 + "/x"]:
        for check in (files.check_folder, files.make_folder):
            with pytest.raises(OptionsError, match=r"^cannot make the folder '.*': File name too long$"):
                check(tmp_path / name)
    assert list(tmp_path.iterdir()) == [], "nothing was made"

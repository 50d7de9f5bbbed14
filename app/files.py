"""Reading the user's files (programs, input files) as text, with clear errors; loading a
program — the one way ``run``, ``exec`` and ``check`` all do it."""

from __future__ import annotations

import gc
import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable

from esodbg.engines.base import Diagnostic, ParseError
from esodbg.engines.language import Language


# bytes: the largest program or input file the editor servers read (4 Mi characters of 4 bytes each)
MAX_FILE = 16 * 1024 * 1024


class LoadError(Exception):
    """A file cannot be read as text; the message says which file and why, and ``line``/``col``
    (1-based) where its first undecodable byte is, if that is the reason (``undecodable``)."""

    def __init__(self, message: str, line: int = 1, col: int = 1, reason: str | None = None) -> None:
        super().__init__(message)
        self.line, self.col, self.reason = line, col, reason or message
        self.undecodable = reason is not None

    def diagnostic(self, file: str) -> Diagnostic:
        """The problem as a diagnostic at its position (1:1 for a file that cannot be read)."""
        return Diagnostic(file, self.line, self.col, self.reason)

    def parse_error(self, file: str) -> ParseError:
        """A file that is not text, as the parse error it is to ``check`` and ``exec --final-state``."""
        error = ParseError([self.diagnostic(file)])
        error.phase = "decode"  # type: ignore[attr-defined]  # as Stoned-Go's SourceError names it
        return error


def read_text(path: Path, what: str = "program",
              decode: Callable[[bytes], str] = lambda data: data.decode("utf-8-sig"), limit: int | None = None) -> str:
    """The file's text, decoded by ``decode`` (by default UTF-8, a leading BOM dropped).

    With ``limit`` (bytes; :data:`MAX_FILE` for the editor servers), only a regular file of at
    most ``limit`` bytes is read: a FIFO, a device or a directory is refused before it is opened,
    a bigger file before its bytes are read (the command line reads whatever it is given: a
    FIFO, ``/dev/stdin``).  Raises :class:`LoadError` naming the file (and line:col of the first
    byte that cannot be decoded) if it cannot be read or decoded."""
    try:
        data = path.read_bytes() if limit is None else _read_regular(path, what, limit)
    except OSError as error:
        raise LoadError(f"cannot read {what} {path}: {error.strerror}") from None
    except ValueError:  # a NUL in the name: no file has it
        raise LoadError(f"cannot read {what} {shown(path)!r}: a file name cannot hold a NUL character") from None
    try:
        return decode(data)
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        col = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        reason = f"{what} is not {error.encoding.upper()} text (byte 0x{data[error.start]:02x})"
        raise LoadError(f"{path}:{line}:{col}: {reason}", line, col, reason) from None


def _read_regular(path: Path, what: str, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes (see :func:`read_text`)."""
    def check(status: os.stat_result) -> None:
        if not stat.S_ISREG(status.st_mode):
            kind = "a directory" if stat.S_ISDIR(status.st_mode) else "a FIFO" if stat.S_ISFIFO(status.st_mode) \
                else "a device" if stat.S_ISCHR(status.st_mode) or stat.S_ISBLK(status.st_mode) else "not a file"
            raise LoadError(f"cannot read {what} {path}: it is {kind}, not a regular file")
        too_big(status.st_size)

    def too_big(size: int) -> None:
        if size > limit:
            raise LoadError(f"cannot read {what} {path}: it is over {limit:,} bytes, the most esodbg's editor "
                            "servers read (esodbg exec reads any size)")

    check(os.stat(path))  # before opening: opening a FIFO waits for a writer
    with open(path, "rb") as file:
        check(os.fstat(file.fileno()))  # the file opened is the file checked
        data = file.read(limit + 1)
    too_big(len(data))  # it grew after the check
    return data


def load_program(path: Path, language: Language, options: dict[str, Any]):
    """Read and parse the program at ``path`` with the language's ``options`` (its own options
    by :attr:`~esodbg.engines.language.Option.dest`).  Raises :class:`LoadError` for a file
    that cannot be read, :class:`~esodbg.engines.base.ParseError` for one that does not parse;
    the program's ``warnings`` are for the caller to show."""
    return language.parse(read_program(path, language), str(path), options)


def read_program(path: Path, language: Language, limit: int | None = None) -> str:
    """The text of the program file at ``path``, decoded as ``language`` reads its files;
    ``limit`` and :class:`LoadError` as :func:`read_text` has them."""
    return read_text(path, "program", lambda data: language.decode(data, str(path)), limit)


@contextmanager
def paused_gc():
    """No cyclic garbage collection inside: a big program's parse builds hundreds of thousands of
    small objects and hardly any cycles, and the collector would walk the growing heap again and
    again (a third of the first frame of a 1 MB Stoned-Go program)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def frozen_after():
    """:func:`paused_gc` while a big program loads, and what it built kept out of later
    collections (the collector would walk the program at every collection while it runs).  What
    was frozen by an earlier load is let go first, so that a program replaced (a reload) can be
    collected."""
    gc.unfreeze()
    try:
        with paused_gc():
            yield
    finally:
        gc.freeze()


def shown(name: str | Path) -> str:
    """A file name as the screen shows it: the bytes of a name that is not UTF-8 (which Python
    holds as lone surrogates, PEP 383) drawn as U+FFFD, never written raw to the terminal."""
    return os.fsencode(name).decode("utf-8", "replace")

"""Reading the user's files (programs, input files) as text, with clear errors."""

from __future__ import annotations

import os
from pathlib import Path


class LoadError(Exception):
    """A file cannot be read as UTF-8 text; the message says which file and why."""


def read_text(path: Path, what: str = "program") -> str:
    """The file's text, decoded as UTF-8 (a leading BOM dropped).

    Raises :class:`LoadError` naming the file (and line:col of the first byte that is not
    UTF-8) if it cannot be read or decoded."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise LoadError(f"cannot read {what} {path}: {error.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        col = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise LoadError(f"{path}:{line}:{col}: {what} is not UTF-8 text (byte 0x{data[error.start]:02x})") from None


def shown(name: str | Path) -> str:
    """A file name as the screen shows it: the bytes of a name that is not UTF-8 (which Python
    holds as lone surrogates, PEP 383) drawn as U+FFFD, never written raw to the terminal."""
    return os.fsencode(name).decode("utf-8", "replace")

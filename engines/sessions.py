"""Sessions that remember: a program file's breakpoints (every kind, with their condition, hit
condition, log message and enabled state), watches and notes, saved as JSON and restored when the
file is opened again.

One file per program (by its absolute path) under ``<state dir>/sessions/``; the state dir is
:func:`platformdirs.user_state_dir` for ``esodbg``, or ``$ESODBG_STATE_DIR`` when set (tests set
it, so they never touch the user's own).  A breakpoint is stored as the spec of its target
(:mod:`esodbg.engines.spec`: ``cell:puzzle:1,2/exec``, ``code:4``, ``data:acc``, ``event:output``;
a cell named as its language names it) with its filters as separate fields, so any condition and
log message comes back exactly as it was (a whole spec cannot always hold them: a condition ``a if
c else b`` would be cut at its ``if``, a log message's outer spaces would be lost).  When the
program has changed since, :func:`load` keeps what still makes sense in it — a command number in
range, a cell a breakpoint can still reach (not off a board that never grows: a 15 puzzle that
shrank), a data location it has, an event its language declares, expressions over names it has —
and says why it dropped the rest; a note is kept if the program is the same (its source's hash)
or if the new program's run is at the same place at the note's step (:func:`.notes.still_there`).
A file of format 1 (before each language named its cells its
own way) wrote cells as ``ROW,COL``: :func:`restore` reads its targets so.  Nothing here imports
Textual: the app calls :func:`load` and :func:`save`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

from .base import CellRef, read_pair
from .breakpoints import Breakpoint
from .debugger import Session
from .expressions import ExpressionError
from .language import Language
from .names import board_location
from .notes import Note, still_there
from .spec import format_spec, parse_spec
from .view import View

STATE_DIR_ENV = "ESODBG_STATE_DIR"
FORMAT = 2  # the version of the file's shape: 2 names cells as each language does, 1 as ROW,COL
FORMATS = (1, 2)  # the versions this esodbg reads
_FORMAT1_CELL = re.compile(r"cell:(?:([^:/,\s]+):)?\s*(-?\d+)\s*,\s*(-?\d+)\s*(/[\w+-]+)?\Z")
NAME_CHARS = 100  # at most this much of the program's name goes into its file's name (file names have a limit)
FILTERS = ("condition", "hit_condition", "log_message")  # a breakpoint's fields besides its target


def state_dir() -> Path:
    """Where esodbg keeps its state: ``$ESODBG_STATE_DIR``, else the platform's user state dir."""
    override = os.environ.get(STATE_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs  # only remembering sessions needs it

    return Path(platformdirs.user_state_dir("esodbg"))


def session_file(program: str | Path) -> Path:
    """The file remembering ``program``'s session: named after the program, made unique by a
    hash of its absolute path."""
    path = Path(program).resolve()
    digest = hashlib.sha256(os.fsencode(path)).hexdigest()[:16]
    return state_dir() / "sessions" / f"{path.name[:NAME_CHARS]}.{digest}.json"


def dump(program: str | Path, session: Session) -> dict | None:
    """What is remembered of ``session`` (a session of ``program``), as the JSON object the
    session file holds, or ``None`` when there is nothing to remember."""
    breakpoints = [_entry(bp, session) for bp in session.breakpoints]
    watches = [watch.text for watch in session.watches]
    notes = [{"step": note.step, "text": note.text, "at": note.at} for note in session.notes]
    if not breakpoints and not watches and not notes:
        return None
    return {"format": FORMAT, "program": str(Path(program).resolve()), "language": session.language.name,
            "breakpoints": breakpoints, "watches": watches, "notes": notes, "source": source_hash(session)}


def source_hash(session: Session) -> str:
    """A hash of the program's source: the notes of the same program need no checking."""
    return hashlib.sha256(session.program.source.encode("utf-8", "surrogatepass")).hexdigest()


def save(program: str | Path, session: Session) -> Path | None:
    """Remember ``session``'s breakpoints and watches for ``program``; returns the file written,
    or ``None`` when there is nothing to remember (a file from before is removed).  Raises
    ``OSError`` if the file cannot be written."""
    return write(program, dump(program, session))


def write(program: str | Path, data: dict | None) -> Path | None:
    """Remember ``data`` (what :func:`dump` gives) for ``program``, as :func:`save` does."""
    file = session_file(program)
    if data is None:
        file.unlink(missing_ok=True)
        return None
    file.parent.mkdir(parents=True, exist_ok=True)
    # Written whole, then renamed over the old one: a crash never leaves half a file.
    fd, temporary = tempfile.mkstemp(dir=file.parent, prefix=file.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=1)
        os.replace(temporary, file)
    except BaseException:
        os.unlink(temporary)
        raise
    return file


def _entry(bp: Breakpoint, session: Session) -> dict:
    """What the file keeps of ``bp``: its target's spec, its filters' texts (``None``: none)
    and whether it is enabled."""
    at = format_spec(Breakpoint(bp.at, bp.kinds), session.language)
    entry = {"at": at, "condition": bp.condition and bp.condition.text,
             "hit_condition": bp.hit_condition and str(bp.hit_condition),
             "log_message": bp.log_message and bp.log_message.text, "enabled": bp.enabled}
    return entry


def load(program: str | Path, session: Session) -> tuple[list[str], list[str]]:
    """Restore what was remembered for ``program`` into ``session`` (a fresh session of it).
    Returns ``(restored, dropped)`` as :func:`restore` does, a file that could not be read
    being dropped whole.  Never raises for a bad or missing file."""
    file = session_file(program)
    try:
        data = json.loads(file.read_text("utf-8"))
    except FileNotFoundError:
        return [], []
    except (OSError, ValueError) as error:
        return [], [f"the remembered session {file} could not be read: {error}"]
    return restore(data, session, f"the remembered session {file}")


def restore(data: object, session: Session, origin: str = "the session") -> tuple[list[str], list[str]]:
    """Set the breakpoints, watches and notes of ``data`` (what :func:`dump` gives, of this
    program or of an earlier version of it) in ``session``, a fresh session.  Returns
    ``(restored, dropped)``: the specs of the breakpoints and the watches restored (and how many
    notes), and a message for each one dropped, saying why (``origin`` names ``data`` in a
    message about all of it).  Notes of another program are checked by running it (up to
    :data:`.notes.CHECKED` steps).  Never raises for damaged data."""
    if not isinstance(data, dict):
        return [], [f"{origin} is damaged (not a JSON object): nothing restored"]
    if data.get("format") not in FORMATS or type(data.get("format")) is not int:
        return [], [f"{origin} has format {data.get('format')!r}, and this esodbg reads "
                    f"formats {' and '.join(map(str, FORMATS))}: nothing restored"]
    if data.get("language") != session.language.name:
        return [], [f"the remembered session is for {data.get('language')!r}, not {session.language.name}: "
                    "nothing restored"]
    breakpoints, watches = data.get("breakpoints", []), data.get("watches", [])
    if not isinstance(breakpoints, list) or not isinstance(watches, list):
        return [], [f"{origin} is damaged (its breakpoints or watches are not lists): nothing restored"]
    restored, dropped = [], []
    for entry in breakpoints:
        shown = _shown(entry)
        if data["format"] == 1 and isinstance(entry, dict) and isinstance(entry.get("at"), str):
            entry = entry | {"at": _format1(entry["at"], session.language, session.first_view)}
        try:
            bp = _restore(entry, session)
        except ValueError as error:
            dropped.append(f"breakpoint {shown}: {error}")
            continue
        restored.append(format_spec(bp, session.language))
    for text in watches:
        if not isinstance(text, str):
            dropped.append(f"watch {text!r}: not an expression")
            continue
        try:
            session.watches.add(text)
        except ExpressionError as error:
            dropped.append(f"watch {text}: {error}")
            continue
        restored.append(f"watch {text}")
    notes, damaged = _notes(data.get("notes", []))
    dropped += damaged
    if notes and data.get("source") != source_hash(session):  # another program: where it is may differ
        notes, moved = still_there(session, notes)
        dropped += moved
    for note in notes:
        session.notes.add(note)
    if notes:
        restored.append(f"{len(notes)} note{'s' * (len(notes) > 1)}")
    return restored, dropped


def _notes(entries: object) -> tuple[list[Note], list[str]]:
    """The notes the file holds, and a message for each entry that is no note."""
    if not isinstance(entries, list):
        return [], ["the notes are damaged (not a list): none restored"]
    notes, damaged = [], []
    for entry in entries:
        if isinstance(entry, dict) and type(entry.get("step")) is int and entry["step"] >= 0 \
                and isinstance(entry.get("text"), str) and isinstance(entry.get("at"), (str, type(None))):
            notes.append(Note(entry["step"], entry["text"], entry["at"]))
        else:
            damaged.append(f"note {entry!r}: damaged, not a note this esodbg can read")
    return notes, damaged


def _format1(at: str, language: Language, view: View) -> str:
    """A target a format-1 file wrote, as format 2 writes it: its cells were ``ROW,COL`` in every
    language, and so were a data board's (``board(ROW,COL)``) but where the board's form was
    ``X,Y`` (Stoned-Go's ``board(X,Y)``).  Anything else is written the same in both."""
    cell = _FORMAT1_CELL.match(at)
    if cell is not None and view.boards:
        board, row, col, kinds = cell.groups()
        board = board or view.boards[0].name
        return f"cell:{board}:{language.cell_text(CellRef(board, int(row), int(col)))}{kinds or ''}"
    kind, _, rest = at.partition(":")
    found = board_location(rest) if kind == "data" else None
    pair = read_pair(found[1]) if found is not None and found[0] in language.data_boards() else None
    if pair is not None:
        a, b = pair
        return f"data:{language.data_at(CellRef(found[0], *((b, a) if language.cell_form == 'X,Y' else (a, b))))}"
    return at


def _shown(entry: object) -> str:
    """An entry of the file as a spec, for a message (whatever it holds)."""
    if not isinstance(entry, dict):
        return repr(entry)
    text = str(entry.get("at"))
    for field, word in zip(FILTERS, ("if", "hit", "log")):
        if entry.get(field) is not None:
            text += f" {word} {entry[field]}"
    return text


def _restore(entry: object, session: Session) -> Breakpoint:
    """Set the breakpoint the file's ``entry`` describes in ``session``; ``ValueError`` saying
    why if it cannot be (the program has changed, or the entry is damaged)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("at"), str) \
            or any(not isinstance(entry.get(field), (str, type(None))) for field in FILTERS) \
            or not isinstance(entry.get("enabled", True), bool):
        raise ValueError("damaged: not a breakpoint this esodbg can read")
    language, view = session.language, session.first_view
    spec = parse_spec(entry["at"], language, view)
    if any(value is not None for value in (spec.condition, spec.hit_condition, spec.log_message)):
        raise ValueError("damaged: its target has filters of its own")
    bp = spec._replace(**{field: entry.get(field) for field in FILTERS}).set_in(session.breakpoints)
    if not entry.get("enabled", True):
        session.breakpoints.set_enabled(bp.at, False)
    return bp

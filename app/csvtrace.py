"""``exec --trace FILE.csv``: the per-step trace as CSV, for a spreadsheet or pandas (issue 45).

The trace's lines are JSON objects whose fields may differ from step to step (a Scrabble play and
a word run; a MessiScript command with or without a body), so the columns are known only at the
end: the lines go to a temporary file as they come (memory stays bounded however long the run),
and :meth:`CsvTrace.close` writes the header — every field, in the order first seen — and a row a
step.  A field a step lacks is empty; a nested value (a stack, a position) is its JSON text; a
string is itself; numbers as JSON writes them; ``true``/``false``/empty for booleans and null.
"""

from __future__ import annotations

import csv
import json
import tempfile
from typing import Any


class CsvTrace:
    """A text stream the trace's JSON lines are written to (``write``, one or more whole lines
    at a time), which becomes the CSV file ``path`` at :meth:`close`.  ``OSError`` if ``path``
    cannot be written (raised at once: the file is created empty)."""

    def __init__(self, path: str) -> None:
        self.path = path
        open(path, "w").close()  # cannot be written: say so before the run, not after it
        self._lines = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")
        self._fields: dict[str, None] = {}

    def write(self, text: str) -> int:
        for line in text.splitlines():
            self._fields.update(dict.fromkeys(json.loads(line)))
        return self._lines.write(text)

    def flush(self) -> None:
        self._lines.flush()

    def close(self) -> None:
        self._lines.seek(0)
        with open(self.path, "w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(self._fields)
            for line in self._lines:
                step = json.loads(line)
                writer.writerow([_cell(step[name]) if name in step else "" for name in self._fields])
        self._lines.close()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)

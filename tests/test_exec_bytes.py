"""``esodbg exec --final-state`` and ``--trace`` keep every byte (issue 48): a byte a program writes
that is not UTF-8 (202, 0xCA) is the JSON escape ``\\udcca`` in the final state's ``output``, so the
document is UTF-8 and its ``output`` encoded with ``surrogateescape`` is exactly the bytes written
(plain ``exec``'s stdout); a file name that is not UTF-8 comes back the same way.  Before, the
final state died of ``UnicodeEncodeError``."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLES


def _piet_202() -> str:
    """An ascii-piet program that writes the byte 202: 30 pushed, then five 30s and a 22 added,
    out(char) (painted by ``examples/piet/paint.py``)."""
    spec = importlib.util.spec_from_file_location("paint", EXAMPLES / "piet" / "paint.py")
    paint = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(paint)
    ops = paint.push_ops(30)
    for k in (30,) * 5 + (22,):
        ops += paint.push_ops(k) + ["add"]
    rows = paint.strip(ops + ["out_char"])
    return "".join("".join(paint.LETTERS[c] for c in row[:-1]) + ("@" if row[-1] == paint.BLACK else
                                                                   paint.LETTERS[row[-1]]) + "\n" for row in rows)


# Programs that write the byte 202 and end, in each language whose output is bytes.
WRITERS = {
    "brainfuck": ("p.b", "+" * 202 + "."),
    "befunge93": ("p.b93", '"e"2*,@'),  # 'e' is 101
    "befunge98": ("p.b98", '"e"2*,@'),
    "hexagony": ("p.hxg", "Ê;@"),  # a letter sets the edge to its code point, ; writes it mod 256
    "labyrinth": ("p.lab", "202.@"),
    "piet": ("p.apiet", None),
}
# Programs that end at once, for the file name: ><> and Aheui write characters, never a byte
# that is not UTF-8 (><>'s o refuses a surrogate, Aheui's writes U+FFFD), but a file's name may be.
ENDERS = {**{name: (file, text) for name, (file, text) in WRITERS.items()},
          "fish": ("p.fish", ";"), "aheui": ("p.aheui", "희")}


def exec_(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "esodbg.app", "exec", *map(str, args)], capture_output=True,
                          timeout=120)


def write(tmp_path: Path, name: str, table: dict, stem: str = "p") -> Path:
    file, text = table[name]
    path = tmp_path / (stem + Path(file).suffix)
    path.write_text(_piet_202() if text is None else text, "utf-8")
    return path


@pytest.mark.parametrize("language", sorted(WRITERS))
def test_a_byte_that_is_not_utf8_is_kept_in_the_final_state_and_the_trace(language, tmp_path):
    program = write(tmp_path, language, WRITERS)
    plain = exec_(program)
    assert plain.returncode == 0 and plain.stdout == b"\xca", plain.stderr
    state, trace = tmp_path / "state.json", tmp_path / "trace.jsonl"
    result = exec_(program, "--final-state", state, "--trace", trace)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    assert result.stdout == b"\xca"
    document = state.read_bytes()
    assert b"\\udcca" in document and document.decode("utf-8")  # UTF-8 text, the byte escaped
    final = json.loads(document)
    assert final["output"].encode("utf-8", "surrogateescape") == b"\xca"
    lines = trace.read_text("utf-8").splitlines()
    assert len(lines) == final["steps"] and all(json.loads(line)["step"] for line in lines)
    on_stdout = exec_(program, "--final-state", "-")  # after the output and a newline, UTF-8 too
    output, _, line = on_stdout.stdout.rstrip(b"\n").rpartition(b"\n")
    assert output == b"\xca" and json.loads(line.decode("utf-8"))["output"] == final["output"]


@pytest.mark.parametrize("language", sorted(ENDERS))
def test_a_file_name_that_is_not_utf8_is_kept_in_the_final_state(language, tmp_path):
    program = write(tmp_path, language, ENDERS, stem=os.fsdecode(b"caf\xca"))
    state = tmp_path / "state.json"
    result = exec_(program, "--final-state", state)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    final = json.loads(state.read_bytes().decode("utf-8"))
    assert os.fsencode(final["file_name"]) == os.fsencode(program)

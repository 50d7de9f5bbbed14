"""The program's output and input as the debugger keeps them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from esodbg.engines.iobuf import OutputLog

writes_and_moves = st.lists(st.one_of(st.text(min_size=1, max_size=9), st.integers(0, 60)), max_size=80)


@settings(max_examples=300, deadline=None)
@given(writes_and_moves, st.integers(4, 40))
def test_output_log_reads_back_exactly_whatever_moves_its_end_and_however_little_it_keeps_in_memory(ops, memory):
    """Writes (a rerun writes what is already there), moves of the end (step back / forward),
    tiny chunks and a tiny memory allowance (chunks spill to the file): every read is exact."""
    log = OutputLog(memory_chars=memory, chunk_chars=7)
    truth, length = "", 0
    for op in ops:
        if isinstance(op, str):
            if length < len(truth):  # re-execution writes the characters already there
                overlap = min(len(op), len(truth) - length)
                op = truth[length:length + overlap] + op[overlap:]
            truth += op[len(truth) - length:] if length + len(op) > len(truth) else ""
            log.write(op)
            length += len(op)
        else:
            length = min(op, len(truth))
            log.set_length(length)
        assert log.length == length
        for start in (0, length // 2, max(length - 3, 0), length):
            assert log.text(start) == truth[start:length]


def test_output_log_spills_to_a_file_and_keeps_surrogates():
    log = OutputLog(memory_chars=100, chunk_chars=10)
    text = "".join(f"line {i} \udc80é\n" for i in range(200))
    for ch in text:
        log.write(ch)
    assert log._file is not None and log._in_memory <= 100  # most of it is on disk
    assert log.text() == text and log.text(1234) == text[1234:]

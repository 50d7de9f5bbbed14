"""Child processes a test sends signals to: started so they can get SIGINT wherever pytest runs,
and signalled only once they are ready for it (not after a fixed sleep, which a loaded machine
outruns)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path


def default_sigint() -> None:
    """``preexec_fn`` of a child a test sends SIGINT: pytest started in the background (``nohup
    … &``, a CI runner, an editor's test panel) runs with SIGINT ignored, which a child inherits."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def handles(pid: int, sig: int = signal.SIGTERM, seconds: float = 30) -> None:
    """Wait until process ``pid`` has a handler of its own for ``sig`` (``SigCgt`` in
    /proc/PID/status): for ``esodbg``, the sign that :func:`~esodbg.app.start.main` has begun
    and Ctrl+C or SIGTERM ends it its own way, not by the signal's default."""
    status = Path(f"/proc/{pid}/status")
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
        except FileNotFoundError:
            raise AssertionError(f"process {pid} ended before it handled signal {sig}") from None
        if int(fields["SigCgt"], 16) >> (sig - 1) & 1:
            return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} did not handle signal {sig} within {seconds} s")


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (user + system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime: fields 14, 15


def busy(pid: int, seconds: float, timeout: float = 60) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU time (it is demonstrably working,
    however loaded the machine)."""
    end = time.monotonic() + timeout
    while cpu_seconds(pid) < seconds:
        assert time.monotonic() < end, f"process {pid} used under {seconds} s of CPU in {timeout} s"
        time.sleep(0.02)

"""``esodbg run`` in a real pseudo-terminal, as a user runs it: keys in, the process's fate out."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

from children import default_sigint


class Terminal:
    """A child ``esodbg`` process on a pty of ``size`` (columns, rows)."""

    def __init__(self, *args: str, size: tuple[int, int] = (100, 30)) -> None:
        master, slave = pty.openpty()
        os.set_blocking(master, False)
        import fcntl
        import struct
        import termios

        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]), "LINES": str(size[1])}
        self.process = subprocess.Popen([sys.executable, "-m", "esodbg.app", *args], stdin=slave, stdout=slave,
                                        stderr=slave, env=env, close_fds=True, start_new_session=True,
                                        preexec_fn=default_sigint)
        os.close(slave)
        self.master = master
        self.output = b""

    def read(self, seconds: float) -> bytes:
        """What the program drew in the next ``seconds``."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    break
        return self.output

    def wait_for(self, text: bytes, seconds: float = 15) -> None:
        end = time.monotonic() + seconds
        while text not in self.output and time.monotonic() < end:
            self.read(0.1)
        assert text in self.output, f"{text!r} never appeared"

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def exit_code(self, seconds: float) -> int | None:
        """The exit code, if the process ends within ``seconds``; else ``None``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.read(0.05)
            if self.process.poll() is not None:
                return self.process.returncode
        return None

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)

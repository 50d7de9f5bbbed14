"""``python -m esodbg.app`` is the ``esodbg`` command."""

from esodbg.app.cli import entry

entry()

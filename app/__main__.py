"""``python -m esodbg.app`` is the ``esodbg`` command."""

from esodbg.app.start import main

main()

"""Play a game with the original Scrabble esolang (srgarnett98/scrabblang, which has no command
line) and run it: ``python scrabblang.py FOLDER PLAYS``, FOLDER its checkout, PLAYS a JSON list of
``[tiles, x, y, "across"|"down"]`` (plain tiles: no gaps, no blanks).  Its ``Board`` scores the
plays into the execution list and its ``Stack`` runs it, printing what PRINT prints.  For
benchmarks/speed.py, which passes the plays of esodbg's own parse of a ``.scrabble`` file."""

import json
import sys

sys.path.insert(0, sys.argv[1])

from board import Board, Word  # noqa: E402  (the original's modules)
from stack_manip import Stack  # noqa: E402

game = [Word.from_string_and_init_pos(tiles, (x, y), "right" if direction == "across" else "down")
        for tiles, x, y, direction in json.loads(sys.argv[2])]
stack = Stack()
stack.set_execute_list(Board().play_game(game))
stack.execute()

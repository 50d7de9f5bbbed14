#!/usr/bin/env bash
# The README's animations, each an `esodbg record` of a bundled example: run from anywhere, after
# the README's set-up (it uses .venv/bin/esodbg).  ~1 minute on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
record() { .venv/bin/esodbg record "$@" --size 100x30 --fps 8; }
record examples/fifteen/hello.15 -o screenshots/runs/fifteen-hello.svg
record examples/messiscript/hola_mundo.messi -o screenshots/runs/messiscript-hola-mundo.svg --frames 80
record examples/ttg/wow.txt -o screenshots/runs/ttg-wow.svg --unit keystroke
record examples/stoned-go/chain_reaction.sgo -o screenshots/runs/stoned-go-chain-reaction.svg --frames 90
record examples/scrabble/doug_v_emely.gcg -o screenshots/runs/scrabble-doug-v-emely.svg --unit play
record examples/befunge/threads.b98 -o screenshots/runs/befunge-threads.svg --frames 120
record examples/labyrinth/conveyor.lab -o screenshots/runs/labyrinth-conveyor.svg --steps 130 --frames 130
record examples/hexagony/squares.hxg -o screenshots/runs/hexagony-squares.svg
record examples/fish/rewrite.fish -o screenshots/runs/fish-rewrite.svg --frames 120
record examples/brainfuck/binary.b -o screenshots/runs/brainfuck-binary.svg --frames 120

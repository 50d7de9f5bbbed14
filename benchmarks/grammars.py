"""Speed of the tree-sitter grammars.  Run: python benchmarks/grammars.py [NAME…] [--size BYTES]

For each language, a valid program of about 1 MB (default) made from the repository's own
examples: the time to parse it, and to run its highlights query over all rows and over one
screen of 40 rows in the middle (``QueryCursor.set_point_range``, what a code pane showing only
the visible rows does).  Each figure is the median of several runs, in milliseconds.

With ``--debugger``, also the debugger's first frame on each program (issue 16: ≤ 1 s): from
starting the app (120×40, headless) to the first frame drawn with the code pane highlighted —
reading and parsing the program with the engine included.  With ``--editor``, the edit mode's
editor on each program: the time to open it, and to type a character and see it drawn (the
mean of five).
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from pathlib import Path

import tree_sitter

from esodbg import grammars

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SCREEN = 40  # rows on one screen


def _repeat(unit: str, size: int) -> str:
    return unit * max(1, size // len(unit.encode("utf-8")))


def fifteen(size: int) -> str:
    """One big puzzle: 100 columns, as many rows as fit (every label once, commands beside)."""
    cols = 100
    rows = max(1, size // (cols * 9))
    labels = list(range(1, rows * cols)) + [0]
    puzzle = "\n".join(",".join(f"{labels[r * cols + c]:>5}" for c in range(cols)) for r in range(rows))
    moves = ["v>", ">_", "<+", "^!", "__", "v?"]
    commands = "\n".join(",".join(moves[(r + c) % len(moves)] for c in range(cols)) for r in range(rows))
    return f"{puzzle}\n\n{commands}\n\nA puzzle of {rows}x{cols}.\n"


def messiscript(size: int) -> str:
    """hola_mundo.messi's body (between its start and its goal) over and over."""
    text = (EXAMPLES / "messiscript/hola_mundo.messi").read_text("utf-8")
    start, end = text.index(".") + 1, text.rindex("Le pega")
    return "La agarra Messi." + _repeat(text[start:end], size) + "Le pega Messiiii... ¡gol!\n"


def ttg(size: int) -> str:
    """Every example's keystrokes, one example a line, over and over."""
    unit = "".join(path.read_text("utf-8") + "\n" for path in sorted((EXAMPLES / "ttg").iterdir()))
    return _repeat(unit, size)


def stoned_go(size: int) -> str:
    unit = ("<step: +2> [ +1 ( ? ) / ] -3 / <twice: ( ) <step:+1> >   # walk, place, halt?\n"
            "( +9 ( ) [ / +3 | +1 / ? [ ] ] ) -1 -1 +007 ?\n")
    return "{twice: ! ! }\n{step: ! / }\n" + _repeat(unit, size) + "|\n"


def scrabble(size: int) -> str:
    """The corpus's hello_world.scrabble (loose rules) over and over, each copy moved to squares
    of its own (loose rules have no edge; a tile on an occupied square is an error)."""
    corpus = ROOT.parent / "shared/corpus/scrabble/hello_world.scrabble"
    text = (corpus if corpus.is_file() else EXAMPLES / "scrabble/hello_world.scrabble").read_text("utf-8")
    plays = [line for line in text.splitlines() if line and not line.startswith("#")]
    copies = max(1, size // len(("\n".join(plays) + "\n").encode("utf-8")))
    out = ["#rules loose"]
    for k in range(copies):
        dx, dy = 20 * (k % 50), 20 * (k // 50)  # copies side by side, 50 a row
        out += [re.sub(r"^(\S+\s+)(-?\d+)\s*,\s*(-?\d+)", lambda m: f"{m[1]}{int(m[2]) + dx},{int(m[3]) + dy}", line)
                for line in plays]
    return "\n".join(out) + "\n"


def gcg(size: int) -> str:
    """examples/scrabble/doug_v_emely.gcg with passes and exchanges (which score nothing) before
    its first play, as many as make the size."""
    game = (EXAMPLES / "scrabble/doug_v_emely.gcg").read_text("utf-8")
    players, events = game.split("\n>", 1)
    filler = ">player1: DINNVWY - +0 0\n>player2: ADEEGIL -ADE +0 0\n#note Both wait for better tiles.\n"
    return f"#character-encoding UTF-8\n{players}\n" + _repeat(filler, size - len(game)) + ">" + events


def _examples(folder: str, *patterns: str) -> str:
    """The examples of ``folder`` matching ``patterns``, one after the other (a line each)."""
    paths = sorted(path for pattern in patterns for path in (EXAMPLES / folder).glob(pattern))
    return "".join(path.read_text("utf-8").rstrip("\n") + "\n" for path in paths)


def befunge(size: int) -> str:
    """Every Befunge example's rows, over and over (a Befunge-98 program: 93 would cut it at 25 rows)."""
    return _repeat(_examples("befunge", "*.b93", "*.b98"), size)


def hexagony(size: int) -> str:
    """Every Hexagony example, over and over: one hexagon of side ~580."""
    return _repeat(_examples("hexagony", "*.hxg"), size)


def fish_esolang(size: int) -> str:
    """Every ><> example's rows, over and over."""
    return _repeat(_examples("fish", "*.fish"), size)


def brainfuck(size: int) -> str:
    """Every Brainfuck example (its brackets matched), over and over."""
    return _repeat(_examples("brainfuck", "*.b"), size)


def labyrinth(size: int) -> str:
    """Every Labyrinth example's rows, over and over: one tall maze."""
    return _repeat(_examples("labyrinth", "*.lab"), size)


def aheui(size: int) -> str:
    """Every Aheui example's rows, over and over: one tall board."""
    return _repeat(_examples("aheui", "*.aheui"), size)


def piet(size: int) -> str:
    """Every ascii-piet example's rows, over and over: one tall picture."""
    return _repeat(_examples("piet", "*.apiet"), size)


PROGRAMS = {"fifteen": fifteen, "messiscript": messiscript, "ttg": ttg, "stoned-go": stoned_go,
            "scrabble": scrabble, "gcg": gcg, "befunge": befunge, "hexagony": hexagony, "fish_esolang": fish_esolang,
            "brainfuck": brainfuck, "labyrinth": labyrinth, "aheui": aheui, "piet": piet}


def _ms(action, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(name: str, size: int, runs: int) -> dict:
    source = PROGRAMS[name](size).encode("utf-8")
    language = grammars.language(name)
    parser = tree_sitter.Parser(language)
    query = tree_sitter.Query(language, grammars.highlights(name))
    tree = parser.parse(source)
    assert not tree.root_node.has_error, f"{name}: the generated program does not parse"
    rows = tree.root_node.end_point.row + 1
    top = max(0, rows // 2 - SCREEN // 2)

    def highlight_all():
        return tree_sitter.QueryCursor(query).captures(tree.root_node)

    def highlight_screen():
        cursor = tree_sitter.QueryCursor(query)
        cursor.set_point_range((top, 0), (top + SCREEN, 0))
        return cursor.captures(tree.root_node)

    captures_all = sum(len(found) for found in highlight_all().values())
    captures_screen = sum(len(found) for found in highlight_screen().values())
    return {
        "name": name, "bytes": len(source), "rows": rows,
        "parse": _ms(lambda: parser.parse(source), runs),
        "all": _ms(highlight_all, runs), "captures": captures_all,
        "screen": _ms(highlight_screen, runs * 5), "screen_captures": captures_screen,
    }


SUFFIXES = {"fifteen": ".15", "messiscript": ".messi", "ttg": ".ttg", "stoned-go": ".sgo", "scrabble": ".scrabble",
            "gcg": ".gcg", "befunge": ".b98", "hexagony": ".hxg", "fish_esolang": ".fish", "brainfuck": ".b",
            "labyrinth": ".lab", "aheui": ".aheui", "piet": ".apiet"}


def first_frame(name: str, size: int) -> float:
    """Seconds from starting the debugger on the 1 MB program to its first frame (RuntimeError:
    why there is none)."""
    import asyncio
    import tempfile

    from esodbg.app.debugapp import DebuggerApp
    from esodbg.app.widgets.source import SourceView
    from esodbg.engines.registry import for_file

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"big{SUFFIXES[name]}"
        path.write_text(PROGRAMS[name](size), "utf-8")

        async def run() -> float:
            start = time.perf_counter()
            app = DebuggerApp(for_file(path), path, "")
            async with app.run_test(size=(120, 40)) as pilot:
                while app.debugger is None and app.problem is None:  # a problem: the parse error screen
                    await pilot.pause(0.01)
                await pilot.pause()
                if not app.screen.query(SourceView) or app.screen.query_one(SourceView).highlighter is None:
                    raise RuntimeError(f"no code pane ({type(app.screen).__name__})")
                return time.perf_counter() - start

        return asyncio.run(run())


def editor(name: str, size: int) -> tuple[float, float]:
    """Seconds to open the editor on the 1 MB program, and seconds per keystroke drawn."""
    import asyncio

    from textual.app import App

    from esodbg.app.widgets.editor import ProgramEditor

    text = PROGRAMS[name](size)

    class Editing(App):
        def compose(self):
            yield ProgramEditor(text, name)

    async def run() -> tuple[float, float]:
        start = time.perf_counter()
        app = Editing()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            opened = time.perf_counter() - start
            area = app.query_one(ProgramEditor)
            start = time.perf_counter()
            for _ in range(5):
                area.insert("x")
                await pilot.pause()
            return opened, (time.perf_counter() - start) / 5

    return asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"some of {', '.join(grammars.NAMES)} (default: all)")
    parser.add_argument("--size", type=int, default=1_000_000, help="program size in bytes (default 1 MB)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--debugger", action="store_true", help="also time the debugger's first frame on each program")
    parser.add_argument("--editor", action="store_true", help="also time the editor on each program")
    args = parser.parse_args()
    for name in args.names:
        if name not in PROGRAMS:
            parser.error(f"unknown grammar {name!r}: choose from {', '.join(grammars.NAMES)}")
    print(f"{'grammar':<12} {'bytes':>9} {'rows':>7} {'parse ms':>9} {'highlight all ms':>17} "
          f"{'captures':>9} {'40 rows ms':>11} {'captures':>9}")
    for name in args.names or grammars.NAMES:
        r = measure(name, args.size, args.runs)
        print(f"{r['name']:<12} {r['bytes']:>9} {r['rows']:>7} {r['parse']:>9.1f} {r['all']:>17.1f} "
              f"{r['captures']:>9} {r['screen']:>11.3f} {r['screen_captures']:>9}")
    if args.debugger:
        print("\ndebugger, first frame (120x40, engine parse included):")
        for name in args.names or grammars.NAMES:
            try:
                print(f"{name:<12} {first_frame(name, args.size):.2f} s")
            except RuntimeError as why:
                print(f"{name:<12} {why}")
    if args.editor:
        print("\neditor (120x40; the parse that checks the text runs apart, in a thread, and is not counted):")
        for name in args.names or grammars.NAMES:
            opened, keystroke = editor(name, args.size)
            print(f"{name:<12} open {opened:.2f} s, keystroke {keystroke * 1000:.0f} ms")


if __name__ == "__main__":
    main()

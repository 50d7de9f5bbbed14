"""Toy's implementation: parse, machine, view, final_state, trace (docs/plugins.md)."""

from __future__ import annotations

from dataclasses import dataclass

from esodbg.engines.base import CellRef, Diagnostic, Machine, ParseError, Span, Status, Stop
from esodbg.engines.view import Cell, Grid, Panel, Value, View

TAPE = "tape"


@dataclass(frozen=True)
class Program:
    source: str
    cells: str
    start: int
    warnings: tuple[Diagnostic, ...] = ()


def parse(text: str, filename: str, options: dict) -> Program:
    if "\n" in text.rstrip("\n"):
        line = text.count("\n", 0, text.index("\n")) + 2
        raise ParseError([Diagnostic(filename, line, 1, "a toy program is one line")])
    return Program(text, text.rstrip("\n"), options["start"] or 0)


class ToyMachine(Machine):
    def __init__(self, program: Program, input, output) -> None:
        super().__init__(program, input, output)
        self.acc, self.ip = program.start, 0
        if not program.cells:
            self.status = Status.HALTED

    def run(self, limit: int, stops=None) -> Stop:
        if self.status is Status.HALTED:
            return Stop.HALTED
        cells = self.program.cells
        for _ in range(limit):
            cell = cells[self.ip]
            if cell == "!":
                self.output.write(f"{self.acc}\n")
            elif cell == "-":
                self.acc = -self.acc
            elif cell.isdigit():
                self.acc += int(cell)
            self.ip += 1
            self.steps += 1
            if self.ip == len(cells):  # the pointer left the tape
                self.status = Status.HALTED
                return Stop.HALTED
            if stops and self.ip in stops:
                return Stop.BREAKPOINT
        return Stop.LIMIT

    def compile_stops(self, breakpoints):
        return {at.col for at, _ in breakpoints if isinstance(at, CellRef) and at.board == TAPE} or None

    def location(self) -> CellRef:
        return CellRef(TAPE, 0, self.ip)

    def stores(self):
        return ()

    def registers(self) -> tuple:
        return (self.acc, self.ip)

    def set_registers(self, regs: tuple) -> None:
        self.acc, self.ip = regs


machine = ToyMachine


def view(m: ToyMachine, last) -> View:
    cells = tuple(Cell(ch, "digit" if ch.isdigit() else "action" if ch in "!-" else "cell") for ch in m.program.cells)
    return View(boards=(Grid(TAPE, "Tape", (cells,)),),
                panels=(Panel("registers", "Registers", (Value("accumulator", str(m.acc)), Value("ip", str(m.ip)))),),
                location=m.location(), span=Span(1, m.ip + 1, 1, m.ip + 2))


def final_state(m: ToyMachine, max_steps: int | None) -> dict:
    return {"status": m.status.value, "steps": m.steps, "accumulator": m.acc, "output": m.output.text()}


def trace(m: ToyMachine, record) -> dict:
    return {"step": record.step, "at": record.at.col, "accumulator": m.acc}

"""The help screen: every key, generated from the bindings so it cannot go out of date."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

INTRO = (
    "[b]esodbg[/b] runs your program as a game you can watch, step through, and rewind. "
    "A [b]step[/b] is one command executed.  [b]Step back[/b] is exact time travel (output and "
    "input included).  A [b]breakpoint[/b] on a board cell or on a command stops a run when "
    "execution arrives there (a MessiScript loop test is a step of its own); [b]B[/b] sets one of "
    "any kind from a spec — data:LOCATION stops when it changes, event:NAME when it happens, with "
    "' if EXPR', ' hit N' and ' log MESSAGE'.  Type a number before a step key to repeat it: "
    "[b]10n[/b] steps ten times.  docs/debugging.md has it all."
)

PANE_KEYS = [
    ("tab / click", "focus the board or code pane; the arrow keys then move its cursor"),
    ("enter / space / click", "toggle a breakpoint on the cell or command (pane focused)"),
    ("d / delete / backspace", "delete the breakpoint on the cell or command (pane focused)"),
    ("home", "board: the cursor back to where the program is"),
    ("↑ / ↓ / click", "call stack pane (tab to it): select a frame, see where it goes on in the code"),
    ("breakpoints tab (l): space / enter / d, delete, backspace",
     "enable or disable / edit (its spec) / delete the selected breakpoint"),
    ("watches tab: d, delete, backspace", "delete the selected watch (a changed value shows the one before it)"),
    ("click a tab", "breakpoints, watches, the log points' log"),
    ("click the timeline", "go to that step (a ◆ marker: that breakpoint hit)"),
    ("escape", "leave the pane: ← → step again"),
]
INPUT_KEYS = [
    ("enter", "send the typed line to the program"),
    ("ctrl+d", "end of input (a later read is a runtime error)"),
]


def describe(key: str) -> str:
    names = {"right": "→", "left": "←", "question_mark": "?", "plus": "+", "minus": "-", "escape": "esc",
             "left_square_bracket": "[", "right_square_bracket": "]"}
    return " / ".join(names.get(k, k) for k in key.split(","))


class HelpScreen(ModalScreen[None]):
    """All keys of the debugger, the board or code pane and the input prompt."""

    BINDINGS = [Binding("escape,question_mark", "dismiss", "Close"),
                Binding("q", "app.quit", "Quit")]  # as everywhere: q quits, even from here

    def __init__(self, bindings: list[Binding]) -> None:
        super().__init__()
        self.bindings = bindings

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        table.add_row("[b]Debugger[/b]", "")
        for binding in self.bindings:
            if binding.description:
                table.add_row(describe(binding.key), binding.tooltip or binding.description)
        for title, keys in (("Board, code or call stack pane", PANE_KEYS), ("Input prompt", INPUT_KEYS)):
            table.add_row("", "")
            table.add_row(f"[b]{title}[/b]", "")
            for key, what in keys:
                table.add_row(key, what)
        with VerticalScroll(id="help"):
            yield Static(INTRO, id="help-intro")
            yield Static(table)
            yield Static("[dim]↑ ↓ PgUp PgDn scroll · esc or ? closes this help · q quits esodbg[/dim]")

    def on_mount(self) -> None:
        self.query_one("#help").focus()  # the arrow keys scroll at once

"""The help screen: every key, generated from the bindings so it cannot go out of date, and what
the language says where keys differ by language (what a read does once the input ended).

Two columns: the keys, as wide as the longest key list up to :data:`KEYS_WIDTH` (a longer list
wraps), and what they do, which takes the rest: at 80 columns the descriptions get 56 columns.
"""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from esodbg.engines.language import Language

KEYS_WIDTH = 14  # the key column at most: a longer key list wraps at its spaces


def intro(language: Language | None, boards: bool = True) -> str:
    """What the help says first: what a step, a step back and a breakpoint are, in ``language``
    (where its breakpoints go: board cells, commands of its text)."""
    if language is not None and language.code_breakpoints:
        places = "a command or a board cell" if boards else "a command"
    else:
        places = "a board cell" if language is not None else "a board cell or a command"
    kinds = language.breakpoint_kinds if language is not None else ()
    also = f" (t chooses what it stops at: {', '.join(kinds)})" if len(kinds) > 1 else ""
    return (
        "[b]esodbg[/b] runs your program as a game you can watch, step through, and rewind. "
        "A [b]step[/b] is one command executed.  [b]Step back[/b] is exact time travel (output and "
        f"input included).  A [b]breakpoint[/b] on {places} stops a run when "
        f"execution arrives there{also}; [b]B[/b] sets one of "
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
    ("escape", "leave the pane: ← → step again"),
]
LIST_KEYS = [
    ("↑ / ↓", "select a breakpoint (watches tab: a watch)"),
    ("space", "enable or disable the selected breakpoint"),
    ("enter", "edit the selected breakpoint (its spec)"),
    ("d / delete / backspace", "delete the selected breakpoint or watch (a changed watch shows its value before)"),
    ("click a tab", "breakpoints, watches, the log points' log"),
    ("click the timeline", "go to that step (a ◆ marker: that breakpoint hit)"),
]


def input_keys(language: Language | None) -> list[tuple[str, str]]:
    """The input prompt's keys; Ctrl+D says what a read does afterwards, as the language says."""
    then = language.end_of_input if language is not None else Language.end_of_input
    return [("enter", "send the typed line to the program"), ("ctrl+d", f"end of input ({then})")]


def describe(key: str) -> str:
    names = {"right": "→", "left": "←", "question_mark": "?", "plus": "+", "minus": "-", "escape": "esc",
             "left_square_bracket": "[", "right_square_bracket": "]"}
    return " / ".join(names.get(k, k) for k in key.split(","))


class HelpScreen(ModalScreen[None]):
    """All keys of the debugger, the board or code pane, the lists and the input prompt, for
    ``language`` (``boards``: its programs show boards)."""

    BINDINGS = [Binding("escape,question_mark", "dismiss", "Close"),
                Binding("q", "app.quit", "Quit")]  # as everywhere: q quits, even from here

    def __init__(self, bindings: list[Binding], language: Language | None = None, boards: bool = True) -> None:
        super().__init__()
        self.bindings = bindings
        self.language, self.boards = language, boards

    def rows(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The sections of the table: a title and its (keys, what they do)."""
        debugger = [(describe(binding.key), binding.tooltip or binding.description)
                    for binding in self.bindings if binding.description]
        sections = [("Debugger", debugger), ("Board, code or call stack pane", PANE_KEYS),
                    ("Breakpoints, watches, log (the tabs at the bottom)", LIST_KEYS)]
        if self.language is None or self.language.reads_input:
            sections.append(("Input prompt", input_keys(self.language)))
        return sections

    def compose(self) -> ComposeResult:
        sections = self.rows()
        width = min(max(len(key) for _, rows in sections for key, _ in rows), KEYS_WIDTH)
        with VerticalScroll(id="help"):
            yield Static(intro(self.language, self.boards), id="help-intro")
            for title, rows in sections:  # each a title over the whole width, then its keys
                table = Table.grid(padding=(0, 2))
                table.add_column(style="bold cyan", width=width, overflow="fold")
                table.add_column(ratio=1)
                for key, what in rows:
                    table.add_row(key, what)
                yield Static(f"[b]{title}[/b]", classes="help-title")
                yield Static(table, classes="help-keys")
            yield Static("[dim]↑ ↓ PgUp PgDn scroll · esc or ? closes this help · q quits esodbg[/dim]",
                         classes="help-title")

    def on_mount(self) -> None:
        self.query_one("#help").focus()  # the arrow keys scroll at once

"""What the debugger shows of a Scrabble run (issue 15, spec "For the debugger"): the board as
squares with premium labels, tiles with their values, axes; the last play and a bingo; the
execution list with the words rule 10 will skip; the game record and the rack of a GCG game."""

from __future__ import annotations


from esodbg.app.debugapp import DebuggerApp
from esodbg.app.files import load_program
from esodbg.engines.base import Stop
from esodbg.engines.debugger import Session
from esodbg.engines.scrabble import LANGUAGE
from esodbg.engines.view import View

from conftest import EXAMPLES
from screen import screen_lines
from test_scrabble_rules import cmds

SCRABBLE = EXAMPLES / "scrabble"


def session_at(name: str, steps: int) -> Session:
    session = Session(LANGUAGE, load_program(SCRABBLE / name, LANGUAGE, {}))
    session.step(steps)
    assert session.steps == steps
    return session


def panel(view: View, name: str):
    (found,) = [p for p in view.panels if p.name == name]
    return found


def test_the_strict_board_has_columns_a_to_o_rows_1_to_15_premiums_and_tile_values():
    view = session_at("doug_v_emely.gcg", 15).view()
    (board,) = view.boards
    assert board.look == "squares" and board.axes[0][0] == "A" and board.axes[0][-1] == "O"
    assert board.axes[1] == tuple(str(n) for n in range(1, 16))
    assert (board.rows[0][0].glyph, board.rows[0][0].role) == ("TW", "premium-tw")
    centre = session_at("doug_v_emely.gcg", 0).view().boards[0].rows[7][7]
    assert (centre.glyph, centre.role) == ("★", "centre")  # H8 before the first play
    w = board.rows[7][3]  # D8: the W of WINDY, worth 4
    assert (w.glyph, w.sub, w.role) == ("W", "₄", "tile")
    session = session_at("doug_v_emely.gcg", 0)
    session.continue_()
    z = session.view().boards[0].rows[3][3]  # D4: the Z of ZAX (4D Z..), worth 10
    assert (z.glyph, z.sub, z.role) == ("Z", "₁₀", "tile")


def test_the_last_play_is_marked_and_its_bingo_named():
    view = session_at("doug_v_emely.gcg", 15).view()  # step 14 put down DONATES at 10B, a bingo
    (board,) = view.boards
    assert board.caption == "last play 10B DONATES +82 BINGO"
    row = board.rows[9]  # row 10
    assert [cell.glyph for cell in row[1:8]] == list("DONATES") and all(cell.changed for cell in row[1:8])
    plays = panel(view, "plays")
    (current,) = [value for value in plays.values if value.current]
    assert current.name == "7: player1 10B DONATES" and current.note.endswith("bingo")
    assert plays.listing and current.span.line == 7


def test_a_blank_is_a_lower_case_letter_worth_nothing():
    # doug_v_emely line 20: K5 RE.IgION, the g a blank.
    session = Session(LANGUAGE, load_program(SCRABBLE / "doug_v_emely.gcg", LANGUAGE, {}))
    session.continue_()
    g = [cell for row in session.view().boards[0].rows for cell in row if cell.glyph == "g"]
    assert [(cell.role, cell.sub) for cell in g] == [("blank-tile", "")]


def test_the_loose_board_labels_its_x_and_y_negative_ones_too():
    view = session_at("hello_world.scrabble", 4).view()
    (board,) = view.boards
    assert board.axes[0][0] == str(board.col0) and int(board.axes[0][0]) < 0
    assert board.axes[1][0] == str(board.row0) and int(board.axes[1][0]) < 0
    assert board.caption.startswith("x → y ↓")


def test_the_words_the_if_depth_will_skip_say_so():
    # IF on a 0 cell: the words up to the matching ENDIF are skipped (rule 10); ADD 1 runs.
    program = LANGUAGE.parse(cmds(("IF", 0), ("ADD", 5), ("IF", 0), ("ENDIF", 0), ("ADD", 5), ("ENDIF", 0),
                                  ("ADD", 1)), "t.scrabble", {})
    session = Session(LANGUAGE, program)
    seen = {}
    while session.step().reason is not Stop.HALTED:
        m = session.machine
        for value in panel(session.view(), "list").values:
            if value.name.startswith("▶"):
                seen[m.pc] = value.note
    assert seen == {0: "IF", 1: "ADD · skipped", 2: "IF · skipped", 3: "ENDIF · skipped", 4: "ADD · skipped",
                    5: "ENDIF · skipped", 6: "ADD"}
    assert session.machine.stack == [1]


def test_a_gcg_game_shows_the_rack_before_the_next_move_and_the_unseen_tiles():
    view = session_at("doug_v_emely.gcg", 15).view()
    rack = panel(view, "rack")
    assert rack.title == "Rack of player2 before 4B TIL.. (line 8)"
    values = {value.name: value for value in rack.values}
    assert values["rack"].value == "DEIILTZ"
    # 100 tiles, less the 24 on the board and the 7 on the rack.
    assert values["unseen"].value == "69" and len(values["unseen"].note) == 69


async def test_selecting_a_play_in_the_game_record_shows_its_line():
    from esodbg.app.widgets.panes import ListingView
    from esodbg.app.widgets.source import SourceView

    app = DebuggerApp(LANGUAGE, SCRABBLE / "doug_v_emely.gcg", "")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "5", "n")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        plays = app.screen.query_one("#panel-plays", ListingView)
        plays.focus()
        await pilot.pause()
        await pilot.press("down")  # the current play: DONATES, line 7
        await pilot.pause()
        assert app.screen.query_one(SourceView).selected.line == 7
        await pilot.press("up", "up")
        await pilot.pause()
        assert app.screen.query_one(SourceView).selected.line == 5
        assert "10B DONATES" in "\n".join(screen_lines(app))

"""A short game of each family played through the turn bar, the context menu's
objective actions and the mouse, checking the scoreboard after every step.

The hex and Carnevale games replay, click by click, the opening of the bundled
games (assets/examples/), whose standings after each event are documented in
docs/hex.md and were worked out by hand from the rules: the log the window
records must be the bundled log, event for event.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.model.board import InchBoard
from tabletop_gui.model.events import DiceRoll, MovePiece, TurnEnd, TurnStart, UpdatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.pieces import Marker, Side, Unit
from tabletop_gui.model.scene import ObjectiveSpec, Scene, Setup
from tabletop_gui.rules.carnevale.events import ActivationEnd, ActivationStart
from tabletop_gui.rules.carnevale.presets import character, new_carnevale_setup
from tabletop_gui.rules.play_types import SIDE_A, SIDE_B

from .helpers import drop, open_window


def totals(window) -> dict[str, int]:
    return {s: int(v) for s, v in window.doc.scoreboard().totals.items()}


def click(qtbot, button) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def select(window, *ids: str) -> None:
    window.scene.clearSelection()
    for pid in ids:
        window.scene.piece_item(pid).setSelected(True)


def menu_action(window, text: str, point=None):
    """The context menu's entry containing ``text`` (the menu the right-click builds)."""
    menu = window.play.build_context_menu(point)
    found = [a for a in menu.actions() if text in a.text()]
    for sub in menu.findChildren(type(menu)):
        found += [a for a in sub.actions() if text in a.text()]
    assert found, [a.text() for a in menu.actions()]
    return found[0]


# -- The Ninth Age ----------------------------------------------------------------


def test_t9a_hold_the_ground_played_through_the_turn_bar_counts_at_the_end_of_game_turn_2(
    qtbot,
):
    """New > The Ninth Age > Frontline Clash > Hold the Ground; one unit of each
    side dropped from the palette, A's within 6 in of the centre. No counter at
    the end of Game Turn 1 (the rule starts after the first); one for A at the end
    of Game Turn 2; the unit removed as a casualty from the context menu takes no
    counter away but gives none at the end of Game Turn 3."""
    window = open_window(qtbot, Game(Setup("t9a", Scene())))
    assert window.files.new_game("t9a/frontline_clash/t9a.hold_the_ground")
    window.setup.sides_dialog.reject()  # the armies keep the names they start with
    assert window.doc.committed.setup.deployment == "frontline_clash"
    assert len(window.doc.committed.scene.zones) == 2
    pal = window.palette_panel
    pal.side_box.setCurrentIndex(pal.side_box.findData(SIDE_A.id))
    assert drop(window, pal.mime_for("unit", "t9a-25x25"), 36.0, 22.0)
    pal.side_box.setCurrentIndex(pal.side_box.findData(SIDE_B.id))
    assert drop(window, pal.mime_for("unit", "t9a-25x25"), 36.0, 40.0)
    a_unit = next(u for u in window.doc.committed.scene.units.values() if u.side == SIDE_A.id)
    hold = "hold-the-ground"

    def counters():
        return dict(window.doc.scoreboard().result(hold).counts)

    bar = window.turn_bar
    # Player A's unit stands on the centre, outside its Deployment Zone.
    assert bar.clock.text() == (
        "Setup (before the first turn) · 1 unit outside their Deployment Zone"
    )
    assert bar.advance_button.text() == "Start Game Turn 1 (Player A)"
    click(qtbot, bar.advance_button)
    assert bar.clock.text() == "Game Turn 1 · Player A's Player Turn"
    assert counters() == {SIDE_A.id: 0, SIDE_B.id: 0}
    click(qtbot, bar.advance_button)  # A's Player Turn ends, B's starts
    assert bar.clock.text() == "Game Turn 1 · Player B's Player Turn"
    assert bar.advance_button.text() == "End Game Turn 1 → Game Turn 2 (Player A)"
    click(qtbot, bar.advance_button)
    assert counters() == {SIDE_A.id: 0, SIDE_B.id: 0}, "no check at the end of Game Turn 1"
    assert bar.clock.text() == "Game Turn 2 · Player A's Player Turn"
    click(qtbot, bar.advance_button)
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # shortcut
    assert counters() == {SIDE_A.id: 1, SIDE_B.id: 0}, "A had 1 Scoring Unit within 6 in, B 0"
    assert window.doc.scoreboard().result(hold).leader == SIDE_A.id
    # Remove A's unit as a casualty from the context menu.
    select(window, a_unit.id)
    menu_action(window, "as a casualty").trigger()
    assert window.doc.committed.scene.units[a_unit.id].removed
    assert counters() == {SIDE_A.id: 1, SIDE_B.id: 0}, "counters already won stay"
    click(qtbot, bar.advance_button)
    click(qtbot, bar.advance_button)  # end of Game Turn 3: 0 to 0, no counter
    assert counters() == {SIDE_A.id: 1, SIDE_B.id: 0}
    log = [window.log_panel.row_text(i) for i in range(window.log_panel.list.count())]
    assert any("removed as a casualty" in line for line in log)
    assert log[-1].endswith("Turn 4: Player A's turn begins")


def secure_target_game() -> Game:
    """Frontline Clash, Secure Target: A's marker at (24, 25), B's at (48, 23)
    (13 in from their own zones, 24.08 in apart). A's 13-wide block centred at
    (36, 24) is exactly as near both centres (12.04 in) and within 6 in of both
    (5.6 in edge to centre); B's Orcs stand 2 in from B's marker only."""
    from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES

    board = InchBoard(72, 48)
    zones = DEPLOYMENT_TYPES["frontline_clash"].zones(board, SIDE_A.id, SIDE_B.id)
    units = [
        Unit("block", "Big Block", SIDE_A.id, 36.0, 24.0, models=13, models_per_rank=13),
        Unit("orcs", "Orcs", SIDE_B.id, 48.0, 20.0, models=10, models_per_rank=5),
    ]
    markers = [
        Marker("st-a", "t9a.secure_target", 24.0, 25.0, side=SIDE_A.id, label="A's target"),
        Marker("st-b", "t9a.secure_target", 48.0, 23.0, side=SIDE_B.id, label="B's target"),
    ]
    scene = Scene(
        board=board,
        sides=(SIDE_A, SIDE_B),
        units={u.id: u for u in units},
        markers={m.id: m for m in markers},
        zones={z.id: z for z in zones},
    )
    spec = ObjectiveSpec("secure", "t9a.secure_target", {}, "Secure Target")
    return Game(Setup("t9a", scene, "Secure Target tie", (spec,), deployment="frontline_clash"))


def test_t9a_secure_target_tie_asks_for_a_dice_roll_and_records_it_in_the_log(qtbot):
    window = open_window(qtbot, secure_target_game())
    bar = window.turn_bar
    result = window.doc.scoreboard().result("secure")
    assert result.details["dice_needed"] == ["block"]
    assert result.details["undecided"] is True
    assert bar.dice_button.isVisible()
    assert "Big Block" in bar.dice_button.text()
    click(qtbot, bar.advance_button)  # Game Turn 1 starts: the roll is still needed
    dialog = bar.ask_dice()
    dialog.winner_box.setCurrentIndex(dialog.winner_box.findData(SIDE_B.id))
    dialog.result_box.setValue(5)
    dialog.accept()
    roll = window.doc.timeline.events[-1]
    assert roll == DiceRoll(
        "Secure Target: Big Block", 5, SIDE_B.id, objective="secure", subject="block"
    )
    assert "dice roll for Secure Target: Big Block rolled 5, Player B wins" in (
        window.log_panel.row_text(len(window.doc.timeline))
    )
    # The block now counts only at B's marker: 1 to 1 there (nobody), none at A's.
    result = window.doc.scoreboard().result("secure")
    assert result.details["dice_needed"] == []
    assert not bar.dice_button.isVisible()
    assert result.counts == {SIDE_A.id: 0, SIDE_B.id: 0}
    # Ctrl+Shift+D now, with no roll asked for: said, and nothing recorded.
    events = len(window.doc.timeline)
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.view, Qt.Key.Key_D, ctrl_shift)
    assert window.statusBar().currentMessage().startswith("No dice roll to record now")
    assert len(window.doc.timeline) == events and bar.dice_dialog is dialog
    # Undo the roll: the question comes back.
    window.doc.undo_stack.undo()
    assert window.doc.scoreboard().result("secure").details["dice_needed"] == ["block"]
    window.doc.undo_stack.redo()
    # Play to the end of the game: 6 Game Turns, two clicks each.
    for _ in range(12):
        click(qtbot, bar.advance_button)
    assert bar.clock.text() == "Game over (after turn 6)"
    assert not bar.advance_button.isEnabled()
    final = window.doc.scoreboard().result("secure")
    assert final.final and final.status.value == "tie"


# -- hex ----------------------------------------------------------------------------


def test_hex_opening_of_the_bundled_battle_played_through_the_bar_and_menu(qtbot):
    """Events 1-19 of hex_hochkirch_ridge_demo.json recorded by clicks; banner
    totals (Prussia-Austria) after each as docs/hex.md lists them."""
    bundled = load_game(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    window = open_window(qtbot, Game(bundled.setup))
    bar = window.turn_bar
    board = bundled.setup.scene.board
    B, R = "prussia", "austria"

    def move(unit_id: str, hex_, retreat: bool = False):
        select(window, unit_id)
        x, y = board.hex_to_point(hex_)
        word = "retreat to" if retreat else "ordered move to"
        menu_action(window, word, (x, y)).trigger()

    def play(card: str):
        bar.input_box.setEditText(card)
        # The whole name shows in the box (a Memoir player saw "lt Center").
        edit = bar.input_box.lineEdit()
        assert edit.fontMetrics().horizontalAdvance(card) < edit.width(), card
        click(qtbot, bar.input_button)

    assert bar.first_box.isVisible()
    click(qtbot, bar.advance_button)  # 1 Prussia's turn 1
    assert not bar.first_box.isVisible(), "who goes first is settled by the first turn"
    assert bar.clock.text() == "Turn 1 · Prussia's turn · Command and order"
    click(qtbot, bar.advance_button)  # 2 movement phase
    assert bar.clock.text() == "Turn 1 · Prussia's turn · Movement"
    play("Attack Right Flank")  # 3
    move("b-gren", (6, 4))
    move("b-musk", (5, 4))
    move("b-hussars", (11, 8))
    move("b-fus", (10, 4))
    assert totals(window) == {B: 0, R: 0}
    # An ordered move onto the enemy's hex is refused with the rule's reason.
    before = len(window.doc.timeline)
    move("b-fus", (10, 6))
    assert len(window.doc.timeline) == before
    assert "enemy Croats is there" in bar.message.text()
    click(qtbot, bar.advance_button)  # 8 end of the movement phase
    select(window, "r-croats")
    menu_action(window, "Eliminate unit Croats").trigger()  # 9
    assert totals(window) == {B: 1, R: 0}
    assert bar.advance_button.text() == "End Prussia's turn → Austria"
    click(qtbot, bar.advance_button)  # 10-11: Austria's turn 1 starts on the Church
    assert totals(window) == {B: 1, R: 1}
    click(qtbot, bar.advance_button)  # 12
    play("Scout")  # 13
    move("r-cuir", (2, 4))  # 14 into the Village
    assert totals(window) == {B: 1, R: 2}
    move("r-gren", (7, 4))  # 15
    click(qtbot, bar.advance_button)  # 16
    time_button = next(b for b in bar.side_buttons if b.text() == "Take a Time Pressure banner")
    assert time_button.isVisible()
    click(qtbot, time_button)  # 17 Time Pressure banner after the Scout
    assert totals(window) == {B: 1, R: 3}
    click(qtbot, bar.advance_button)  # 18-19: Prussia's turn 2: Ridge 2-1, right flank clear
    assert totals(window) == {B: 3, R: 3}
    assert list(window.doc.timeline.events) == list(bundled.events[:19])


# -- Carnevale -----------------------------------------------------------------------


def test_carnevale_opening_of_the_bundled_game_with_activations_and_objective_actions(qtbot):
    """Events 1-14 of carnevale_drowned_quarter.json: the Cutpurse picks up the
    Smuggler's Chest (2 VP, carried: scores for nobody), the Lurker claims the
    Rooftop Shrine (3 VP), the Guild Capo reveals the Golden Mask (3 VP)."""
    bundled = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    window = open_window(qtbot, Game(bundled.setup))
    bar = window.turn_bar
    moves = {e.piece_id: e for e in bundled.events[:14] if isinstance(e, MovePiece)}
    names = {u.id: u.name for u in bundled.setup.scene.units.values()}
    G, R = "guild", "rashaar"

    def activate(uid: str):
        bar.chooser_box.setCurrentIndex(bar.chooser_box.findData(uid))
        assert bar.advance_button.text() == f"Activate {names[uid]}"
        click(qtbot, bar.advance_button)

    def walk(uid: str):
        unit = window.doc.committed.scene.units[uid]
        m = moves[uid]
        window.editor.commit_move([uid], m.x - unit.x, m.y - unit.y)

    click(qtbot, bar.advance_button)  # round 1
    assert bar.clock.text() == "Round 1 · 0 of 8 activated"
    cutpurse = next(u for u, n in names.items() if n == "Cutpurse")
    activate(cutpurse)
    walk(cutpurse)
    assert totals(window) == {G: 2, R: 0}, "the Chest (2 VP) has only the Cutpurse within 3 in"
    select(window, cutpurse)
    before = len(window.doc.timeline)
    menu_action(window, "picks up Smuggler's Chest").trigger()
    assert len(window.doc.timeline) == before, "a pick-up waits for the end of the activation"
    assert "only as it ends its activation" in bar.message.text()
    click(qtbot, bar.advance_button)  # end of the Cutpurse's activation
    menu_action(window, "picks up Smuggler's Chest").trigger()
    assert totals(window) == {G: 0, R: 0}, "a carried objective scores for nobody by default"
    lurker = next(u for u, n in names.items() if n == "Lurker")
    activate(lurker)
    window.editor.update(lurker, {"elevation": 2.5})
    walk(lurker)
    assert totals(window) == {G: 0, R: 3}
    click(qtbot, bar.advance_button)
    select(window, lurker)
    menu_action(window, "claims Rooftop Shrine").trigger()
    assert totals(window) == {G: 0, R: 3}
    capo = next(u for u, n in names.items() if n == "Guild Capo")
    activate(capo)
    walk(capo)
    assert totals(window) == {G: 3, R: 3}
    click(qtbot, bar.advance_button)
    select(window, capo)
    menu_action(window, "reveals Golden Mask").trigger()
    assert totals(window) == {G: 3, R: 3}
    assert bar.clock.text() == "Round 1 · 3 of 8 activated"
    got = list(window.doc.timeline.events)
    assert [type(e) for e in got] == [type(e) for e in bundled.events[:14]]
    assert got[0] == TurnStart(1)
    assert isinstance(got[6], UpdatePiece)
    # "End round" is the second button; the round closes and the bar offers round 2.
    assert bar.second_button.text() == "End round 1"
    click(qtbot, bar.second_button)
    assert window.doc.timeline.events[-1] == TurnEnd(1)
    assert bar.advance_button.text() == "Start round 2"


def test_carnevale_ctrl_shift_return_ends_the_round_once_every_character_has_acted(qtbot):
    """The trial: once the 8 characters had activated the bar showed "End round 1"
    alone (and an empty drop-down), and Ctrl+Shift+Return, documented as ending
    the round, did nothing and said nothing. It ends the round whichever button
    shows it; with no turn or round to end it says so and records nothing."""
    bundled = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    game = Game(bundled.setup, bundled.events[:30])  # round 1, all 8 activated
    window = open_window(qtbot, game)
    bar = window.turn_bar
    assert bar.clock.text() == "Round 1 · 8 of 8 activated"
    assert [s.label for s in bar.steps] == ["End round 1"]
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
    assert window.doc.timeline.events[-1] == TurnEnd(1)
    window.doc.undo_stack.undo()
    assert not bar.chooser_box.isVisible(), "no character left to choose"
    window.doc.undo_stack.redo()
    assert bar.advance_button.text() == "Start round 2"
    before = len(window.doc.timeline)
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
    assert len(window.doc.timeline) == before
    assert bar.message.text() == (
        "Nothing to end now: the next step is Start round 2 (Ctrl+Return)"
    )
    window.doc.undo_stack.undo()  # the state it spoke of is gone: so is the message
    assert bar.message.text() == ""
    window.doc.undo_stack.redo()
    # While a character activates, the key still ends the round (the second button).
    click(qtbot, bar.advance_button)
    click(qtbot, bar.advance_button)
    assert [s.label for s in bar.steps][1:] == ["End round 2"]
    assert bar.message.text() == ""
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
    assert window.doc.timeline.events[-1] == TurnEnd(2)


def test_hex_ctrl_shift_return_ends_the_turn_when_it_is_the_only_step(qtbot):
    """Hex: after the movement phase the bar offers only "End X's turn → Y"; the
    key that ends the turn from any phase ends it there too."""
    bundled = load_game(SCENARIOS / "hex_hochkirch_ridge_demo.json")
    window = open_window(qtbot, Game(bundled.setup, []))
    bar = window.turn_bar
    while len(bar.steps) > 1 or "turn →" not in bar.steps[0].label:
        click(qtbot, bar.advance_button)
    (only,) = bar.steps
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
    assert isinstance(window.doc.timeline.events[-1], TurnStart), only.label
    assert window.doc.timeline.events[-2] == next(e for e in only.events if isinstance(e, TurnEnd))


def test_carnevale_round_2_offers_a_character_of_the_gang_that_did_not_act_last_in_round_1(qtbot):
    """The trial: the Zombie (Doctors) activated last in round 1, and Start round 2
    offered "Activate Zombie" again. Here the Doctors' Zombie acts last in round 1:
    round 2 offers the Guild's Capo (docs/playing.md, The turn bar)."""
    sides = (Side("guild", "Guild", "#0072b2"), Side("doctors", "Doctors", "#d55e00"))
    setup = new_carnevale_setup(sides=sides)
    units = [character("zombie", "Zombie", "doctors", 10, 30),
             character("capo", "Capo", "guild", 10, 5)]  # fmt: skip
    setup = replace(setup, scene=setup.scene.with_pieces(units))
    round_1 = (TurnStart(1), ActivationStart("capo"), ActivationEnd("capo"),
               ActivationStart("zombie"), ActivationEnd("zombie"), TurnEnd(1))  # fmt: skip
    window = open_window(qtbot, Game(setup, round_1))
    bar = window.turn_bar
    assert bar.advance_button.text() == "Start round 2"
    click(qtbot, bar.advance_button)
    assert bar.chooser_box.currentData() == "capo"
    assert bar.advance_button.text() == "Activate Capo"

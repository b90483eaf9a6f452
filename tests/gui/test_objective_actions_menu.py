"""The objective-actions menu (right-click, Ctrl+Space) files an action under the
submenu its family names (``Action.group``) and keeps the side input's action
(``Action.takes_input``) at the top level: the window asks the action, it knows
no family's group by name."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMenu

from tabletop_gui.examples import SCENARIOS
from tabletop_gui.io import load_game
from tabletop_gui.play.actions import menu as menu_of

from .helpers import open_window


def entries(menu: QMenu) -> dict[str, list[str]]:
    """The menu's entries by submenu title ("" for the top level)."""
    out: dict[str, list[str]] = {"": []}
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            out[action.text()] = [a.text() for a in sub.actions()]
        else:
            out[""].append(action.text())
    return out


def test_a_carnevale_characters_life_point_losses_share_the_submenu_the_family_names(qtbot):
    """The Cutpurse (6 Life Points) offers losing 1 to 6 Life Points (all it has
    left: a big hit is one event), grouped by the family under "Life Points";
    removing it stays at the top level."""
    window = open_window(qtbot, load_game(SCENARIOS / "carnevale_drowned_quarter.json"))
    window.scene.piece_item("g-cutpurse").setSelected(True)
    offered = [a for a, _why in window.play.context_actions()]
    assert {a.group for a in offered} == {"", "Life Points"}
    menu = entries(window.play.build_context_menu())
    losses = [f"Cutpurse loses {n} Life Point{'s' * (n > 1)}" for n in range(1, 7)]
    assert menu["Life Points"] == losses
    assert "Remove Cutpurse from the board" in menu[""]
    assert [a.label for a in offered if a.group == "Life Points"] == menu["Life Points"]


def test_the_hex_command_card_the_side_input_records_is_a_top_level_entry(qtbot):
    """A hex side's turn offers playing the card typed in the turn bar (the action
    that takes the input): one top-level entry, no submenu of its own. The bundled
    battle is over at its end (every action refused: under Not now), so it is
    opened at the last moment of a side's turn where playing a card is allowed
    (once the side has played one, a second is under Not now: docs/hex.md, Flags)."""
    from tabletop_gui.model.game import Game
    from tabletop_gui.rules import replay

    game = load_game(SCENARIOS / "hex_hochkirch_ridge_demo.json")

    def card_allowed(k: int) -> bool:
        state = replay(game.setup, list(game.events), k)
        listed = menu_of(state, [])
        return state.clock.side is not None and any(a.takes_input and not w for a, w in listed)

    cut = max(k for k in range(1, len(game.events)) if card_allowed(k))
    window = open_window(qtbot, Game(game.setup, game.events[:cut]))
    offered = [a for a, _why in window.play.context_actions()]
    takes = [a for a in offered if a.takes_input]
    assert len(takes) == 1 and takes[0].label.startswith("Play ")
    menu = entries(window.play.build_context_menu())
    assert [t for t in menu if t and not t.startswith("Not now")] == [], "no submenu of its own"
    assert takes[0].label in menu[""]


def test_the_menus_steal_moves_the_pickpocket_out_of_base_contact_and_undo_puts_it_back(qtbot):
    """The bundled game, round 2: Deep Spawn (Pickpocket) has walked into base
    contact with the Cutpurse, who carries the Smuggler's Chest. The rules have the
    Pickpocket disengage, moving to x, y, and take the objective (docs/carnevale.md,
    Events): the menu's steal moves it 0.50 in clear of the carrier, chest and all,
    as one undo step."""
    from tabletop_gui.model.game import Game
    from tabletop_gui.rules.carnevale.measure import gap

    game = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    moved = next(i for i, e in enumerate(game.events) if e.type == "carnevale.steal")
    window = open_window(qtbot, Game(game.setup, game.events[:moved]))
    window.scene.piece_item("r-spawn").setSelected(True)

    def apart() -> float:
        units = window.doc.committed.scene.units
        return gap(units["r-spawn"], units["g-cutpurse"])

    assert apart() <= 0.02, "in base contact before the steal"
    (entry,) = [a for a in window.play.build_context_menu().actions() if "steals" in a.text()]
    assert (
        entry.text()
        == "Deep Spawn disengages (0.50 in clear) and steals from Cutpurse (Pickpocket)"
    )
    entry.trigger()
    scene = window.doc.committed.scene
    assert apart() == pytest.approx(0.5, abs=1e-3)
    chest = scene.markers["obj-chest"]
    assert chest.carried_by == "r-spawn"
    assert (chest.x, chest.y) == (scene.units["r-spawn"].x, scene.units["r-spawn"].y)
    window.edit.undo_action.trigger()
    assert apart() <= 0.02
    assert window.doc.committed.scene.markers["obj-chest"].carried_by == "g-cutpurse"


def test_what_a_character_cannot_do_now_waits_under_not_now_with_the_reason(qtbot):
    """The bundled game, round 2, Bravo activating: Deep Spawn cannot activate
    (one character activates at a time) nor pick up the Smuggler's Chest (that
    waits for the end of its own activation: docs/carnevale.md, Events). The
    menu's top level lists only what it can do now; the two wait under
    "Not now (2)", each saying why in its tooltip and the status bar, and chosen
    anyway the turn bar says why and nothing is recorded."""
    from tabletop_gui.model.game import Game

    game = load_game(SCENARIOS / "carnevale_drowned_quarter.json")
    bravo = next(
        i
        for i, e in enumerate(game.events)
        if e.type == "carnevale.activation_start" and e.character == "g-bravo" and i > 30
    )
    window = open_window(qtbot, Game(game.setup, game.events[: bravo + 1]))
    window.scene.piece_item("r-spawn").setSelected(True)
    menu = entries(window.play.build_context_menu())
    assert list(menu) == ["", "Life Points", "Not now (2)"]
    assert [t for t in menu[""] if t] == ["Remove Deep Spawn from the board"]
    assert not [t for t in menu["Life Points"] if "not now" in t]
    assert menu["Not now (2)"] == ["Activate Deep Spawn", "Deep Spawn picks up Smuggler's Chest"]
    built = window.play.build_context_menu()
    (title,) = [a for a in built.actions() if a.text() == "Not now (2)"]
    activate, pick_up = title.menu().actions()
    assert activate.toolTip() == activate.statusTip() == "Bravo is still activating"
    assert "only as it ends its activation" in pick_up.toolTip()
    before = window.doc.undo_stack.count()
    activate.trigger()
    assert window.turn_bar.message.text() == (
        "Refused: Activate Deep Spawn: Bravo is still activating"
    )
    assert window.doc.undo_stack.count() == before


def test_the_menus_command_card_is_the_one_in_the_turn_bars_card_box(qtbot):
    """A Memoir '44 player typed Attack Center in the card box, right-clicked a
    unit and chose "Play Scout": the log said "United States plays Scout". The
    menu plays the card in the box, as the bar's Play card button does, and
    with the box empty leaves playing a card to the bar."""
    from PySide6.QtWidgets import QApplication

    from tabletop_gui.model.game import Game
    from tests.hex.m44kit import imported, unit_on
    from tests.hex.mill_ford import MILL_FORD, battle

    game = imported(MILL_FORD).game
    window = open_window(qtbot, Game(game.setup))
    window.play.perform(battle(game)[0][1][:2], "turn 1")  # the Allies' turn begins
    window.scene.piece_item(unit_on(game, "C3")).setSelected(True)
    QApplication.processEvents()
    box = window.turn_bar.input_box
    for card in ("Attack Center", "Recon In Force"):
        box.setEditText(card)
        (play,) = [
            a for a in window.play.build_context_menu().actions() if a.text().startswith("Play ")
        ]
        assert play.text() == f"Play {card}"
    play.trigger()
    QApplication.processEvents()
    assert window.doc.timeline.events[-1].card == "Recon In Force"
    assert "United States plays Recon In Force" in window.log_panel.row_text(
        len(window.doc.timeline)
    )
    box.setEditText("")
    texts = [a.text() for a in window.play.build_context_menu().actions()]
    assert not [t for t in texts if t.startswith("Play ")]


def test_playing_a_card_from_the_turn_bar_says_so_in_the_status_bar(qtbot):
    """Every action the bar records says what it did in the status bar; "Play
    card" said only "Play Attack Center", gone in five seconds (the game log
    alone showed it was recorded): it says what was recorded, in the log's words."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tabletop_gui.model.game import Game
    from tests.hex.m44kit import imported
    from tests.hex.mill_ford import MILL_FORD, battle

    game = imported(MILL_FORD).game
    window = open_window(qtbot, Game(game.setup))
    window.play.perform(battle(game)[0][1][:2], "turn 1")  # the Allies' turn begins
    window.statusBar().clearMessage()
    window.turn_bar.input_box.setEditText("Attack Center")
    qtbot.mouseClick(window.turn_bar.input_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    qtbot.wait(700)  # what follows a change (the labels, the panels) has run
    assert window.doc.timeline.events[-1].card == "Attack Center"
    said = window.statusBar().currentMessage()
    assert said.startswith("Recorded: ") and said.endswith("United States plays Attack Center")


def test_a_second_card_in_a_turn_is_refused_by_the_bar_as_by_the_menu(qtbot):
    """One Command card a turn (docs/hex.md, Flags): the right-click menu keeps a
    second under "Not now"; the bar's Play card button recorded it all the same.
    It says why and records nothing."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from tabletop_gui.model.game import Game
    from tests.hex.m44kit import imported
    from tests.hex.mill_ford import MILL_FORD, battle

    game = imported(MILL_FORD).game
    window = open_window(qtbot, Game(game.setup))
    window.play.perform(battle(game)[0][1][:2], "turn 1")  # the Allies' turn begins
    bar = window.turn_bar
    bar.input_box.setEditText("Attack Center")
    qtbot.mouseClick(bar.input_button, Qt.MouseButton.LeftButton)
    count = len(window.doc.timeline)
    bar.input_box.setEditText("Probe Left Flank")
    qtbot.mouseClick(bar.input_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert len(window.doc.timeline) == count
    assert bar.message.text().startswith("Refused: Play Probe Left Flank: ")

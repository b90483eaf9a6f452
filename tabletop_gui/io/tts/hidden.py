"""What a save must not tell the players: the values of markers that are face
down (``Family.value_hidden``: a Carnevale Hidden objective not yet revealed).

Everyone at a TTS table can read every object's Description and Memo, so the
game a save carries on its plate (docs/file-format.md, "What the save holds") is
the players' game: the same setup and log with those values left out, wherever
the game holds them (the marker in the setup, a marker placed during the game,
a value changed in the log). The game file keeps them; a save read back into
it (``--into``) keeps them too."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from tabletop_gui.model.events import Event
from tabletop_gui.model.events.core import AddPiece, DeletePiece, UpdatePiece
from tabletop_gui.model.game import Game
from tabletop_gui.model.state import GameState
from tabletop_gui.rules.engine import apply, family_of, initial_state


def withheld(game: Game, state: GameState) -> tuple[str, ...]:
    """The ids of the markers whose values the players do not know at ``state``
    (the game after its whole log): face down now, or face down when deleted."""
    family = family_of(state.setup)
    ids = [m.id for m in state.scene.markers.values() if family.value_hidden(m)]
    if any(isinstance(e, DeletePiece) for e in game.events):
        step = initial_state(game.setup)
        for event in game.events:
            if isinstance(event, DeletePiece):
                gone = step.scene.markers.get(event.piece_id)
                if gone is not None and family.value_hidden(gone):
                    ids.append(gone.id)
            step = apply(step, event)
    return tuple(dict.fromkeys(ids))


def players_game(game: Game, hidden: Collection[str]) -> Game:
    """``game`` with no value for the markers ``hidden``: not in the setup, not
    on a marker placed during the game, not in a change of value in the log (the
    change is kept, to no value, so the log keeps its length and order)."""
    if not hidden:
        return game
    scene = game.setup.scene
    markers = {
        mid: replace(m, value=None) if mid in hidden else m for mid, m in scene.markers.items()
    }
    setup = replace(game.setup, scene=replace(scene, markers=markers))
    return replace(game, setup=setup, events=tuple(_event(e, hidden) for e in game.events))


def marker_names(game: Game | None, ids: Collection[str]) -> str:
    """The markers ``ids`` by their labels as the game placed them (its setup,
    or a marker placed during the game), else by id: 'Sunken Relic, obj-9'."""
    labels: dict[str, str] = {}
    if game is not None:
        for marker in game.setup.scene.markers.values():
            labels[marker.id] = marker.label
        for event in game.events:
            if isinstance(event, AddPiece) and event.marker is not None:
                labels.setdefault(event.marker.id, event.marker.label)
    return ", ".join(labels.get(mid) or mid for mid in ids)


def _event(event: Event, hidden: Collection[str]) -> Event:
    if isinstance(event, AddPiece) and event.marker is not None and event.marker.id in hidden:
        return replace(event, marker=replace(event.marker, value=None))
    if isinstance(event, UpdatePiece) and event.piece_id in hidden and "value" in event.changes:
        return replace(event, changes={**event.changes, "value": None})
    return event

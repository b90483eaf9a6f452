"""Registers the Tabletop Simulator save importer with ``io.importers`` (the
``import`` command, File ▸ Import…): a save read into a game as moves.

The game is the one given (``--into``, or the game open in the window), else the
one this program wrote on the save's board plate when it exported it; a save
with neither (a community mod's, without ``--into``) is refused with what to do,
and so is a save whose plate leaves out values still face down (docs/file-format.md,
"What the save holds"): only the game file has them. A save exported from another
game than ``--into``'s is refused unless the request says ``other_game`` (then
read with a note): its pieces would be matched to this game's by id and name."""

from __future__ import annotations

from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.io.importers import (
    OPTION_INTO,
    OPTION_OTHER_GAME,
    Importer,
    ImportRequest,
    ImportResult,
    register,
)
from tabletop_gui.io.tts.memory import recall
from tabletop_gui.io.tts.read import MAX_SAVE_BYTES, TtsSave, looks_like_save, read_save
from tabletop_gui.io.tts.replay import another_game_note, another_game_refusal, read_into
from tabletop_gui.io.tts.write import PLATE_NOTE


def load(data: bytes, request: ImportRequest) -> ImportResult:
    save = read_save(data, request.source)
    game = request.into if request.into is not None else save.game
    if game is None:
        why = (
            "the game on its board plate is gone (TTS kept no Memo)"
            if save.written_here
            else "it was not written by tabletop-gui, so it does not carry the game"
        )
        raise FileFormatError(
            "(file)",
            f"a Tabletop Simulator save, but {why}: import it into the game it shows "
            "(tabletop-gui import SAVE.json --into GAME.json -o NEW.json, or open the game "
            "and use File ▸ Import…)",
            request.source,
        )
    if request.into is None and save.withheld:
        raise FileFormatError(
            f"{_plate_path(save)}.Memo",
            "a Tabletop Simulator save whose board plate leaves out the values of "
            f"markers still face down ({save.withheld_names()}), so that the players "
            "cannot read them in TTS: import it into the game file it was exported from "
            "(tabletop-gui import SAVE.json --into GAME.json -o NEW.json, or open the game "
            "and use File ▸ Import…)",
            request.source,
        )
    if request.into is not None and not request.other_game:
        refusal = another_game_refusal(save, request.into)
        if refusal is not None:
            raise FileFormatError("(file)", refusal, request.source)
    result = read_into(game, save, remembered=recall())
    notes = result.notes
    other = another_game_note(save, game) if request.into is not None else None
    if other is not None:
        notes = (other, *notes)
    return ImportResult(result.game, result.summary, notes)


def _plate_path(save: TtsSave) -> str:
    plates = [o.path for o in save.objects if o.gm_notes == PLATE_NOTE]
    return plates[0] if plates else "(file)"


IMPORTER = register(
    Importer(
        key="tts",
        title="Tabletop Simulator save",
        kind="save",
        sniff=lambda data, name: looks_like_save(data),
        load=load,
        options=frozenset({OPTION_INTO, OPTION_OTHER_GAME}),
        patterns=("*.json",),
        priority=20,
        max_bytes=MAX_SAVE_BYTES,
        reads_json=True,
    )
)

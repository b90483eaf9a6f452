"""The model names no rule family: no string or attribute in tabletop_gui/model/
is a family's name, one of its objective kinds, event names or piece fields. What
a family adds reaches the model through the game state's terms (model/terms.py)
and the family's own declarations (model/fields.py), never by name. The hex board
is a board (``HexBoard.kind == "hex"``, any family may play on one), not the hex
family."""

from __future__ import annotations

from pathlib import Path

import tabletop_gui
from tabletop_gui.rules.registry import families, family_names

from .test_qt_layer_names_no_family import (
    attributes_in_code,
    family_field_names,
    names_a_family,
    strings_in_code,
)

MODEL = Path(tabletop_gui.__file__).parent / "model"
#: Board kinds the model defines, which a family's name may equal.
BOARD_KINDS = {"hex", "inch"}


def test_no_string_or_attribute_in_the_model_names_a_family_or_its_words():
    names = set(family_names())
    words = family_field_names() | {k for f in families() for k in f.objective_kinds()}
    assert {"fleeing", "carnevale.reveal", "t9a.hold_the_ground"} <= words
    found = [
        f"{path.relative_to(MODEL.parent)}:{line}: {text!r}"
        for path in sorted(MODEL.rglob("*.py"))
        for line, text in [*strings_in_code(path), *attributes_in_code(path)]
        if text not in BOARD_KINDS and (names_a_family(text, names) or text in words)
    ]
    assert found == []

"""The army list importers of the registry (``io.importers``): New Recruit's text
and JSON exports, 9th Builder's text export and BattleScribe rosters (.ros,
.rosz), each told by its content."""

from __future__ import annotations

from collections.abc import Callable

from tabletop_gui.io.armylists.bases import BaseTable, load_table, user_table
from tabletop_gui.io.armylists.model import ArmyList, BaseSize, parse_base
from tabletop_gui.io.armylists.ninth_builder import looks_like_ninth_builder, parse_ninth_builder
from tabletop_gui.io.armylists.nr_json import looks_like_nr_json, parse_nr_json
from tabletop_gui.io.armylists.plan import ArmyPlan, plan_army
from tabletop_gui.io.armylists.roster import looks_like_roster, parse_roster_bytes
from tabletop_gui.io.armylists.text import decode_text, looks_like_text_list, parse_text_list
from tabletop_gui.io.armylists.to_game import ArmyImportError, notes, place_army, summary
from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.io.importers import (
    OPTION_BASES,
    OPTION_DEPLOYMENT,
    OPTION_INTO,
    OPTION_OBJECTIVE,
    OPTION_SIDE,
    Importer,
    ImportRequest,
    ImportResult,
    register,
)

ARMY_OPTIONS = frozenset(
    {OPTION_SIDE, OPTION_INTO, OPTION_DEPLOYMENT, OPTION_OBJECTIVE, OPTION_BASES}
)


def _text_list(data: bytes, source: str) -> ArmyList:
    return parse_text_list(decode_text(data), source)


#: (sniff, reader) of each army list format, in the order they are asked; the
#: plain text export, the loosest, last.
READERS: tuple[tuple[Callable[[bytes], bool], Callable[[bytes, str], ArmyList]], ...] = (
    (looks_like_roster, parse_roster_bytes),
    (looks_like_nr_json, parse_nr_json),
    (looks_like_ninth_builder, parse_ninth_builder),
    (looks_like_text_list, _text_list),
)


def read_army(data: bytes, source: str = "") -> ArmyList:
    """Any army list format, told by its content (unrecognised: read as the text
    export, which names the line it cannot read)."""
    for sniff, parse in READERS:
        if sniff(data):
            return parse(data, source)
    return _text_list(data, source)


def plan_for(army: ArmyList, request: ImportRequest) -> ArmyPlan:
    """The plan with the request's --base answers and --bases table, and the
    user's own table of remembered answers."""
    overrides: dict[str, BaseSize] = {}
    for name, text in request.bases.items():
        try:
            overrides[name] = parse_base(text)
        except ValueError as exc:
            raise FileFormatError("--base", f"{name}: {exc}", request.source) from None
    tables: list[BaseTable] = []
    if request.bases_table:
        tables.append(load_table(request.bases_table))
    return plan_army(army, overrides=overrides, tables=tables, user=user_table())


def _loader(
    parse: Callable[[bytes, str], ArmyList],
) -> Callable[[bytes, ImportRequest], ImportResult]:
    def load(data: bytes, request: ImportRequest) -> ImportResult:
        army = parse(data, request.source)
        plan = plan_for(army, request)
        try:
            placed = place_army(
                plan,
                into=request.into,
                side=request.side,
                deployment=request.deployment,
                objective=request.objective,
            )
        except ArmyImportError as exc:
            raise FileFormatError(exc.where, exc.problem, request.source) from None
        return ImportResult(placed.game, summary(placed), tuple(notes(placed)))

    return load


TEXT_LIST = register(
    Importer(
        key="t9a-text",
        title="The Ninth Age army list text (New Recruit export)",
        kind="army list",
        sniff=lambda data, name: looks_like_text_list(data),
        load=_loader(_text_list),
        options=ARMY_OPTIONS,
        patterns=("*.txt",),
        priority=-10,
    )
)
NR_JSON = register(
    Importer(
        key="newrecruit-json",
        title="New Recruit JSON export",
        kind="army list",
        sniff=lambda data, name: looks_like_nr_json(data),
        load=_loader(parse_nr_json),
        options=ARMY_OPTIONS,
        patterns=("*.json",),
        reads_json=True,
    )
)
NINTH_BUILDER = register(
    Importer(
        key="9thbuilder-text",
        title="9th Builder text export",
        kind="army list",
        sniff=lambda data, name: looks_like_ninth_builder(data),
        load=_loader(parse_ninth_builder),
        options=ARMY_OPTIONS,
        patterns=("*.txt",),
        priority=-5,
    )
)
ROSTER = register(
    Importer(
        key="battlescribe",
        title="BattleScribe roster (.ros, .rosz)",
        kind="army list",
        sniff=lambda data, name: looks_like_roster(data),
        load=_loader(parse_roster_bytes),
        options=ARMY_OPTIONS,
        patterns=("*.ros", "*.rosz"),
    )
)

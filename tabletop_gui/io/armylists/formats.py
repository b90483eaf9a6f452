"""The army list importers of the registry (``io.importers``): the T9A builders'
text export and BattleScribe rosters (.ros, .rosz)."""

from __future__ import annotations

from collections.abc import Callable

from tabletop_gui.io.armylists.bases import BaseTable, load_table, user_table
from tabletop_gui.io.armylists.model import ArmyList, BaseSize, parse_base
from tabletop_gui.io.armylists.plan import ArmyPlan, plan_army
from tabletop_gui.io.armylists.roster import looks_like_roster, parse_roster_bytes
from tabletop_gui.io.armylists.text import decode_text, looks_like_text_list, parse_text_list
from tabletop_gui.io.armylists.to_game import ArmyImportError, notes, place_army, summary
from tabletop_gui.io.errors import FileFormatError
from tabletop_gui.io.importers import (
    OPTION_BASES,
    OPTION_DEPLOYMENT,
    OPTION_INTO,
    OPTION_SIDE,
    Importer,
    ImportRequest,
    ImportResult,
    register,
)

ARMY_OPTIONS = frozenset({OPTION_SIDE, OPTION_INTO, OPTION_DEPLOYMENT, OPTION_BASES})


def read_army(data: bytes, source: str = "") -> ArmyList:
    """Any army list format, told by its content."""
    if looks_like_roster(data):
        return parse_roster_bytes(data, source)
    return parse_text_list(decode_text(data), source)


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
                plan, into=request.into, side=request.side, deployment=request.deployment
            )
        except ArmyImportError as exc:
            raise FileFormatError("(options)", str(exc), request.source) from None
        return ImportResult(placed.game, summary(placed), tuple(notes(placed)))

    return load


TEXT_LIST = register(
    Importer(
        key="t9a-text",
        title="The Ninth Age army list text (New Recruit export)",
        kind="army list",
        sniff=lambda data, name: looks_like_text_list(data),
        load=_loader(lambda data, source: parse_text_list(decode_text(data), source)),
        options=ARMY_OPTIONS,
        patterns=("*.txt",),
        priority=-10,
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

"""What the names in a Memoir '44 scenario file (.m44) mean: terrain tiles,
board faces, units, nations, countries and tags.

Learnt from the scenario editor's files as the public Board Game Arena
implementation reads them (docs/hex.md, "Memoir '44 scenarios"); no code or
data of theirs is copied. Terrain is drawn by kind (a legend entry), not by
tile: rivers, roads and hills are tinted hexes, bridges, bunkers, wire and
sandbags are badges drawn over the hex.
"""

from __future__ import annotations

from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.hexterrain import TerrainKind

# -- terrain --------------------------------------------------------------

#: Legend entries, by key. Fills are pale so units and highlights read over
#: them; overlays (drawn as a ring inside the hex) are strong.
KINDS: dict[str, TerrainKind] = {
    k.key: k
    for k in (
        TerrainKind("country", "Countryside", "#dfe6c8"),
        TerrainKind("winter", "Snow-covered ground", "#f1f3f4"),
        TerrainKind("desert", "Desert", "#eadcb5"),
        TerrainKind("beach", "Beach", "#f0e0a8"),
        TerrainKind("ocean", "Ocean", "#9cc3e6"),
        TerrainKind("coast", "Coastline", "#b5d3ee"),
        TerrainKind("hills", "Hills", "#cdb48a"),
        TerrainKind("cliffs", "Cliffs, bluffs and steep hills", "#a88c66"),
        TerrainKind("mountains", "Mountains", "#9c8e80"),
        TerrainKind("ridges", "Ergs, ridges and escarpments", "#d8c08a"),
        TerrainKind("woods", "Woods and forests", "#8fb77e"),
        TerrainKind("jungle", "Jungle", "#6fa56a"),
        TerrainKind("hedgerow", "Hedgerows", "#a9bf7a"),
        TerrainKind("town", "Towns and buildings", "#d9a79a"),
        TerrainKind("fortress", "Fortresses", "#b9928a"),
        TerrainKind("industry", "Factories, dams and stations", "#bcaeb0"),
        TerrainKind("airfield", "Airfields", "#c9c9c9"),
        TerrainKind("hq", "HQ, supply and hospital tents", "#e0c9a6"),
        TerrainKind("oasis", "Oasis", "#a8d5a0"),
        TerrainKind("caves", "Caves", "#8f7f6a"),
        TerrainKind("river", "Rivers", "#8ec1ea"),
        TerrainKind("ford", "Fords and fordable streams", "#b8daf2"),
        TerrainKind("frozen_river", "Frozen rivers", "#d6e9f5"),
        TerrainKind("lake", "Lakes and ponds", "#7fb0df"),
        TerrainKind("marsh", "Marshes", "#b7c9a8"),
        TerrainKind("rice", "Rice paddies", "#c7dba0"),
        TerrainKind("wadi", "Wadis and ravines", "#c9b38e"),
        TerrainKind("road", "Roads", "#d8cdb8"),
        TerrainKind("hill_road", "Roads over hills", "#d6c29c"),
        TerrainKind("rail", "Railways", "#b8b0a8"),
        TerrainKind("bridge", "Bridges", "#7a5230", overlay=True),
        TerrainKind("bunker", "Bunkers", "#5f6368", overlay=True),
        TerrainKind("wire", "Barbed wire", "#3c3c3c", overlay=True),
        TerrainKind("sandbags", "Sandbags", "#c2a46b", overlay=True),
        TerrainKind("seawall", "Sea walls", "#8a8a8a", overlay=True),
        TerrainKind("hedgehog", "Hedgehogs", "#4a4a4a", overlay=True),
        TerrainKind("dragon_teeth", "Dragon's teeth and road blocks", "#6e6e6e", overlay=True),
        TerrainKind("trenches", "Trenches", "#6d5a3c", overlay=True),
        TerrainKind("pier", "Piers, pontoons and barges", "#5d4037", overlay=True),
        TerrainKind("minefield", "Minefields", "#b71c1c", overlay=True),
    )
}

UNKNOWN_COLOUR = "#ff00ff"


#: Legend key -> the tile names of that kind (behaviours that change the kind
#: are in BEHAVIOURS).
_TILES_BY_KIND = {
    "beach": "beach pbeach",
    "coast": "coast coastcurve",
    "hills": "hills whill dhill highground",
    "hill_road": "hillroad hillcurve",
    "mountains": "mountain",
    "ridges": "dridge descarpment",
    "woods": "woods wforest palmtrees whillforest",
    "jungle": "pjungle",
    "hedgerow": "hedgerow",
    "town": "buildings bled wvillage pvillage whillvillage church cemetery wruins lighthouse "
    "barracks camp station",
    "fortress": "fortress",
    "industry": "factory wfactory powerplant radar dam depot",
    "airfield": "airfield airfieldX dairfield dairfieldX pairfield pairfieldX wairfield",
    "hq": "dcamp pheadquarter phospital",
    "oasis": "oasis",
    "caves": "pcave pmcave",
    "river": "river riverFL riverFR riverY curve pmouth",
    "ford": "ford",
    "frozen_river": "wriver wriverFR wcurved",
    "lake": "lakeA lakeB lakeC pond",
    "marsh": "marshes wmarshes",
    "rice": "price",
    "wadi": "wadi wcurve wravine",
    "road": "road roadcurve roadFL roadFR roadX roadY droad droadX droadcurve droadFL droadFR "
    "wroad wroadcurve wroadFL wroadFR wroadX wroadY",
    "rail": "rail railcurve railFL railFR railX wrail wrailcurve",
    "bridge": "bridge pbridge wbridge brkbridge railbridge wrailbridge",
    "bunker": "bunker casemate dbunker pbunker wbunker",
    "wire": "wire",
    "sandbags": "sand",
    "hedgehog": "hedgehog",
    "dragon_teeth": "dragonteeth roadblock droadblock",
    "trenches": "wtrenches ptrenches",
    "pier": "ppier pontoon barge",
}

#: Tile name -> legend key.
TILES: dict[str, str] = {
    name: kind for kind, names in _TILES_BY_KIND.items() for name in names.split()
}

#: (tile kind, behaviour) -> another kind: a hill that is a cliff, a river one can ford.
BEHAVIOURS: dict[tuple[str, str], str] = {
    ("hills", "CLIFF"): "cliffs",
    ("hills", "BLUFF"): "cliffs",
    ("hills", "STEEP_HILL"): "cliffs",
    ("river", "FORD"): "ford",
    ("river", "FORDABLE_STREAM"): "ford",
    ("sandbags", "SEAWALL"): "seawall",
}

#: Board faces -> the ground of a hex without terrain of its own.
FACES = {"COUNTRY": "country", "WINTER": "winter", "DESERT": "desert", "BEACH": "country"}

#: BEACH face: rows (counted from the top of the printed board) that are beach
#: or ocean where no terrain is printed, by board type.
BEACH_ROWS: dict[str, dict[int, str]] = {
    "standard": {4: "beach", 5: "beach", 6: "beach", 7: "ocean", 8: "ocean"},
    "overlord": {4: "beach", 5: "beach", 6: "beach", 7: "ocean", 8: "ocean"},
    "breakthrough": {11: "beach", 12: "beach", 13: "beach", 14: "ocean", 15: "ocean", 16: "ocean"},
}


def terrain_kind(name: str, behaviour: str | None) -> str | None:
    """The legend key of a tile, None for a tile this program does not know."""
    kind = TILES.get(name)
    if kind is None:
        return None
    return BEHAVIOURS.get((kind, behaviour or ""), kind)


# -- boards ---------------------------------------------------------------

#: The file's board type -> this program's board type (model/hexboards.py).
BOARD_TYPES = {"STANDARD": "standard", "BRKTHRU": "breakthrough", "OVERLORD": "overlord"}

# -- sides, nations, countries -----------------------------------------------

SIDES = {"AXIS": "Axis", "ALLIES": "Allies"}
SIDE_COLOURS = {"AXIS": "#0072b2", "ALLIES": "#d55e00"}

COUNTRIES = {
    "DE": "Germany", "US": "United States", "GB": "Great Britain", "RU": "Soviet Union",
    "JP": "Japan", "FR": "France", "CA": "Canada", "IT": "Italy", "PL": "Poland",
    "FI": "Finland", "RO": "Romania", "SK": "Slovakia", "NL": "Netherlands",
    "AU": "Australia", "NZ": "New Zealand", "BE": "Belgium", "GR": "Greece",
    "HU": "Hungary", "CN": "China", "IN": "India", "NO": "Norway", "YU": "Yugoslavia",
    "CS": "Czechoslovakia", "ZA": "South Africa", "BR": "Brazil",
}  # fmt: skip


@dataclass(frozen=True)
class Nation:
    side: str  # AXIS or ALLIES
    adjective: str


#: A unit name's nation suffix.
NATIONS = {
    "ger": Nation("AXIS", "German"), "jp": Nation("AXIS", "Japanese"),
    "it": Nation("AXIS", "Italian"), "us": Nation("ALLIES", "US"),
    "brit": Nation("ALLIES", "British"), "gb": Nation("ALLIES", "British"),
    "ru": Nation("ALLIES", "Soviet"), "fr": Nation("ALLIES", "French"),
    "ch": Nation("ALLIES", "Chinese"),
}  # fmt: skip


@dataclass(frozen=True)
class UnitType:
    prefix: str  # how the unit's name starts
    kind: str  # Unit.kind: what the rules read (exits count infantry)
    name: str
    #: Figures at full strength (Memoir's rules; a unit's ``nbr_units`` says
    #: otherwise for it); None: not counted in figures.
    figures: int | None = None
    #: What makes it special (the hex family's ``special``): an elite unit.
    special: str = ""


#: Unit name prefixes, longest first (``inf2ger`` is elite infantry, not ``inf``).
UNIT_TYPES = (
    UnitType("inf2", "infantry", "Elite Infantry", 4, "Elite"),
    UnitType("tank2", "armor", "Elite Armor", 4, "Elite"),
    UnitType("tiger", "armor", "Tiger", 1, "Tiger"),
    UnitType("inf", "infantry", "Infantry", 4),
    UnitType("tank", "armor", "Armor", 3),
    UnitType("gun", "artillery", "Artillery", 2),
    UnitType("veh", "vehicle", "Truck"),
)
#: An elite armour unit of one figure is a Tiger (as Board Game Arena reads it).
TIGER = UnitType("tiger", "armor", "Tiger", 1, "Tiger")

#: Units the file places as ``rect_terrain`` (they belong to player 2's side).
TERRAIN_UNITS = {
    "pdestroyer": UnitType("pdestroyer", "destroyer", "Destroyer", 3),
    "loco": UnitType("loco", "locomotive", "Locomotive", 4),
    "wagon": UnitType("wagon", "wagon", "Wagon", 3),
}

#: Specialist badges (``badgeN``) -> the unit's name; other badges are insignia.
BADGES = {
    "3": "French Resistance", "5": "Big Gun", "6": "Combat Engineers",
    "8": "Combat Engineers", "12": "Combat Engineers", "26": "Sniper", "27": "Sniper",
    "28": "Combat Engineers", "29": "Cavalry", "30": "Ski Troops", "31": "Combat Engineers",
    "33": "Flame Thrower Tank", "35": "Mobile Artillery", "37": "Anti-Tank Gun",
    "41": "Mortar", "45": "Machine Gun", "46": "Heavy Anti-Tank Gun",
}  # fmt: skip

#: Specialist badges whose units have another number of figures than their type's.
BADGE_FIGURES = {"Sniper": 1, "Ski Troops": 3, "French Resistance": 3}

#: Units the enemy gains no medal for eliminating (Memoir: snipers and wagons).
NO_MEDAL = {"Sniper", "Wagon"}

# -- tags -----------------------------------------------------------------

#: Medal tags whose medal only the Allies may gain; ``medal0`` is for both
#: sides, every other ``medalN`` for the Axis.
ALLIED_MEDALS = {"medal1", "medal4", "medal6"}
BOTH_MEDAL = "medal0"
EXIT_MARKER = "EXIT_MARKER"
MINE_FIELDS = {"MINE_FIELD", "DECOY_MEDAL_MINE_FIELD"}
#: Tags that mean nothing to scoring: star tokens (air drop targets, named
#: tanks) and camouflage.
QUIET_TAGS = {"tag1", "tag14", "tag15"}
#: Tags that picture an exit marker (without EXIT_MARKER data they score nothing).
EXIT_PICTURES = {"tag4", "tag5"}

#: Options that change scoring but are not scored here (the import says so).
UNSCORED_OPTIONS = {
    "empty_section_medals": "medals for an empty section",
    "must_have_unit_exit": "a side must exit units to win",
    "deck_reshuffling": "the battle ends when the deck runs out",
}
INFANTRY_EXIT_OPTION = "infantry_exit_counts_2"

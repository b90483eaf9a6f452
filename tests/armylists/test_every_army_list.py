"""A list of each of the sixteen armies, written here in New Recruit's text
export, naming its core, special and character units (some on mounts): every
unit is placed on its army book's base (docs/army-lists.md names the source of
each) and every Character is flagged, whatever its army.

Orcs and Goblins is a 2nd-edition list: no public source read gives the bases
of its 3rd-edition book, whose unit names all changed (docs/army-lists.md); a
3rd-edition list of that army is checked below for what the table does know
(its Characters, the units that kept their names) and for asking the rest."""

from __future__ import annotations

import pytest

from tabletop_gui.io.armylists.plan import plan_army
from tabletop_gui.io.armylists.text import parse_text_list
from tabletop_gui.io.importers import ImportRequest, import_bytes

C = "character"
# army: [(unit line, expected base, character?)]
LISTS: dict[str, list[tuple[str, str, bool]]] = {
    "Beast Herds": [
        ("Soothsayer, General, Raiding Chariot", "50x100", True),
        ("Centaur Chieftain, Battle Standard Bearer", "25x50", True),
        ("30 Wildhorn Herd, Standard Bearer", "25x25", False),
        ("25 Mongrel Herd", "20x20", False),
        ("6 Centaurs", "25x50", False),
        ("Briar Beast", "40x40", False),
        ("Gortach", "50x100", False),
    ],
    "Daemon Legions": [
        ("Harbinger of Father Chaos, General, Great Beast of Prophecy", "50x75", True),
        ("Miser of Sugulag", "50x100", True),
        ("25 Succubi, Standard Bearer", "25x25", False),
        ("20 Lemures", "25x25", False),
        ("Threshing Engine", "50x100", False),
        ("4 Clawed Fiends", "40x40", False),
    ],
    "Dread Elves": [
        ("Dread Prince, General, Manticore", "50x100", True),
        ("Temple Exarch, Battle Standard Bearer", "20x20", True),
        ("25 Corsairs, Standard Bearer", "20x20", False),
        ("30 Silexian Spears", "20x20", False),
        ("5 Shadow Riders", "25x50", False),
        ("Divine Altar", "60x100", False),
        ("15 Judicators", "20x20", False),
    ],
    "Dwarven Holds": [
        ("King, General, War Throne", "40x60", True),
        ("Thane, Battle Standard Bearer, Shield Bearers", "40x20", True),
        ("Runic Smith", "20x20", True),
        ("30 Greybeards, Standard Bearer", "20x20", False),
        ("15 Clan Marksmen", "20x20", False),
        ("Field Artillery, Cannon", "round 60", False),
        ("20 Deep Watch", "20x20", False),
    ],
    "Empire of Sonnstahl": [
        ("Marshal, General, Great Griffon", "50x100", True),
        ("Prelate, Altar of Battle", "50x100", True),
        ("Inquisitor, Horse", "25x50", True),
        ("10 Electoral Cavalry", "25x50", False),
        ("6 Knightly Orders", "25x50", False),
        ("30 Imperial Guard", "20x20", False),
        ("3 Knights of the Sun Griffon", "50x75", False),
        ("Steam Tank", "50x100", False),
        ("Blackpowder Artillery, Cannon", "round 60", False),
    ],
    "Highborn Elves": [
        ("Commander, General, Griffon", "50x50", True),
        ("Mage, Elven Horse", "25x50", True),
        ("30 Sea Guard, Standard Bearer", "20x20", False),
        ("25 Citizen Spears", "20x20", False),
        ("5 Highborn Lancers", "25x50", False),
        ("Sky Sloop", "50x100", False),
        ("Phoenix", "50x100", False),
    ],
    "Infernal Dwarves": [
        ("Prophet, General, Prophet of Lugar, Wizard Adept", "20x20", True),
        ("Vizier, Battle Standard Bearer, Light Troops, Great Weapon", "20x20", True),
        ("Overlord, Great Bull of Shamut", "60x100", True),
        ("25 Citadel Guard, Pistol and Spear, Standard Bearer", "20x20", False),
        ("40 Vassal Levies", "20x20", False),
        ("19 Immortals, Infernal Weapon, Standard Bearer", "20x20", False),
        ("10 Taurukh Enforcers, Infernal Weapon, Shield", "25x50", False),
        ("Infernal Artillery, Rocket Battery", "round 75", False),
        ("Kadim Chariot, Great Weapon", "50x100", False),
        ("Infernal Engine, Naphtha Thrower", "60x100", False),
    ],
    "Kingdom of Equitaine": [
        ("Duke, General, Hippogriff", "50x75", True),
        ("Folk Hero, Destrier", "25x50", True),
        ("Damsel, Wizard Adept", "20x20", True),
        ("8 Knights of the Realm", "25x50", False),
        ("30 Lowborn Levies", "20x20", False),
        ("6 Knights of the Quest", "25x50", False),
        ("20 Men-at-Arms, Spear", "20x20", False),
    ],
    "Ogre Khans": [
        ("Khan, General", "40x40", True),
        ("Mammoth Hunter, Tusker", "50x100", True),
        ("Shaman, Wizard Master", "40x40", True),
        ("8 Tribesmen, Standard Bearer", "40x40", False),
        ("20 Scraplings", "20x20", False),
        ("6 Kin-Eater", "40x40", False),
        ("3 Tusker Cavalry", "50x100", False),
        ("Frost Mammoth", "100x150", False),
    ],
    "Orcs and Goblins": [
        ("Orc Warlord, General, Wyvern", "50x50", True),
        ("Goblin King, Battle Standard Bearer", "20x20", True),
        ("Orc Shaman", "25x25", True),
        ("30 Orcs, Standard Bearer", "25x25", False),
        ("40 Goblins", "20x20", False),
        ("5 Orc Boar Riders", "25x50", False),
        ("20 Iron Orcs", "25x25", False),
        ("3 Trolls", "40x40", False),
        ("Great Green Idol", "100x100", False),
    ],
    "Saurian Ancients": [
        ("Skink Veteran, General, Pouakai Sky Tyrant", "50x75", True),
        ("Tegu Veteran, Saurian Raptor", "25x50", True),
        ("Anurarch Archmage, Wizard Master", "50x50", True),
        ("25 Tegu Warriors, Standard Bearer", "25x25", False),
        ("20 Skink Warriors", "20x20", False),
        ("3 Weapon Beasts", "40x40", False),
        ("Thyroscutus Herd", "50x100", False),
        ("Carnosaur", "50x100", False),
    ],
    "Sylvan Elves": [
        ("Chieftain, General, Forest Eagle", "50x50", True),
        ("Druid, Sylvan Unicorn", "25x50", True),
        ("Thicket Shepherd", "40x40", True),
        ("20 Forest Guard", "20x20", False),
        ("10 Sylvan Archers", "20x20", False),
        ("10 Forest Rangers", "20x20", False),
        ("5 Wild Huntsmen", "25x50", False),
        ("Treefather", "75x50", False),
    ],
    "Undying Dynasties": [
        ("Death Cult Hierarch, General, Ark of Ages", "60x100", True),
        ("Nomarch, Battle Standard Bearer, Skeleton Chariot", "50x100", True),
        ("Pharaoh, Skeletal Horse", "25x50", True),
        ("25 Skeleton Archers, Bow", "20x20", False),
        ("6 Skeleton Chariots", "50x100", False),
        ("3 Shabti Archers", "40x40", False),
        ("4 Sand Stalkers", "50x100", False),
        ("Colossus, Giant Aspis Bow", "50x50", False),
    ],
    "Vampire Covenant": [
        ("Vampire Count, General, Monstrous Revenant", "50x50", True),
        ("Necromancer, Cadaver Wagon", "60x100", True),
        ("Barrow King, Battle Standard Bearer", "20x20", True),
        ("40 Skeletons", "20x20", False),
        ("20 Ghouls", "20x20", False),
        ("5 Dire Wolves", "25x50", False),
        ("5 Vampire Knights", "25x50", False),
        ("20 Barrow Guard", "20x20", False),
    ],
    "Vermin Swarm": [
        ("Bloodfur Legate, General, Praetorian Brute", "40x40", True),
        ("Swarm Priest, Sacred Platform", "60x100", True),
        ("House Prefect, Battle Standard Bearer", "20x20", True),
        ("40 Vermin Legionaries, Standard Bearer", "20x20", False),
        ("20 Blackfur Veterans", "20x20", False),
        ("5 Legionary Drill Team", "40x40", False),
        ("Vermin Artillery", "round 75", False),
        ("Stygian Earthbreaker", "50x100", False),
    ],
    "Warriors of the Dark Gods": [
        ("Chosen Lord, General, Wasteland Dragon", "50x100", True),
        ("Sorcerer, Battleshrine", "50x100", True),
        ("Barbarian Chief, Battle Standard Bearer, Shadow Chaser", "25x50", True),
        ("20 Warriors, Standard Bearer", "25x25", False),
        ("5 Warhounds", "25x50", False),
        ("20 Barbarians", "25x25", False),
        ("6 Forsworn", "40x40", False),
        ("5 Warrior Knights", "25x50", False),
        ("Hellmaw", "100x150", False),
    ],
}


def _text(army: str, units: list[tuple[str, str, bool]]) -> str:
    lines = [f"Tester - {army}", *(f"{100 + i} - {line}" for i, (line, _, _) in enumerate(units))]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("army", sorted(LISTS))
def test_a_list_of_every_army_imports_on_its_bases_with_its_characters(army):
    units = LISTS[army]
    plan = plan_army(parse_text_list(_text(army, units), f"{army}.txt"))
    assert plan.unknown_names() == []
    got = [(u.name, u.base.text(), u.character) for u in plan.units]
    want = [(line.split(",")[0].lstrip("0123456789 "), base, c) for line, base, c in units]
    assert got == want
    for u in plan.units:  # a Character is not Scoring; the others are unless the list says
        assert u.scoring is (False if u.character else None), u.name
        assert u.base_from.startswith("the bundled table"), u.name


def test_every_army_list_goes_into_one_game_without_a_question(tmp_path):
    """All sixteen lists placed, two at a time, with no unknown unit noted."""
    for army, units in LISTS.items():
        result = import_bytes(_text(army, units).encode(), ImportRequest(source=f"{army}.txt"))
        assert not [n for n in result.notes if n.startswith("unknown unit")], army
        placed = result.game.setup.scene.units.values()
        assert len(placed) == len(units)


#: A 3rd-edition Orcs and Goblins list (the names of the book's current units):
#: (unit line, base the table gives or None where no public source read gives it,
#: character?). Its Characters are known as Characters all the same.
ORCS_THIRD: list[tuple[str, str | None, bool]] = [
    ("Orc Warlord, General, Wyvern", "50x50", True),
    ("Gogtuk Initiate, Battle Standard Bearer", None, True),
    ("Mad Git", None, True),
    ("Goblin Demagogue", None, True),
    ("20 Iron Orcs", "25x25", False),
    ("3 Trolls", "40x40", False),
    ("Great Green Idol", "100x100", False),
    ("Goblin Artillery, Skewerer", "round 60", False),
    ("40 Goblin Rabble", None, False),
]


def test_a_third_edition_orcs_and_goblins_list_flags_its_characters_and_asks_only_unknown_bases():
    """The book's renamed units are asked, not put on a 2nd-edition base of a
    similar name; its Characters are flagged and not Scoring whether or not
    their base is known."""
    text = "\n".join(
        ["Tester - Orcs and Goblins", *(f"{100 + i} - {u[0]}" for i, u in enumerate(ORCS_THIRD))]
    )
    plan = plan_army(parse_text_list(text + "\n", "ong3.txt"))
    names = [line.split(",")[0].lstrip("0123456789 ") for line, _, _ in ORCS_THIRD]
    assert plan.unknown_names() == [
        n for n, (_, base, _) in zip(names, ORCS_THIRD, strict=True) if not base
    ]
    assert [u.character for u in plan.units] == [c for _, _, c in ORCS_THIRD]
    for u, (_, base, character) in zip(plan.units, ORCS_THIRD, strict=True):
        assert u.scoring is (False if character else None), u.name
        if base:
            assert u.base.text() == base, u.name

"""BattleScribe rosters (.ros, .rosz): units, model counts, "0 Size" profiles and
mounts, Characters; and hostile input refused with the element, line or member."""

from __future__ import annotations

import io
import zipfile

import pytest

from tabletop_gui.io import FileFormatError
from tabletop_gui.io.armylists import roster
from tabletop_gui.io.armylists.model import BaseSize
from tabletop_gui.io.armylists.roster import looks_like_roster, parse_roster_bytes
from tabletop_gui.model.pieces import HeightClass

from .conftest import LISTS

ROS = (LISTS / "undying_2nd.ros").read_bytes()


def _zip(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


def test_units_models_points_and_the_army_come_from_the_roster():
    army = parse_roster_bytes(ROS, "host.ros")
    assert (army.army, army.edition, army.total_points) == ("Undying Dynasties", "2nd", 1635)
    got = [(u.name, u.models, u.points) for u in army.units]
    assert got == [
        ("Nomarch", 1, 285), ("Skeletons", 30, 300), ("Skeleton Cavalry", 8, 250),
        ("Casket of Phatep", 1, 250), ("Tomb Guardians of the Sun", 3, 300),
        ("Battle Sphinx", 1, 250),
    ]  # fmt: skip
    # The top-level "Army General" upgrade is no unit.
    assert "Army General" not in {u.name for u in army.units}


def test_size_profiles_give_base_and_height_and_a_mount_replaces_them():
    units = {u.name: u for u in parse_roster_bytes(ROS).units}
    assert units["Skeletons"].base == BaseSize.rect(20, 20)
    assert units["Skeleton Cavalry"].base == BaseSize.rect(25, 50)  # from its model entry
    assert units["Casket of Phatep"].base == BaseSize.round(75)
    nomarch = units["Nomarch"]
    assert nomarch.base == BaseSize.rect(50, 100) and nomarch.height is HeightClass.LARGE
    assert nomarch.character is True and units["Skeletons"].character is None
    assert units["Battle Sphinx"].base is None  # no profile: the table will tell


def test_a_rosz_is_read_in_memory_like_its_roster():
    packed = _zip({"Khepri.ros": ROS})
    assert looks_like_roster(packed)
    army = parse_roster_bytes(packed, "host.rosz")
    assert [u.models for u in army.units] == [1, 30, 8, 1, 3, 1]


def test_billion_laughs_entities_are_refused_with_their_line():
    bomb = (
        b'<?xml version="1.0"?>\n<!DOCTYPE roster [\n <!ENTITY a "aaaaaaaaaa">\n'
        b' <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n<roster>&b;</roster>\n'
    )
    with pytest.raises(FileFormatError) as err:
        parse_roster_bytes(bomb, "laughs.ros")
    assert "laughs.ros: line 2: refused" in str(err.value)


def test_an_external_entity_is_refused_and_nothing_is_read_from_disk(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    xxe = (
        f'<?xml version="1.0"?>\n<!DOCTYPE roster [<!ENTITY x SYSTEM "file://{secret}">]>\n'
        '<roster name="&x;"><forces/></roster>'
    ).encode()
    with pytest.raises(FileFormatError, match="line 2: refused") as err:
        parse_roster_bytes(xxe)
    assert "TOP SECRET" not in str(err.value)


def test_broken_xml_names_line_and_column():
    with pytest.raises(FileFormatError, match=r"line 3, column \d+: not well-formed XML"):
        parse_roster_bytes(b"<roster>\n<forces>\n</roster>")


def test_an_encoding_python_lacks_in_the_xml_declaration_is_refused_by_name():
    bad = ROS.replace(b'encoding="UTF-8"', b'encoding="UTF-999999999998"', 1)
    assert bad != ROS
    with pytest.raises(FileFormatError, match="line 1: the XML declaration names an encoding"):
        parse_roster_bytes(bad, "host.ros")


def test_a_bad_model_number_names_the_selection_and_line():
    bad = ROS.replace(b'number="29" type="model"', b'number="lots" type="model"')
    with pytest.raises(FileFormatError) as err:
        parse_roster_bytes(bad)
    line = ROS[: ROS.index(b'number="29"')].count(b"\n") + 1
    assert f"line {line}: selection 'Skeleton': number 'lots'" in str(err.value)


def test_a_roster_without_units_or_forces_says_so():
    with pytest.raises(FileFormatError, match="the roster has no <force>"):
        parse_roster_bytes(b"<roster><forces/></roster>")
    with pytest.raises(FileFormatError, match="no selection of type 'unit'"):
        parse_roster_bytes(b'<roster><forces><force catalogueName="X"/></forces></roster>')


def test_a_zip_bomb_member_is_refused_after_reading_at_most_the_limit(monkeypatch):
    monkeypatch.setattr(roster, "MAX_ROSTER_BYTES", 64 * 1024)
    bomb = _zip({"bomb.ros": b"<roster>" + b" " * (10 * 1024 * 1024) + b"</roster>"})
    assert len(bomb) < 64 * 1024  # ten MiB packed into a few kB
    with pytest.raises(FileFormatError, match=r"member 'bomb\.ros': unpacks to 10485777 bytes"):
        parse_roster_bytes(bomb)


def test_a_member_whose_header_lies_about_its_size_is_still_cut_off(monkeypatch):
    monkeypatch.setattr(roster, "MAX_ROSTER_BYTES", 1024)
    packed = bytearray(_zip({"liar.ros": b"<roster>" + b" " * 5000 + b"</roster>"}))
    # Rewrite the uncompressed size in the central directory to claim 100 bytes.
    cd = packed.rindex(b"PK\x01\x02")
    packed[cd + 24 : cd + 28] = (100).to_bytes(4, "little")
    with pytest.raises(FileFormatError, match=r"member 'liar\.ros'"):
        parse_roster_bytes(bytes(packed))


def test_zips_with_no_roster_several_or_too_many_members_are_named():
    with pytest.raises(FileFormatError, match=r"holds no \.ros roster \(it holds notes.txt\)"):
        parse_roster_bytes(_zip({"notes.txt": b"hi"}))
    with pytest.raises(FileFormatError, match="holds several rosters"):
        parse_roster_bytes(_zip({"a.ros": ROS, "b.ros": ROS}))
    many = _zip({f"m{i}.txt": b"" for i in range(40)} | {"a.ros": ROS})
    with pytest.raises(FileFormatError, match="41 members"):
        parse_roster_bytes(many)


def test_a_member_path_outside_the_archive_is_never_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    army = parse_roster_bytes(_zip({"../../evil.ros": ROS}))
    assert len(army.units) == 6
    assert list(tmp_path.iterdir()) == []  # read in memory: nothing extracted anywhere


def _damaged_deflate() -> bytes:
    """A .rosz whose compressed data is damaged past its header: zlib fails
    inside, after the archive's directory read fine."""
    data = bytearray(_zip({"Khepri.ros": ROS}))
    start = 30 + len("Khepri.ros")  # the local header, then the deflate stream
    for i in range(start + 40, start + 60):
        data[i] ^= 0x5A
    return bytes(data)


def test_a_damaged_deflate_stream_is_refused_naming_the_member():
    with pytest.raises(FileFormatError) as err:
        parse_roster_bytes(_damaged_deflate(), "host.rosz")
    assert err.value.path == "member 'Khepri.ros'"
    assert err.value.problem.startswith("cannot be unpacked (")


def test_a_damaged_archive_directory_is_refused_as_an_archive():
    data = bytearray(_zip({"Khepri.ros": ROS}))
    end = data.rindex(b"PK\x05\x06")  # the directory's offset points before the file
    data[end + 16 : end + 20] = (2**32 - 1).to_bytes(4, "little")
    with pytest.raises(FileFormatError) as err:
        parse_roster_bytes(bytes(data), "host.rosz")
    assert err.value.path in ("(zip)", "member 'Khepri.ros'")


@pytest.mark.parametrize("cost", ["1e309", "-1e309", "nan", "inf"])
def test_a_cost_that_is_no_number_of_points_is_refused_naming_line_and_selection(cost):
    text = ROS.decode().replace('<cost name="pts" typeId="pts" value="175.0"/>',
                                f'<cost name="pts" typeId="pts" value="{cost}"/>')  # fmt: skip
    with pytest.raises(FileFormatError) as err:
        parse_roster_bytes(text.encode(), "host.ros")
    assert err.value.path.startswith("line ") and "selection 'Nomarch'" in err.value.path
    assert f"cost {cost!r} is not a number of points" in err.value.problem


def test_a_roster_total_that_is_no_number_is_refused_naming_its_line():
    text = ROS.decode().replace('value="1635.0"', 'value="1e309"')
    with pytest.raises(FileFormatError) as err:
        parse_roster_bytes(text.encode(), "host.ros")
    assert err.value.path == "line 4" and "'1e309' is not a number of points" in err.value.problem

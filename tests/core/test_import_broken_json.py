"""A file to import that is JSON-shaped but does not parse is refused at the JSON
parser's line and column, in words (no dangling "starting at"), whichever format
it was meant to be: a Memoir '44 scenario (its ``game_info`` key says so even
cut short), a Tabletop Simulator save, or JSON none of the formats claims (then
the formats read from JSON are named: the content cannot say which it is). The
format is told by content, never by name. Files written for these tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop_gui.io import FileFormatError
from tabletop_gui.io.errors import json_problem
from tabletop_gui.io.importers import ImportRequest, find_importer, import_file
from tests.hex.m44kit import hexagon, scenario


def m44_text() -> str:
    hexes = [hexagon("E5", terrain="woods", unit="inf"), hexagon("C3", terrain="hills")]
    return json.dumps(scenario(*hexes), indent=1)


def refused(tmp_path, name: str, data: bytes) -> FileFormatError:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(FileFormatError) as caught:
        import_file(path, ImportRequest())
    return caught.value


def parser_place(text: str) -> str:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    return f"line {caught.value.lineno}, column {caught.value.colno}"


def test_a_scenario_with_a_comma_missing_names_its_line_and_column(tmp_path):
    text = m44_text()
    broken = text.replace('"woods"\n', '"woods"\n  "x": 1,\n', 1)  # no comma before "x"
    assert broken != text
    for name in ("broken.m44", "broken.json", "broken"):  # never by the name
        err = refused(tmp_path, name, broken.encode())
        assert err.path == parser_place(broken)
        assert err.problem.startswith("not valid JSON: a ',' was expected here")


@pytest.mark.parametrize("keep", [0.3, 0.6, 0.95])
def test_a_scenario_cut_short_names_where_it_ends(tmp_path, keep):
    text = m44_text()
    cut = text[: int(len(text) * keep)]
    if cut.endswith('"'):
        cut = cut[:-1]
    err = refused(tmp_path, "cut.m44", cut.encode())
    assert err.path == parser_place(cut)
    assert "not valid JSON" in err.problem
    assert not err.problem.rstrip().endswith(" at")
    assert find_importer(cut.encode()).key == "m44"  # its game_info tells it


def test_a_save_cut_inside_a_text_says_so_in_words(tmp_path):
    save = json.dumps({"SaveName": "Club", "ObjectStates": [{"Nickname": "Orc Boyz"}]})
    cut = save[: save.index("Boyz")]
    err = refused(tmp_path, "trunc.json", cut.encode())
    assert err.path == parser_place(cut)
    assert err.problem == (
        "not valid JSON: a text in quotes starts here and the file ends inside it "
        "(cut short, or a closing quote missing?)"
    )


def test_json_no_format_claims_names_its_line_and_column_and_the_json_formats(tmp_path):
    broken = '{\n "format": "tabletop-gui",\n "units": [\n  {"id": "u1" "x": 3}\n ]\n}\n'
    err = refused(tmp_path, "mystery.m44", broken.encode())
    assert err.path == "line 4, column 15" == parser_place(broken)
    assert err.problem.startswith("not valid JSON: a ',' was expected here")
    assert "Which format it is cannot be told until it parses" in err.problem
    for title in ("Tabletop Simulator save", "Memoir '44 scenario", "New Recruit JSON export"):
        assert title in err.problem
    assert str(err).startswith(f"{tmp_path / 'mystery.m44'}: line 4, column 15: not valid")


def test_an_empty_file_is_said_to_be_empty(tmp_path):
    for data in (b"", b"  \n\t\n"):
        err = refused(tmp_path, "empty.txt", data)
        assert err.path == "(file)"
        assert err.problem == "the file is empty: there is nothing to import"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"a": 1 "b": 2}', "a ',' was expected here"),
        ('{"a": 1,}', "a key in double quotes was expected here"),
        ('{"a" 1}', "a ':' was expected here, after the key"),
        ('{"a": "x\\q"}', "a backslash here starts no escape JSON knows"),
        ('{"a": "\\u12"}', "a \\u here is not followed by 4 hexadecimal digits"),
        ('{"a": "x\ny"}', "a control character (a line break or a tab) inside a text"),
        ("{} x", "more follows the end of the JSON here"),
        ("[1, 2", "the file ends here, before the JSON is complete (cut short?)"),
        ('{"a": "x', "a text in quotes starts here and the file ends inside it"),
        ("[1,]", "a value (a number, a text in quotes, true, false, null"),
    ],
)
def test_the_json_parsers_messages_are_worded(text, words):
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    where, problem = json_problem(caught.value)
    assert where == parser_place(text)
    assert problem.startswith("not valid JSON: ") and words in problem


def test_a_game_file_given_to_import_is_said_to_be_opened_not_imported(tmp_path):
    from tabletop_gui.examples import DEMO_BOARD

    err = refused(tmp_path, "demo.json", DEMO_BOARD.read_bytes())
    assert err.path == "(file)"
    assert err.problem.startswith("a game file of this program, which is opened, not imported")
    assert "--into GAME.json" in err.problem


BIG = "9" * 5000
LISTS = Path(__file__).resolve().parent.parent / "armylists" / "lists"


@pytest.mark.parametrize(
    ("name", "make", "where", "problem"),
    [
        (
            "big.m44",
            lambda: m44_text().replace('"row": ', f'"row": {BIG}', 1),
            None,  # imports: the hexagon is left out, named among the problems
            "board.hexagons[0]: row a number of 5,00",
        ),
        (
            "big_nr.json",
            lambda: (
                (LISTS / "dwarven_holds_nr.json")
                .read_text()
                .replace('"number": 1', f'"number": {BIG}', 1)
            ),
            "roster.forces[0].selections[0]",
            "number 'a number of 5,000 digits' is not a whole number",
        ),
        ("big.json", lambda: '{"x": ' + BIG + "}", "(file)", "not a format this program imports"),
    ],
)
def test_a_number_of_5000_digits_is_refused_where_it_stands_not_by_pythons_digit_limit(
    tmp_path, name, make, where, problem
):
    path = tmp_path / name
    path.write_text(make())
    if where is None:
        result = import_file(path, ImportRequest())
        assert any(note.startswith(problem) for note in result.notes), result.notes
        return
    with pytest.raises(FileFormatError) as caught:
        import_file(path, ImportRequest())
    assert caught.value.path == where and problem in caught.value.problem
    assert caught.value.source == str(path)

"""The one error type the file format raises."""

import json

from tabletop_gui.model.limits import printable

#: A path longer than this (a key of thousands of characters) is shortened in messages.
MAX_PATH_SHOWN = 200


class FileFormatError(ValueError):
    """A file that cannot be read as a board or game. ``path`` is the JSON path
    of the problem (``units[3].base_width_mm``), or the line and column of text
    that is not JSON (``line 3, column 14``); ``problem`` says what is wrong.
    Both are printable: control characters and lone surrogates of a file (or of
    its name) are shown escaped, so the message itself can always be printed."""

    def __init__(self, path: str, problem: str, source: str = "") -> None:
        path = printable(path or "(file)")
        if len(path) > MAX_PATH_SHOWN:
            path = path[: MAX_PATH_SHOWN - 3] + "..."
        self.path = path
        self.problem = printable(problem)
        self.source = printable(source)
        where = f"{self.source}: " if self.source else ""
        super().__init__(f"{where}{self.path}: {self.problem}")


class LogRefusal(FileFormatError):
    """The setup reads, but the rules refuse event ``index`` of the log. ``game``
    holds the setup and every event of the file, so the moments before the
    refusal can still be looked at (``score --at N`` with N <= index)."""

    def __init__(
        self, path: str, problem: str, source: str = "", *, index: int, game: object = None
    ) -> None:
        super().__init__(path, problem, source)
        self.index = index
        self.game = game


#: Python's JSON parser's messages (json.decoder), as a person reads them.
_JSON_WORDS = {
    "Expecting value": "a value (a number, a text in quotes, true, false, null, "
    "a list or an object) was expected here",
    "Expecting property name enclosed in double quotes": "a key in double quotes was "
    "expected here (a comma before a closing brace?)",
    "Expecting ':' delimiter": "a ':' was expected here, after the key",
    "Expecting ',' delimiter": "a ',' was expected here (a comma missing between two "
    "values, or a ']' or '}' missing)",
    "Invalid control character at": "a control character (a line break or a tab) inside "
    "a text in quotes",
    "Extra data": "more follows the end of the JSON here",
}


def json_problem(exc: json.JSONDecodeError) -> tuple[str, str]:
    """Where and what ``exc`` says is wrong, worded for a person: ``('line 3,
    column 14', "not valid JSON: a ',' was expected here ...")``; a file that ends
    too early says so (the JSON parser's own words end in a dangling 'at')."""
    where = f"line {exc.lineno}, column {exc.colno}"
    msg = exc.msg
    if msg.startswith("Unterminated string"):
        return where, (
            "not valid JSON: a text in quotes starts here and the file ends inside it "
            "(cut short, or a closing quote missing?)"
        )
    if msg.startswith("Invalid \\uXXXX"):
        words = "a \\u here is not followed by 4 hexadecimal digits"
    elif msg.startswith("Invalid \\escape"):
        words = "a backslash here starts no escape JSON knows (a backslash is written \\\\)"
    else:
        words = _JSON_WORDS.get(msg, msg.removesuffix(" at").strip())
    if exc.pos >= len(exc.doc.rstrip()) and msg != "Extra data":
        words = "the file ends here, before the JSON is complete (cut short?)"
    return where, f"not valid JSON: {words}"


def json_error(exc: json.JSONDecodeError, source: str = "") -> FileFormatError:
    """``exc`` as a FileFormatError naming its line and column (``json_problem``)."""
    where, problem = json_problem(exc)
    return FileFormatError(where, problem, source)


#: The first bytes of the files people open by mistake in place of a game's
#: text, and what each is (a photo of the table, a board exported as a picture).
_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"%PDF-", "a PDF document"),
    (b"GIF8", "a GIF picture"),
    (b"PK\x03\x04", "a zip archive"),
    (b"\x1f\x8b", "a gzip archive"),
)


def not_text(raw: bytes, start: int) -> FileFormatError:
    """The error for bytes that are not UTF-8 text (``start``: the first byte
    that is not): what they are where their first bytes say so."""
    for magic, kind in _SIGNATURES:
        if raw.startswith(magic):
            return FileFormatError("(file)", f"not text but {kind}")
    for bom, order in _UTF16:
        if raw.startswith(bom):
            return FileFormatError(
                "(file)", f"UTF-16 text ({order}), not UTF-8: save it again as UTF-8"
            )
    return FileFormatError("(file)", f"not UTF-8 text (byte {start})")


#: The byte order marks of UTF-16 text (Windows PowerShell's ``>`` writes it;
#: Notepad's "Unicode"), said as such: it is text, in another encoding.
_UTF16 = ((b"\xff\xfe", "little-endian"), (b"\xfe\xff", "big-endian"))

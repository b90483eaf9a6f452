"""The one error type the file format raises."""

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

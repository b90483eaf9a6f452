"""The one error type the file format raises."""


class FileFormatError(ValueError):
    """A file that cannot be read as a board or game. ``path`` is the JSON path
    of the problem (``units[3].base_width_mm``), or the line and column of text
    that is not JSON (``line 3, column 14``); ``problem`` says what is wrong."""

    def __init__(self, path: str, problem: str, source: str = "") -> None:
        self.path = path or "(file)"
        self.problem = problem
        self.source = source
        where = f"{source}: " if source else ""
        super().__init__(f"{where}{self.path}: {problem}")


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

"""tabletop_gui: board visualiser and objective scorer for tabletop wargames.

The version lives here and only here: pyproject.toml reads it (a dynamic field),
so the running code, the wheel's metadata and a frozen bundle cannot disagree.
The bundled example games: ``tabletop_gui.examples``.
"""

__version__ = "0.1.0"

"""The Qt layer: main window, board canvas, palette, panels, headless render.

Nothing here decides a rule: it sends events through ``rules.engine`` and draws
the Scoreboard the engine returns (see docs/canvas.md).
"""

import PySide6.QtCore  # noqa: F401 (installs PySide's import hook, which pyside_probe makes cheap)

from tabletop_gui.app import pyside_probe

pyside_probe.quicken()

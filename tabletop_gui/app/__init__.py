"""The Qt layer: main window, board canvas, palette, panels, headless render.

Nothing here decides a rule: it sends events through ``rules.engine`` and draws
the Scoreboard the engine returns (see docs/canvas.md).
"""

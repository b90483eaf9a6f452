"""The stacking order of the board's items (z values), lowest first: zones,
terrain, areas, rings, the labels and badges of zones, terrain and overlays,
units, markers, then the tools' items (rotate knob, measure line, polygon preview)."""

Z_ZONE, Z_TERRAIN, Z_AREA, Z_CIRCLE, Z_UNIT, Z_MARKER, Z_TOOL = 1, 2, 3, 4, 5, 6, 10
#: The labels and badges of zones, terrain and overlays are drawn above every
#: fill, hatching, edge and ring (not under the next polygon or circle), below
#: the units and markers (``Floating``).
Z_LABEL, Z_BADGE = 4.5, 4.6

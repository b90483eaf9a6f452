"""The board canvas: the scene and its items, overlays, labels, the legend, the
view and its gestures."""

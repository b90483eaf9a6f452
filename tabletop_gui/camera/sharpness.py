"""How blurred a photo is, measured on its corner markers (docs/camera.md, What
is refused, and what is only reported): the width of the step from a marker's
black square to its white margin, against the size of a unit tag's cells in
the same photo. A tag whose cells are not much wider than the blur is not
found; the reading then says the photo looks blurred instead of only "not
seen"."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tabletop_gui.camera.detect import Seen

#: A photo looks blurred when its markers' edges are at least this wide
#: (pixels, from 10% to 90% of the step): a sharp photo's measure 0.75-2 px
#: (the trial's photos and the program's synthetic ones), a Gaussian blur of
#: sigma s adds about 2.6 s.
BLURRED_PX = 2.5
#: ... and at least this fraction of a unit tag's cell (pixels): the trial's
#: photo that lost 4 of 5 tags measured 1.2, the synthetic photos that lost
#: some 0.84-0.9, sharp ones 0.2-0.6 on their near side.
BLURRED_CELLS = 0.8
#: A unit tag's cells smaller than this (pixels, as the corner markers measure
#: them) are too small to read at all (docs/camera.md, What limits accuracy).
SMALL_CELL_PX = 3.0
#: Samples across each edge of a marker's black square, and where along it.
_ACROSS = 49
_ALONG = (0.3, 0.4, 0.5, 0.6, 0.7)


def edge_width(image: np.ndarray, marker: Seen) -> float | None:
    """The median width (pixels, 10% to 90% of the step) of the outer edges of
    ``marker``'s black square in ``image`` ((H, W) grey or (H, W, 3) RGB);
    None when no edge has contrast enough to measure."""
    corners = np.asarray(marker.corners, dtype=float)
    centre = corners.mean(axis=0)
    cell = float(np.mean(np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1))) / 8
    steps = np.linspace(-0.8 * cell, 0.8 * cell, _ACROSS)
    points = []
    for i in range(4):
        p, q = corners[i], corners[(i + 1) % 4]
        along = (q - p) / max(float(np.linalg.norm(q - p)), 1e-9)
        out = np.array([along[1], -along[0]])
        if np.dot((p + q) / 2 - centre, out) < 0:
            out = -out
        for f in _ALONG:
            points.append(p + (q - p) * f + steps[:, None] * out)
    # Every profile sampled at once (one gather: a few hundred pixels).
    profiles = _sample(image, np.vstack(points)).reshape(len(points), _ACROSS)
    low, high = profiles[:, :6].mean(axis=1), profiles[:, -6:].mean(axis=1)
    strong = high - low >= 20  # else no step here (glare, a shadow, a marker cut off)
    rise = (profiles[strong] - low[strong, None]) / (high - low)[strong, None]
    widths = steps[np.argmax(rise > 0.9, axis=1)] - steps[np.argmax(rise > 0.1, axis=1)]
    return float(np.median(widths)) if len(widths) else None


def blur_words(
    image: np.ndarray, markers: Sequence[Seen], corner_size: float, tag_size: float
) -> str | None:
    """What the corner markers say of the photo's blur when it is enough to
    lose unit tags ("the photo looks blurred: ..."), or of its tags' size when
    they are too small to read ("the unit tags are about 2.1 pixels a cell"),
    else None."""
    widths, cells = [], []
    for m in markers:
        width = edge_width(image, m)
        if width is None:
            continue
        side = float(np.mean(np.linalg.norm(m.corners - np.roll(m.corners, -1, axis=0), axis=1)))
        widths.append(width)
        cells.append(side / 8 * tag_size / corner_size)
    if not widths:
        return None
    width, cell = float(np.median(widths)), float(np.median(cells))
    if width < BLURRED_PX or width < BLURRED_CELLS * cell:
        if cell < SMALL_CELL_PX:  # sharp, but the tags are too small in it
            return (f"the unit tags are about {cell:.1f} pixels a cell in this photo (about "
                    f"{SMALL_CELL_PX:g} are needed to read one): a photo from closer or "
                    "steeper, a camera with more pixels, or larger tags")  # fmt: skip
        return None
    return (f"the photo looks blurred: the corner markers' edges are {width:.1f} pixels wide "
            f"(a sharp photo's 1 to 2), a unit tag's cells about {cell:.1f} pixels, and a tag "
            "blurred about as wide as its cells is not found: focus on the table and hold the "
            "camera still (or use larger tags)")  # fmt: skip


def _sample(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``image``'s grey level at ``points`` (pixels, bilinear)."""
    h, w = image.shape[:2]
    x = np.clip(points[:, 0], 0, w - 1.001)
    y = np.clip(points[:, 1], 0, h - 1.001)
    x0, y0 = x.astype(int), y.astype(int)
    fx, fy = (x - x0)[:, None], (y - y0)[:, None]
    pix = image.reshape(h, w, -1)  # a view: only the points' neighbours are read

    def at(yy: np.ndarray, xx: np.ndarray) -> np.ndarray:
        return pix[yy, xx].astype(float)

    a = at(y0, x0) * (1 - fx) + at(y0, x0 + 1) * fx
    b = at(y0 + 1, x0) * (1 - fx) + at(y0 + 1, x0 + 1) * fx
    value = a * (1 - fy) + b * fy
    return value.mean(axis=1) if value.shape[1] > 1 else value[:, 0]

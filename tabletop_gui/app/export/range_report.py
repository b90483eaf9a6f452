"""A disputed-range report: one page (PNG or PDF) of the moment a ruling is made,
for both players to see: the board region around a ruler or a unit, drawn by the
window's own scene with the ruler and its figures, the rule applied, the game
turn and the file's name. Where the game's rules have arcs, the unit's arcs are
drawn, and between two units (a charger and its target, or a ruler's two ends)
the family's ruling: the arc with its margin, the charge's reach as a ruler,
spacing and line of sight."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
)

from tabletop_gui.app.camera.underlay import ShownPicture, Underlay
from tabletop_gui.app.canvas.annotation_items import LineReading, RingItem, show_annotations
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.label_spots import Placer
from tabletop_gui.app.canvas.ruling_items import ArcsItem, RulingsLayer
from tabletop_gui.app.canvas.scale_bar import draw_scale_bar
from tabletop_gui.app.export.page import page_fonts, png_bytes
from tabletop_gui.geometry.outline import outline_of
from tabletop_gui.io.atomic import write_atomic
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.annotations import Annotations, Ruler
from tabletop_gui.model.events import Event
from tabletop_gui.model.names import piece_label, side_name
from tabletop_gui.model.state import GameState
from tabletop_gui.play import rulings
from tabletop_gui.play.annotations import (
    SceneAt,
    moment_scenes,
    ring_shape,
    ruler_reading,
    ruler_title,
)
from tabletop_gui.play.turns import clock_text
from tabletop_gui.play.wording import piece_lines
from tabletop_gui.rules.engine import evaluate, family_of
from tabletop_gui.rules.scoreboard import Scoreboard

#: Inches of board shown around what the report is about.
MARGIN_IN = 4.0
#: The region shown is at least this many inches across (a short ruler still
#: shows where on the table it is).
MIN_SPAN_IN = 16.0
#: How many times the region grows to take in the labels it cuts (each growth
#: can cut others; the board's edge ends it in two or three).
MAX_GROWTH = 6
#: The PNG's size in pixels; the PDF is one A4 page, landscape, at PDF_DPI.
PNG_SIZE = QSizeF(1600, 1200)
PDF_DPI = 150


@dataclass(frozen=True)
class Subject:
    """What a report is about: a ruler (pinned or the live measure) or a piece;
    ``charger_id``: a second unit, ruled against the piece (its target);
    ``sight``: the line of sight of the charger (or of the piece) is drawn."""

    ruler: Ruler | None = None
    piece_id: str | None = None
    charger_id: str | None = None
    sight: bool = False

    def pair(self, state: GameState) -> tuple[str, str] | None:
        """(charger, target): two units the report rules between, or None."""
        units = state.scene.units
        if self.charger_id in units and self.piece_id in units:
            assert self.charger_id is not None and self.piece_id is not None
            return self.charger_id, self.piece_id
        r = self.ruler
        if r is not None and r.start_piece in units and r.end_piece in units:
            assert r.start_piece is not None and r.end_piece is not None
            if r.start_piece != r.end_piece:
                return r.start_piece, r.end_piece
        return None

    def viewer(self, state: GameState) -> str | None:
        """The unit whose line of sight the report draws: the charger, or the
        piece (None: none asked for)."""
        if not self.sight:
            return None
        pair = self.pair(state)
        if pair is not None:
            return pair[0]
        return self.piece_id if self.piece_id in state.scene.units else None

    def arcs_of(self, state: GameState) -> str | None:
        """The unit whose arcs the report draws: the target, or the piece."""
        pair = self.pair(state)
        if pair is not None:
            return pair[1]
        return self.piece_id if self.piece_id in state.scene.units else None


def _region(state: GameState, annotations: Annotations, subject: Subject) -> QRectF:
    """The board inches to show: the subject and its rings, with MARGIN_IN around."""
    scene = state.scene
    xs: list[float] = []
    ys: list[float] = []
    if subject.ruler is not None:
        m = ruler_reading(scene, evaluate(state), subject.ruler)
        for x, y in (m.a, m.b):
            xs.append(x)
            ys.append(y)
        for pid in (subject.ruler.start_piece, subject.ruler.end_piece):
            piece = scene.units.get(pid or "") or scene.markers.get(pid or "")
            if piece is not None:  # the pieces measured, whole
                x0, y0, x1, y1 = outline_of(piece).polygon().bounds
                xs += [x0, x1]
                ys += [y0, y1]
    for pid in (subject.piece_id, subject.charger_id):
        piece = (scene.units.get(pid) or scene.markers.get(pid)) if pid is not None else None
        if piece is not None:
            x0, y0, x1, y1 = outline_of(piece).polygon().bounds
            xs += [x0, x1]
            ys += [y0, y1]
    if subject.piece_id is not None:
        for ring in annotations.rings_of(subject.piece_id):
            shape = ring_shape(scene, ring)
            if shape is not None:
                xs += [x for x, _ in shape.outline]
                ys += [y for _, y in shape.outline]
    w, h = scene.board.extent
    if not xs:
        return QRectF(0, 0, w, h)
    x0, x1 = max(0.0, min(xs) - MARGIN_IN), min(w, max(xs) + MARGIN_IN)
    y0, y1 = max(0.0, min(ys) - MARGIN_IN), min(h, max(ys) + MARGIN_IN)
    return QRectF(x0, y0, max(x1 - x0, 1.0), max(y1 - y0, 1.0))


def report_lines(
    state: GameState,
    board: Scoreboard,
    annotations: Annotations,
    subject: Subject,
    events: Sequence[Event],
    file_name: str,
    scene_at: SceneAt | None = None,
) -> list[tuple[str, bool]]:
    """The report's text, (line, bold): what is measured, the figures, the rule
    applied, the game turn and the file (``scene_at``: see ``write_range_report``)."""
    scene = state.scene
    lines: list[tuple[str, bool]] = []
    if subject.ruler is not None:
        m = ruler_reading(scene, board, subject.ruler)
        lines.append(
            (f"Measured: {ruler_title(scene, subject.ruler, state.index, scene_at)}", True)
        )
        lines.append((m.lines[0], True))
        rules = [t.label or f"within {t.radius:g} in" for t in m.thresholds]
        lines += [(f"Against: {part}", False) for part in m.lines[1:]]
        lines.append((f"Rule applied: {'; '.join(rules) if rules else 'none (a plain distance)'}",
                      False))  # fmt: skip
    if subject.piece_id is not None:
        piece = scene.units.get(subject.piece_id) or scene.markers.get(subject.piece_id)
        name = piece_label(piece) if piece is not None else subject.piece_id
        side = getattr(piece, "side", None)
        lines.append((f"Piece: {name}" + (f" [{side_name(scene, side)}]" if side else ""), True))
        for ring in annotations.rings_of(subject.piece_id):
            lines.append((f"Range ring: {ring.radius:g} in from its base", False))
        for r in board.results:
            for pid, line in piece_lines(scene, r):
                if pid == subject.piece_id:
                    lines.append((f"{r.name}: {line}", False))
                    lines.append((f"  Rule applied: {r.reason}", False))
    family = family_of(state.setup)
    pair = subject.pair(state)
    if pair is not None:
        found = rulings.measure_lines(state, family, *pair)
        lines += [(f"Ruling: {found[1].removeprefix('Arc: ')}", True)]
        lines += [(line, False) for line in found[2:]]
    arcs_of = subject.arcs_of(state)
    arcs = family.unit_arcs(state, arcs_of) if arcs_of is not None else None
    if arcs is not None:
        name = piece_label(scene.units[arcs.unit_id])
        drawn = "drawn to the board's edges" if arcs.regions else arcs.why
        lines.append((f"Arcs of {name}: {drawn}", False))
    viewer = subject.viewer(state)
    sight = family.line_of_sight(state, viewer) if viewer is not None else None
    if sight is not None:
        lines.append((rulings.sight_summary(scene, sight), False))
    if (pair is not None or arcs is not None or sight is not None) and family.reference:
        lines.append((f"Rules applied: as {family.reference} states them", False))
    lines.append((f"Game turn: {clock_text(state, events, board)}, after {state.index} events",
                  False))  # fmt: skip
    lines.append((f"File: {file_name}", False))
    return lines


class Layout:
    """Where the report's parts go on a page of ``size`` (pixels or points)."""

    def __init__(self, size: QSizeF, title: str, lines: list[tuple[str, bool]]) -> None:
        w, h = size.width(), size.height()
        self.size = size
        self.unit = max(10.0, w / 80)
        self.pad = self.unit
        self.title = title
        self.title_font, self.font, self.bold = page_fonts(self.unit)
        self.title_h = self.unit * 2.6
        self.line_h = self.unit * 1.5
        self.lines: list[tuple[str, bool]] = []
        for text, is_bold in lines:
            metrics = QFontMetricsF(self.bold if is_bold else self.font)
            self.lines += [(t, is_bold) for t in _wrap(text, metrics, w - 2 * self.pad)]
        text_h = len(self.lines) * self.line_h + 2 * self.pad
        board_h = max(h - self.title_h - text_h, self.unit * 5)
        self.board = QRectF(self.pad, self.title_h, w - 2 * self.pad, board_h)
        #: The scale bar's length drawn by ``paint`` (inches).
        self.scale_inches = 0.0

    def fit(self, region: QRectF, extent: tuple[float, float]) -> QRectF:
        """``region`` (board inches) grown to the board frame's shape, at least
        MIN_SPAN_IN across, kept on the board where it fits."""
        aspect = self.board.width() / self.board.height()
        w = max(region.width(), MIN_SPAN_IN, region.height() * aspect)
        h = w / aspect
        c = region.center()
        bw, bh = extent
        x0 = min(max(c.x() - w / 2, 0.0), max(bw - w, 0.0)) if w <= bw else c.x() - w / 2
        y0 = min(max(c.y() - h / 2, 0.0), max(bh - h, 0.0)) if h <= bh else c.y() - h / 2
        return QRectF(x0, y0, w, h)

    def paint(self, painter: QPainter, scene: BoardScene, region: QRectF) -> None:
        w, h = self.size.width(), self.size.height()
        left = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        painter.fillRect(QRectF(0, 0, w, h), QColor("white"))
        painter.setPen(QColor("#111111"))
        painter.setFont(self.title_font)
        painter.drawText(QRectF(self.pad, 0, w - 2 * self.pad, self.title_h), left, self.title)
        a = scene.bmap.to_scene(region.left(), region.bottom())
        b = scene.bmap.to_scene(region.right(), region.top())
        scene.render(painter, self.board, QRectF(a, b).normalized(),
                     Qt.AspectRatioMode.KeepAspectRatio)  # fmt: skip
        painter.setPen(QColor("#777777"))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self.board)
        k = self.unit / 12
        ppi = self.board.width() / region.width()
        corner = QPointF(self.board.left() + 4 * k, self.board.bottom() - 40 * k)
        self.scale_inches, _ = draw_scale_bar(painter, corner, ppi, 8 * self.unit, k, self.font)
        y = self.board.bottom() + self.pad
        for text, is_bold in self.lines:
            painter.setFont(self.bold if is_bold else self.font)
            painter.setPen(QColor("#111111"))
            painter.drawText(QRectF(self.pad, y, w - 2 * self.pad, self.line_h), left, text)
            y += self.line_h


def label_boxes(scene: BoardScene) -> list[QRectF]:
    """Every label drawn on ``scene`` (board inches): the names, captions and
    notes its last placement pass put down, the rulers' and rings' readings and
    the arcs' names."""
    boxes: list[QRectF] = []
    placer = scene.label_placer
    if isinstance(placer, Placer):
        seen: set[tuple[float, float, float, float]] = set()
        for group in (placer.labels.big, *placer.labels.cells.values()):
            for _, b in group:
                if b not in seen:
                    seen.add(b)
                    boxes.append(QRectF(QPointF(b[0], b[1]), QPointF(b[2], b[3])))
    for item in scene.items():
        if isinstance(item, LineReading) and item.isVisible():
            boxes.append(item.label_box())
        elif isinstance(item, RingItem) and item.isVisible():
            boxes.append(item.label_rect)
        elif isinstance(item, ArcsItem) and item.isVisible():
            boxes += item.label_rects()
    out = []
    for r in boxes:
        (x0, y0), (x1, y1) = scene.bmap.to_board(r.topLeft()), scene.bmap.to_board(r.bottomRight())
        out.append(QRectF(QPointF(x0, y0), QPointF(x1, y1)).normalized())
    return out


def uncropped(scene: BoardScene, region: QRectF) -> QRectF:
    """``region`` (board inches) grown to hold whole every label it cuts, with
    LABEL_SLACK to spare: the region is fitted to the page again from its centre
    and width, which moves its edges by a rounding error."""
    grown = QRectF(region)
    s = LABEL_SLACK
    for r in label_boxes(scene):
        if r.intersects(region) and not region.contains(r):
            grown = grown.united(r.adjusted(-s, -s, s, s))
    return grown


#: How far beyond a label the region it is grown to reaches, inches.
LABEL_SLACK = 1e-3


def show_rulings(layer: RulingsLayer, state: GameState, subject: Subject, ppi: float) -> None:
    """Draw the subject's arcs, between two units the charge's reach, and the line
    of sight asked for (instead of what ``layer`` drew before)."""
    family = family_of(state.setup)
    arcs_of = subject.arcs_of(state)
    arcs = family.unit_arcs(state, arcs_of) if arcs_of is not None else None
    pair = subject.pair(state)
    reach = family.charge_reach(state, *pair) if pair is not None else None
    lines = rulings.reach_lines(reach) if reach is not None else []
    viewer = subject.viewer(state)
    sight = family.line_of_sight(state, viewer) if viewer is not None else None
    layer.show(state.scene, arcs, sight, reach, lines, ppi)


def _wrap(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if metrics.horizontalAdvance(trial) <= width or not line:
            line = trial
        else:
            out.append(line)
            line = word
    return [*out, line] if line else out


def write_range_report(
    path: str,
    state: GameState,
    annotations: Annotations,
    subject: Subject,
    events: Sequence[Event] = (),
    file_name: str = "",
    viewer: str | None = None,
    photo: ShownPicture | None = None,
    scene_at: SceneAt | None = None,
    unsaved: str = "",
) -> None:
    """Write the report of ``subject`` at ``state`` to ``path`` (.png or .pdf);
    ``unsaved``: what the game shown has that its file ``file_name`` does not
    ("unsaved changes: 1 event not in the file"; "" for none), said beside the
    file's name (the title says "(unsaved)");
    with ``photo``, the table's photo under the board as the window shows it;
    ``scene_at``: the pieces at each moment of the log, to tell whether a ruler's
    note was written for the distance shown (default: ``events`` replayed)."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".png", ".pdf"):
        raise ValueError(f"{path}: a disputed-range report is a .png or a .pdf")
    board = evaluate(state, viewer=viewer)
    shown = annotations
    if subject.ruler is not None and annotations.ruler(subject.ruler.id) is None:
        shown = annotations.with_ruler(subject.ruler)  # the live measure, drawn as pinned
    name = file_name or "an unsaved game"
    kept = f"{name} (unsaved)" if file_name and unsaved else name
    title = f"Disputed range  ·  {state.setup.name or 'Untitled'}  ·  {kept}"
    scene_at = scene_at or moment_scenes(state.setup, events)
    named = f"{name} ({unsaved})" if file_name and unsaved else name
    lines = report_lines(state, board, shown, subject, events, named, scene_at)
    if suffix == ".png":
        size = PNG_SIZE
    else:
        a4 = QPageSize(QPageSize.PageSizeId.A4).size(QPageSize.Unit.Inch)
        size = QSizeF(a4.height() * PDF_DPI, a4.width() * PDF_DPI)  # landscape
    layout = Layout(size, title, lines)
    region = layout.fit(_region(state, shown, subject), state.scene.board.extent)
    scene = BoardScene()
    scene.public = viewer is not None
    try:
        scene.sync(state, board)
        if photo is not None:
            under = Underlay(scene)
            under.set_opacity(photo.opacity)
            under.show(photo.image, photo.transform, photo.board)
        rulings_layer = RulingsLayer(scene, scene.bmap)
        for _ in range(MAX_GROWTH):
            ppi = layout.board.width() / region.width()
            show_annotations(scene, shown, state, board, ppi, scene_at)
            show_rulings(rulings_layer, state, subject, ppi)
            grown = uncropped(scene, region)
            if grown == region:
                break
            region = layout.fit(grown, state.scene.board.extent)
        if suffix == ".png":
            image = QImage(round(size.width()), round(size.height()),
                           QImage.Format.Format_ARGB32_Premultiplied)  # fmt: skip
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
            layout.paint(painter, scene, region)
            painter.end()
            _write(path, png_bytes(image, str(path)))
        else:
            buf = QBuffer()
            buf.open(QIODevice.OpenModeFlag.WriteOnly)
            pdf = QPdfWriter(buf)
            pdf.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
            pdf.setPageOrientation(QPageLayout.Orientation.Landscape)
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0))
            pdf.setResolution(PDF_DPI)
            pdf.setTitle(title)
            painter = QPainter(pdf)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            layout.paint(painter, scene, region)
            painter.end()
            buf.close()
            _write(path, bytes(buf.data().data()))
    finally:
        scene.clear()


def _write(path: str, data: bytes) -> None:
    write_atomic(path, data)


__all__ = ["Subject", "report_lines", "write_range_report"]

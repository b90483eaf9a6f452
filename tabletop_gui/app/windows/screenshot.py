"""Screenshot the main window offscreen, optionally in the middle of a drag.

    QT_QPA_PLATFORM=offscreen python -m tabletop_gui.app.windows.screenshot FILE OUT.png \
        [--drag UNIT_ID X Y] [--select OBJECTIVE_ID] [--measure A_ID B_ID] [--at N] [--size WxH]
        [--look-back N] [--streamer] [--menu PIECE_ID]

``--look-back N`` shows the timeline looking back at event N (read-only).
``--streamer`` grabs the streamer view (board and score bar, no editing chrome)
at ``--size`` instead of the main window. ``--menu PIECE_ID`` selects the piece
and pastes its objective-action context menu into the picture.

``--drag`` presses on the unit, moves the mouse to board point (X, Y) in a few
steps and grabs the window before releasing, so the picture shows the live
overlays of a drag in progress.
"""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    from tabletop_gui.app.windows.main_window import MainWindow
    from tabletop_gui.io import load_game
    from tabletop_gui.model.pieces import Marker, Unit

    parser = argparse.ArgumentParser(prog="python -m tabletop_gui.app.windows.screenshot")
    parser.add_argument("file")
    parser.add_argument("output")
    parser.add_argument("--drag", nargs=3, metavar=("UNIT", "X", "Y"))
    parser.add_argument("--select", metavar="OBJECTIVE")
    parser.add_argument("--measure", nargs=2, metavar=("A", "B"))
    parser.add_argument("--size", default="1600x950")
    parser.add_argument("--at", type=int, metavar="N", help="open the game after N events")
    parser.add_argument("--look-back", type=int, metavar="N", help="look back at event N")
    parser.add_argument("--streamer", action="store_true", help="grab the streamer view")
    parser.add_argument("--menu", metavar="PIECE", help="show PIECE's context menu")
    args = parser.parse_args(argv)

    app = QApplication.instance() or QApplication([])
    game = load_game(args.file)
    if args.at is not None:
        game = game.truncated(args.at)
    window = MainWindow(game, args.file)
    w, h = (int(v) for v in args.size.split("x"))
    window.resize(w, h)
    window.show()
    app.processEvents()
    view = window.view
    view.fit_board()
    app.processEvents()

    def placed(piece_id: str) -> Unit | Marker:
        """A unit or marker (they stand at a point) by id; a usage error otherwise."""
        scene = window.doc.state.scene
        piece = scene.piece(piece_id) if scene.has_piece(piece_id) else None
        if not isinstance(piece, Unit | Marker):
            parser.error(f"{piece_id}: not a unit or marker of this game")
        return piece

    def send(kind: QEvent.Type, pos: QPoint, buttons: Qt.MouseButton) -> None:
        ev = QMouseEvent(
            kind,
            QPointF(pos),
            QPointF(view.viewport().mapToGlobal(pos)),
            Qt.MouseButton.LeftButton,
            buttons,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(view.viewport(), ev)

    if args.select:
        window.score_panel.select_objective(args.select)
    if args.measure:
        a, b = (placed(i) for i in args.measure)
        view.set_measurement(a.id, (a.x, a.y), b.id, (b.x, b.y))
    if args.drag:
        uid, x, y = args.drag[0], float(args.drag[1]), float(args.drag[2])
        unit = placed(uid)
        start = view.viewport_pos(unit.x, unit.y)
        send(QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
        steps = 8
        for i in range(1, steps + 1):
            t = i / steps
            p = view.viewport_pos(unit.x + (x - unit.x) * t, unit.y + (y - unit.y) * t)
            send(QEvent.Type.MouseMove, p, Qt.MouseButton.LeftButton)
            app.processEvents()
    if args.look_back is not None:
        window.doc.look_at(args.look_back)
    app.processEvents()
    if args.streamer:
        streamer = window.stream.open_streamer()
        streamer.resize(w, h)
        app.processEvents()
        streamer.sync()
        app.processEvents()
        ok = streamer.grab().save(args.output)
        print(f"wrote {args.output}" if ok else f"could not write {args.output}", file=sys.stderr)
        streamer.close()
        window.doc.undo_stack.setClean()
        window.close()
        return 0 if ok else 1
    picture = window.grab()
    if args.menu:
        from PySide6.QtGui import QPainter

        piece = placed(args.menu)
        item = window.scene.piece_item(args.menu)
        window.scene.clearSelection()
        if item is not None:
            item.setSelected(True)
        menu = window.play.build_context_menu((piece.x, piece.y))
        menu.adjustSize()
        shot = menu.grab()
        pos = window.view.mapTo(window, view.viewport_pos(piece.x, piece.y))
        picture = window.grab()
        painter = QPainter(picture)
        painter.drawPixmap(pos, shot)
        painter.end()
    ok = picture.save(args.output)
    print(f"wrote {args.output}" if ok else f"could not write {args.output}", file=sys.stderr)
    window.doc.undo_stack.setClean()
    window.close()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

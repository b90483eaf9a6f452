"""The camera in the window (docs/camera.md, The window): File ▸ Table photo…,
the Camera menu (a camera or a video of the table, the picture under the board,
its opacity, Follow the table, align again) and Help ▸ Print markers…. The
reading is the camera package's; frames are read in a worker thread."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QPen, QPixmap, QTransform, QUndoCommand
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QGraphicsEllipseItem,
    QMainWindow,
    QMenu,
    QMenuBar,
    QMessageBox,
    QSlider,
    QWidgetAction,
)

from tabletop_gui.app.camera.underlay import Underlay, prepared
from tabletop_gui.app.canvas.board_scene import BoardScene
from tabletop_gui.app.canvas.layers import Z_TOOL
from tabletop_gui.app.document import Document
from tabletop_gui.app.part import Part
from tabletop_gui.camera.errors import CameraError
from tabletop_gui.model.bounds import piece_name
from tabletop_gui.model.camera import TableCamera
from tabletop_gui.model.events import MovePiece
from tabletop_gui.model.names import piece_label

if TYPE_CHECKING:
    from tabletop_gui.app.camera.capture import FrameReader, FrameResult, ReadContext
    from tabletop_gui.camera.follow import Follower, FollowStep
    from tabletop_gui.camera.table_read import TableReading
    from tabletop_gui.model.scene import Scene

# The reading of photos and frames (camera/: the tag detector's part, the board's
# fit, the lens) is imported when a photo, a frame or the lens is first read: the
# window's start shows none.

#: A unit drawn where its tag stands when it is this far (in) from its place.
LIVE_IN = 0.02
UNSEEN_PEN = QColor(230, 140, 0)

#: How a message refusing a photo starts (shown as a warning).
NOT_USED = "The photo was not used"


def multimedia_problem() -> str | None:
    """Why live capture cannot run here (None: it can). QtMultimedia needs the
    PulseAudio client library on Linux, which every desktop has."""
    try:
        import PySide6.QtMultimedia  # noqa: F401
    except ImportError as exc:
        return f"live capture is not available: {exc} (on Linux: install libpulse0)"
    return None


class PhotoMarks(QUndoCommand):
    """What a photo read shows on the board besides its moves: its picture under
    the board and the rings of the units it did not see. Redo shows them, undo
    brings back what the board showed before (docs/camera.md, The window)."""

    def __init__(self, camera: CameraController, picture: QPixmap, transform: QTransform,
                 board: tuple[float, float], unseen: set[str]) -> None:  # fmt: skip
        super().__init__("")
        from tabletop_gui.app.camera.underlay import MARGIN_IN

        w, h = board
        rect = QRectF(-MARGIN_IN, -MARGIN_IN, w + 2 * MARGIN_IN, h + 2 * MARGIN_IN)
        self.camera = camera
        self.new = (picture, transform, rect, set(unseen))
        self.old = (*camera.underlay.snapshot(), camera.unseen)

    def redo(self) -> None:
        self.camera.show_marks(*self.new)

    def undo(self) -> None:
        self.camera.show_marks(*self.old)


def photo_words(reading: TableReading, scene: Scene | None = None) -> str:
    """The status bar's words for a photo read: where the board came from (the
    corner markers seen, the kept alignment), the units seen and moved, and
    those moved to just inside the board's edge (named from ``scene``, the
    one read: the status bar has no room for the notes' figures)."""
    from tabletop_gui.camera.table_read import board_words, units_words

    fitted = reading.fit.lens_source == "fitted" and not reading.kept
    lens = "; lens distortion fitted from the photo" * fitted
    edge = [u for u in reading.units if u.note and u.moved]
    names = ", ".join(piece_name(scene.units[u.unit_id]) if scene else u.unit_id for u in edge)
    inside = f"; placed just inside the board's edge, within the camera's accuracy: {names}"
    return f"Table photo: {board_words(reading)}; {units_words(reading)}{inside * bool(edge)}{lens}"


class CameraController(Part):
    """The window's camera: a photo or live frames under the board, units placed
    from their tags, moves recorded as the real table is played."""

    #: The picture was hidden because an earlier moment is looked back at, or
    #: shown again (``picture_held_back`` says which).
    held_back_changed = Signal()

    def __init__(self, doc: Document, host: QMainWindow, scene: BoardScene) -> None:
        super().__init__(doc, host)
        self.scene = scene
        self.underlay = Underlay(scene)
        self._follower: Follower | None = None
        self.following = False
        self.reader: FrameReader | None = None
        self.source: Any = None  # QMediaPlayer or QCamera
        self._session: Any = None
        self._sink: Any = None
        self.source_name = ""
        self.last_reading: TableReading | None = None
        self.last_error = ""
        self._marks: dict[str, QGraphicsEllipseItem] = {}
        self._live: dict[str, tuple[float, float, float]] = {}
        self.recorded: list[MovePiece] = []
        self._last: tuple[TableReading, float, float] | None = None  # reading, at, monotonic
        self._tick = QTimer(self)
        self._tick.setInterval(250)
        self._tick.timeout.connect(self._still_picture)
        self._was_held_back = False
        doc.changed.connect(self._context_changed)
        doc.reset_done.connect(self._game_reset)
        doc.log_changed.connect(self._moment_changed)

    @property
    def follower(self) -> Follower:
        """What follows the table's moves from frame to frame (made when first used)."""
        if self._follower is None:
            from tabletop_gui.camera.follow import Follower

            self._follower = Follower()
        return self._follower

    # -- menus ----------------------------------------------------------------
    def add_file_entries(self, menu: QMenu) -> None:
        self.photo_action = self.action(menu, "Table p&hoto…", self.choose_photo, "Ctrl+Shift+T")

    def add_menu(self, bar: QMenuBar) -> QMenu:
        m = bar.addMenu("&Camera")
        self.menu = m
        self.show_action = self.action(m, "&Picture under the board", self.set_shown, "C")
        self.show_action.setCheckable(True)
        self.show_action.setChecked(True)
        opacity = m.addMenu("Picture &opacity")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(10, 100)
        self.slider.setValue(round(self.underlay.opacity * 100))
        self.slider.setMinimumWidth(160)
        self.slider.valueChanged.connect(lambda v: self.underlay.set_opacity(v / 100))
        holder = QWidgetAction(opacity)
        holder.setDefaultWidget(self.slider)
        opacity.addAction(holder)
        m.addSeparator()
        self.devices_menu = m.addMenu("&Camera")
        self.devices_menu.aboutToShow.connect(self._list_devices)
        self.action(m, "Play a &video of the table…", self.choose_video)
        self.follow_action = self.action(m, "&Follow the table", self._follow_chosen,
                                         "Ctrl+Shift+F")  # fmt: skip
        self.follow_action.setCheckable(True)
        self.action(m, "&Align the board again", self.align_again)
        self.action(m, "Calibrate &lens…", self.choose_calibration_photos)
        self.action(m, "&Stop the camera", self._stop_chosen)
        return m

    def _follow_chosen(self, on: bool) -> None:
        """Camera ▸ Follow the table: on with nothing to follow yet, says what
        starts it (it follows as soon as a camera or a video runs)."""
        self.set_following(on)
        if on and self.source is None:
            self.status(
                "Following the table: it starts when a camera or a video runs "
                "(Camera ▸ Camera, or Play a video of the table…)"
            )

    def _stop_chosen(self) -> None:
        """Camera ▸ Stop the camera: said, whether something was running or not."""
        running = self.source is not None or self.following
        self.stop()
        self.status("Camera stopped" if running else "No camera or video is running")

    def add_help_entries(self, menu: QMenu) -> None:
        """Help ▸ Print markers…, before the menu's last group (About)."""
        entry = self.action(None, "Print &markers…", self.print_markers)
        before = next((a for a in reversed(menu.actions()) if a.isSeparator()), None)
        if before is None:
            menu.addAction(entry)
        else:
            menu.insertAction(before, entry)

    def _list_devices(self) -> None:
        self.devices_menu.clear()
        problem = multimedia_problem()
        if problem:
            self.devices_menu.addAction(problem).setEnabled(False)
            return
        from PySide6.QtMultimedia import QMediaDevices

        devices = QMediaDevices.videoInputs()
        if not devices:
            self.devices_menu.addAction("(no camera found)").setEnabled(False)
        group = QActionGroup(self.devices_menu)
        for device in devices:
            action = QAction(device.description(), self.devices_menu)
            action.setCheckable(True)
            action.setChecked(self.source_name == device.description())
            action.triggered.connect(lambda _c=False, d=device: self.start_camera(d))
            group.addAction(action)
            self.devices_menu.addAction(action)

    # -- the game's camera record -------------------------------------------
    @property
    def record(self) -> TableCamera:
        return self.doc.camera or TableCamera()

    def _context(self) -> ReadContext:
        from tabletop_gui.app.camera.capture import ReadContext
        from tabletop_gui.camera.records import kept_fit, lens_of

        scene = self.doc.committed.scene
        camera = self.record
        return ReadContext(scene, kept_fit(camera, scene.board.extent), lens_of(camera),
                           camera.corner_size, camera.tag_size)  # fmt: skip

    def _context_changed(self) -> None:
        if self.reader is not None:
            self.reader.set_context(self._context())

    def _game_reset(self) -> None:
        self.stop()
        self.underlay.clear()
        self._clear_marks()
        self.last_reading = None

    def _keep_alignment(self, reading: TableReading) -> None:
        """The game keeps the fit of its first good frame or photo (and of each
        photo), so reopening it reopens its camera alignment."""
        from tabletop_gui.camera.records import alignment_of

        alignment = alignment_of(reading.fit)
        if self.record.alignment != alignment:
            self.doc.set_camera(replace(self.record, alignment=alignment), "Camera alignment")

    def align_again(self) -> None:
        """Forget the kept alignment: the next photo or frame fits the board afresh."""
        self.doc.set_camera(replace(self.record, alignment=None), "Align the board again")
        self.follower.forget()
        if self.reader is not None:
            self.reader.restart()
        self.status("The board will be found again from its corner markers in the next picture")

    # -- the lens -------------------------------------------------------------
    def choose_calibration_photos(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self.host, "Photos of the calibration grid (tabletop-gui markers --calibration)", "",
            "Images (*.jpg *.jpeg *.png *.bmp *.tif *.tiff *.webp *.heic *.heif);;All files (*)",
        )  # fmt: skip
        if paths:
            QMessageBox.information(self.host, "Calibrate lens", self.calibrate_lens(paths))

    def calibrate_lens(self, paths: list[str]) -> str:
        """Measure the lens from photos of the printed calibration grid and keep
        it with the game (one undo step); returns what happened, in words."""
        from tabletop_gui.app.camera.photo import load_photo
        from tabletop_gui.camera.detect import detect
        from tabletop_gui.camera.lens_calibration import calibrate
        from tabletop_gui.camera.records import lens_record

        views, size = [], None
        try:
            for path in paths:
                image = load_photo(path)
                shape = (int(image.shape[1]), int(image.shape[0]))
                if size is not None and shape != size:
                    return (f"{path}: {shape[0]} x {shape[1]}, not {size[0]} x {size[1]} as the "
                            "first photo: the lens is measured on photos of one size. Nothing "
                            "was changed.")  # fmt: skip
                size = shape
                views.append(detect(image))
            assert size is not None
            found = calibrate(views, size)
        except CameraError as exc:
            return f"The lens was not measured: {exc}. Nothing was changed."
        lens = lens_record(found.lens, round(found.rms_px, 3))
        self.doc.set_camera(replace(self.record, lens=lens), "Lens calibration")
        return (
            f"Lens measured from {found.views} of {len(paths)} photos: the grid's corners "
            f"fit within {found.rms_px:.2f} px (RMS). It is kept with the game."
        )

    # -- a photo ------------------------------------------------------------
    def choose_photo(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.host,
            "Photo of the table",
            "",
            "Images (*.jpg *.jpeg *.png *.bmp *.tif *.tiff *.webp *.heic *.heif);;All files (*)",
        )
        if path:
            # A photo takes a second or two to read (its tags, then the picture
            # under the board).
            with self.busy("Reading the photo…"):
                message = self.open_photo(path)
            if message and message.startswith(NOT_USED):
                QMessageBox.warning(self.host, "Table photo", message)
            elif message:
                QMessageBox.information(self.host, "Table photo", message)

    def open_photo(self, path: str) -> str | None:
        """Read the photo at ``path``: the picture under the board, the tagged units
        placed where their tags stand (one undo step). Returns what needs saying
        in a message (a refusal, or the tags not used); None when all went well
        (a unit placed just inside the board's edge is told in the status bar)."""
        blocked = self.doc.read_only_reason()
        if blocked:
            return f"{NOT_USED}: {blocked}"
        from tabletop_gui.app.camera.photo import load_photo
        from tabletop_gui.camera.board_fit import CORNERS_HINT
        from tabletop_gui.camera.table_read import read_table, removed_by

        ctx = self._context()
        try:
            image = load_photo(path)
            removed = removed_by([s.scene for s in self.doc.timeline.states])
            reading = read_table(ctx.scene, image, fit=ctx.fit, lens=ctx.lens,
                                 corner_size=ctx.corner_size, tag_size=ctx.tag_size,
                                 where=path, removed=removed)  # fmt: skip
        except CameraError as exc:
            # The command line's way round a hidden corner is not the window's.
            why = str(exc).replace(CORNERS_HINT, "")
            return f"{NOT_USED}: {why}\n\nNothing was changed."
        # A unit the rules refuse to move keeps its place, with the reason
        # among the problems; the others move.
        reading = reading.checked(self.doc.committed)
        picture, transform = prepared(image, reading.fit, ctx.scene.board.extent)
        self._keep_alignment(reading)
        self.last_reading = reading
        moves, _ = reading.accepted_moves(self.doc.committed)  # in an order that works
        unseen = {u.unit_id for u in reading.units if not u.seen or u.problem}
        marks = PhotoMarks(self, QPixmap.fromImage(picture), transform, ctx.scene.board.extent,
                           unseen)  # fmt: skip
        refused = self._place(moves, marks) if moves else None
        if refused or not moves:
            marks.redo()  # shown, with no undo step of its own: the game is unchanged
        if refused:
            return f"The units were not moved: {refused}"
        # A unit placed just inside the board's edge leaves the user nothing to
        # decide: the status bar names it. Problems need a message (which
        # carries the notes in full too).
        self.status(photo_words(reading, ctx.scene), 15000 if reading.notes else 8000)
        problems = reading.problems
        if not problems:
            return None
        board = any(p.startswith("the board:") for p in problems)
        heading = "The photo was read with a warning" if board else "Some tags were not used"
        said = [f"{heading}:\n" + "\n".join(f"• {p}" for p in problems)]
        if reading.notes:
            said.append("Placed at the board's edge:\n"
                        + "\n".join(f"• {n}" for n in reading.notes))  # fmt: skip
        return "\n\n".join(said)

    def _place(self, moves: list[MovePiece], marks: PhotoMarks) -> str | None:
        """The photo's moves and its marks (the picture under the board, the
        rings) as ONE undo step: undone, the board shows what it showed before
        the photo; the refusal, if the rules refuse a move."""
        from tabletop_gui.model.events import EventError
        from tabletop_gui.rules.engine import RuleError

        try:
            self.doc.try_apply(moves)
        except (RuleError, EventError) as exc:
            return str(exc)
        text = f"Units placed from the table photo ({len(moves)})"
        stack = self.doc.undo_stack
        stack.beginMacro(text)
        # The marks first: undone last, after the moves, the rings they bring
        # back are drawn where their units stand again.
        stack.push(marks)
        refused = self.doc.commit(moves, text)
        stack.endMacro()
        return refused

    def show_marks(self, picture: QPixmap, transform: QTransform, rect: QRectF,
                   unseen: set[str]) -> None:  # fmt: skip
        """A photo's picture under the board and the rings of the units it did not see."""
        self.underlay.restore((picture, transform, rect))
        if not picture.isNull():
            if hasattr(self, "show_action"):
                self.show_action.setChecked(True)
            self.underlay.set_wanted(True)
        self._mark_unseen(unseen)
        self._note_held_back()

    def set_shown(self, shown: bool) -> None:
        self.underlay.set_wanted(shown)
        for item in self._marks.values():
            item.setVisible(self._marks_shown)
        self._note_held_back()

    # -- looking back -----------------------------------------------------------
    @property
    def picture_held_back(self) -> bool:
        """The picture (the table now) is hidden because an earlier moment of the
        game is looked back at: shown, it would put two tables on the board."""
        return self.underlay.hidden_by_looking_back

    @property
    def _marks_shown(self) -> bool:
        """The rings of the units not seen are drawn where the units stand now:
        shown with the picture, and hidden while looking back."""
        return self.underlay.wanted and not self.underlay.held_back

    def _moment_changed(self) -> None:
        """Looking back hides the picture and the rings; the present shows them."""
        back = self.doc.looking_back
        if back != self.underlay.held_back:
            self.underlay.hold_back(back)
            for item in self._marks.values():
                item.setVisible(self._marks_shown)
        self._note_held_back()

    def _note_held_back(self) -> None:
        held = self.picture_held_back
        if held != self._was_held_back:
            self._was_held_back = held
            self.held_back_changed.emit()

    # -- live frames --------------------------------------------------------
    def choose_video(self) -> None:
        kinds = "Videos (*.mp4 *.mkv *.avi *.mov *.webm)"
        path, _ = QFileDialog.getOpenFileName(self.host, "Video of the table", "", kinds)
        if path:
            self.start_video(path)

    def _ensure_reader(self) -> FrameReader:
        if self.reader is None:
            from tabletop_gui.app.camera.capture import FrameReader

            self.reader = FrameReader(self)
            self.reader.read_done.connect(self._frame_read)
            self.reader.failed.connect(self._frame_failed)
            self.reader.start()
        self.reader.set_context(self._context())
        return self.reader

    def _ensure_sink(self) -> Any:
        from PySide6.QtMultimedia import QVideoSink

        if self._sink is None:
            self._sink = QVideoSink(self)
            self._sink.videoFrameChanged.connect(self._frame_arrived)
        return self._sink

    def _begin(self) -> str | None:
        """Ready for a new source (the old one stopped, the worker running), or why not."""
        problem = multimedia_problem()
        if problem:
            self.status(problem)
            return problem
        self._stop_source()
        self._ensure_reader().restart()
        return None

    def start_video(self, path: str) -> str | None:
        """Play a video of the table through the same path as a camera's frames."""
        problem = self._begin()
        if problem:
            return problem
        from PySide6.QtMultimedia import QMediaPlayer

        player = QMediaPlayer(self)
        player.setVideoSink(self._ensure_sink())
        player.errorOccurred.connect(lambda _e, text: self._source_lost(f"{path}: {text}"))
        player.setSource(QUrl.fromLocalFile(path))
        self.source, self.source_name = player, path
        player.play()
        self.status(f"Reading the video {path}")
        return None

    def start_camera(self, device: Any) -> str | None:
        problem = self._begin()
        if problem:
            return problem
        from PySide6.QtMultimedia import QCamera, QMediaCaptureSession, QMediaDevices

        camera = QCamera(device, self)
        session = QMediaCaptureSession(self)
        session.setCamera(camera)
        session.setVideoSink(self._ensure_sink())
        camera.errorOccurred.connect(lambda _e, text: self._source_lost(text))
        self._devices = QMediaDevices(self)
        self._devices.videoInputsChanged.connect(self._devices_changed)
        self.source, self._session, self.source_name = camera, session, device.description()
        self.doc.set_camera(replace(self.record, device=device.description()), "Camera chosen")
        camera.start()
        self.status(f"Camera {device.description()} on")
        return None

    def _devices_changed(self) -> None:
        from PySide6.QtMultimedia import QMediaDevices

        names = {d.description() for d in QMediaDevices.videoInputs()}
        if self.source_name and self.source_name not in names:
            self._source_lost(f"the camera {self.source_name} was unplugged")

    def _source_lost(self, why: str) -> None:
        was = self.following
        self.stop()
        self.status(f"Camera stopped: {why}. The game and its last alignment are kept"
                    + ("; following stopped" if was else ""), 15000)  # fmt: skip

    def stop(self) -> None:
        """Stop the camera or video and following (the picture and the game stay)."""
        self._stop_source()
        self.set_following(False)

    def _stop_source(self) -> None:
        if self.source is not None:
            self.source.stop()
            self.source.deleteLater()
        self.source = self._session = None
        self.source_name = ""
        self._last = None

    def shutdown(self) -> None:
        self.stop()
        if self.reader is not None:
            self.reader.stop()
            self.reader = None

    def _frame_arrived(self, frame: Any) -> None:
        """UI thread: hand the newest frame to the worker and return."""
        if self.reader is None or not frame.isValid():
            return
        start = frame.startTime()
        self.reader.offer(frame, start / 1e6 if start >= 0 else time.monotonic())

    def _frame_failed(self, why: str) -> None:
        if why != self.last_error:
            self.last_error = why
            self.status(f"Camera: {why}; the last good alignment is kept", 6000)

    def _frame_read(self, result: FrameResult) -> None:
        self.last_error = ""
        reading = result.reading
        board = self.doc.committed.scene.board.extent
        self.underlay.show(result.picture, result.transform, board)
        self._note_held_back()
        if self.record.alignment is None:
            self._keep_alignment(reading)
        self.last_reading = reading
        self._last = (reading, result.at, time.monotonic())
        if self.following:
            self.apply_step(self.follower.feed(reading, result.at, self.doc.committed.scene))
        else:
            self._mark_unseen({u.unit_id for u in reading.units if not u.seen or u.problem})

    # -- following ------------------------------------------------------------
    def set_following(self, on: bool) -> None:
        self.following = bool(on)
        if hasattr(self, "follow_action"):
            self.follow_action.setChecked(self.following)
        self.follower.forget()
        if self.following:
            self._tick.start()
        else:
            self._tick.stop()
            self._live = {}
            self.doc.cancel_preview()

    def _still_picture(self) -> None:
        """A video that has ended (or is paused) shows its last frame for good:
        time passes over it as over a still table, so a unit at rest in it is
        recorded. A camera sends frames all the time: its silence is not a still
        table, and nothing is recorded from it."""
        if self._last is None or not self._video_holds_still():
            return
        reading, at, wall = self._last
        waited = time.monotonic() - wall
        if waited > 0.2:
            self.apply_step(self.follower.feed(reading, at + waited, self.doc.committed.scene))

    def video_playing(self) -> bool:
        """A video is playing (not ended, not failed) or its frames are still being read."""
        if self.reader is not None and not self.reader.idle():
            return True
        status = getattr(self.source, "mediaStatus", None)
        return status is not None and status().name not in ("EndOfMedia", "InvalidMedia")

    def summary(self) -> dict[str, Any]:
        """What the camera or video has read so far (the smoke check prints it):
        its source, the frames read and the last reading in ``table --json``'s shape."""
        return {
            "source": self.source_name,
            "frames_read": self.reader.frames_read if self.reader is not None else 0,
            "reading": self.last_reading.to_json() if self.last_reading is not None else None,
            "error": self.last_error,
            "status": self.host.statusBar().currentMessage(),
        }

    def _video_holds_still(self) -> bool:
        status = getattr(self.source, "mediaStatus", None)
        state = getattr(self.source, "playbackState", None)
        if status is None or state is None:
            return False
        return status().name == "EndOfMedia" or state().name == "PausedState"

    def apply_step(self, step: FollowStep) -> None:
        """A frame's step: units at rest recorded (one undo step each), the others
        drawn where their tags stand, the unseen marked (never moved)."""
        for move in step.moves:
            unit = self.doc.committed.scene.units.get(move.piece_id)
            name = piece_label(unit) if unit else move.piece_id
            if self.doc.commit([move], f"Moved on the table: {name}") is None:
                self.recorded.append(move)
        scene = self.doc.committed.scene
        live = []
        for uid, (x, y, facing) in step.live.items():
            u = scene.units.get(uid)
            if u is None or any(m.piece_id == uid for m in step.moves):
                continue
            turned = abs((facing - u.facing + 180) % 360 - 180)
            if math.hypot(x - u.x, y - u.y) > LIVE_IN or turned > 0.5:
                live.append(MovePiece(uid, x, y, facing % 360))
        if QApplication.mouseButtons() == Qt.MouseButton.NoButton and not self.doc.looking_back:
            if live:
                self.doc.preview(live)
            else:
                self.doc.cancel_preview()
        self._mark_unseen(set(step.unseen))

    # -- marks of units not seen ----------------------------------------------
    def _mark_unseen(self, ids: set[str]) -> None:
        scene = self.doc.committed.scene
        height = scene.board.extent[1]
        for uid in list(self._marks):
            if uid not in ids:
                self.scene.removeItem(self._marks.pop(uid))
        for uid in ids:
            u = scene.units.get(uid)
            if u is None:
                continue
            r = math.hypot(u.width_in, u.depth_in) / 2 + 0.3
            item = self._marks.get(uid)
            if item is None:
                item = QGraphicsEllipseItem()
                pen = QPen(UNSEEN_PEN, 2.0, Qt.PenStyle.DashLine)
                pen.setCosmetic(True)
                item.setPen(pen)
                item.setZValue(Z_TOOL - 1)
                item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                item.setToolTip(f"{piece_label(u)}: its tag is not seen by the camera, or "
                                "not used: the unit keeps its place")  # fmt: skip
                self.scene.addItem(item)
                self._marks[uid] = item
            item.setRect(QRectF(u.x - r, height - u.y - r, 2 * r, 2 * r))
            item.setVisible(self._marks_shown)

    def _clear_marks(self) -> None:
        for item in self._marks.values():
            self.scene.removeItem(item)
        self._marks.clear()

    @property
    def unseen(self) -> set[str]:
        return set(self._marks)

    # -- printing markers ---------------------------------------------------
    def print_markers(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self.host)
        dialog.setWindowTitle("Print markers")
        if dialog.exec() != QPrintDialog.DialogCode.Accepted:
            return
        pages = self.paint_markers(printer)
        self.status(f"Markers sent to the printer: {pages} page{'s' * (pages > 1)}")

    def marker_ids(self) -> list[int]:
        """The game's unit tags, or 4-43 when no unit has one yet."""
        tags = sorted({u.tag for u in self.doc.committed.scene.units.values() if u.tag})
        return tags or list(range(4, 44))

    def paint_markers(self, printer: Any) -> int:
        """The corner markers and the game's tags at true scale on ``printer``."""
        from PySide6.QtCore import QMarginsF
        from PySide6.QtGui import QPageLayout, QPageSize

        from tabletop_gui.app.camera.marker_sheets import marker_list, paint_sheets
        from tabletop_gui.camera.markers import sheets

        size = printer.pageLayout().pageSize().id()
        paper = "letter" if size == QPageSize.PageSizeId.Letter else "a4"
        page = QPageSize(
            QPageSize.PageSizeId.Letter if paper == "letter" else QPageSize.PageSizeId.A4
        )
        printer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait,
                                          QMarginsF(0, 0, 0, 0)))  # fmt: skip
        printer.setFullPage(True)
        camera = self.record
        markers = marker_list(True, self.marker_ids(), None, camera.corner_size, camera.tag_size)
        # Each tag named with the unit it is for: what to stick where.
        names = {u.tag: piece_label(u) for u in self.doc.committed.scene.units.values() if u.tag}
        pages = sheets(markers, paper, 2 if names else 1)
        paint_sheets(printer, pages, paper, names)
        return len(pages)

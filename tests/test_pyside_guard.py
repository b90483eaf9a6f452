"""Guard: PySide6-Essentials 6.12.0 on Python 3.11 aborts the interpreter
("Fatal Python error: none_dealloc") after a few thousand calls of Qt methods
returning None. pyproject.toml excludes that combination; this test proves the
installed one survives 20,000 such calls."""

import subprocess
import sys

SCRIPT = """
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QGraphicsRectItem, QGraphicsScene
app = QApplication([])
scene = QGraphicsScene()
item = QGraphicsRectItem(0, 0, 1, 1)
scene.addItem(item)
obj = QObject()
for i in range(10_000):
    obj.setObjectName("n")   # returns None
    item.setPos(i % 7, i % 5)  # returns None
print("survived")
"""


def test_twenty_thousand_none_returning_qt_calls_do_not_abort():
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": ""},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "survived" in proc.stdout

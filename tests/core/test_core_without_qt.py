"""The scoring core (model, geometry, rules, io, examples) and the headless CLI commands run
with PySide6 made unimportable."""

import subprocess
import sys

from tabletop_gui.examples import DEMO_BOARD

BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"):
            raise ImportError(f"{name} is blocked in this test")
sys.meta_path.insert(0, Block())
"""


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK + code], capture_output=True, text=True, timeout=120
    )


def test_model_geometry_rules_io_import_and_score_without_pyside6():
    proc = run(f"""
import pkgutil, importlib
import tabletop_gui
for pkg in ("model", "geometry", "rules", "io", "play", "overlay", "camera"):
    mod = importlib.import_module("tabletop_gui." + pkg)
    for info in pkgutil.walk_packages(mod.__path__, mod.__name__ + "."):
        importlib.import_module(info.name)
importlib.import_module("tabletop_gui.examples")
from tabletop_gui.io import load_game
from tabletop_gui.rules import evaluate, replay
g = load_game({str(DEMO_BOARD)!r})
print(evaluate(replay(g.setup, g.events)).results[0].name)
try:
    import PySide6
except ImportError:
    print("blocked")
""")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["Hold", "the", "Ground", "blocked"]


def test_cli_score_works_without_pyside6():
    proc = run(f"""
from tabletop_gui.cli import main
raise SystemExit(main(["score", {str(DEMO_BOARD)!r}]))
""")
    assert proc.returncode == 0, proc.stderr
    assert "Hold the Ground" in proc.stdout


def test_cli_examples_and_version_work_without_pyside6():
    proc = run("""
from tabletop_gui.cli import main
assert main(["examples"]) == 0
try:
    main(["--version"])
except SystemExit as exc:
    assert exc.code == 0
""")
    assert proc.returncode == 0, proc.stderr
    assert "t9a_frontline_clash_demo (t9a)" in proc.stdout
    assert proc.stdout.rstrip().splitlines()[-1].startswith("tabletop-gui ")

"""The one entry point both bundled programs run: ``tabletop-gui`` (windowed: the
window, or any command; on Windows it cannot print) and ``tabletop-gui-cli``
(console: every command-line subcommand, with output). The same as the
``tabletop-gui`` script a pip install makes."""

import multiprocessing
import sys

from tabletop_gui.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # harmless when unused; needed if a child is ever spawned
    sys.exit(main())

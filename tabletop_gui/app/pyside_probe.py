"""PySide6's import hook, made cheaper without changing what it decides.

Once PySide6 is imported, every module imported after it goes through PySide's
``__feature__`` support (``from __feature__ import snake_case``): the first time
it meets a module it asks whether the module's source names PySide6, with
``inspect.getsource``, which reads, decodes and splits the whole file into
``linecache``. Our window imports about 200 modules after PySide6: the reading
was a tenth of its start (docs/performance.md, Start). ``quicken`` keeps the
question and its answer and only changes how the file is read (its bytes,
searched for ``b"PySide6"``); a module without a ``.py`` file is asked as before.
"""

from __future__ import annotations

import sys
from types import ModuleType


def quicken() -> bool:
    """Swap PySide's source probe for the quick one (once). False when this
    PySide6 has no such probe (nothing done)."""
    feature = sys.modules.get("shibokensupport.feature")
    probe = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or probe is None:
        return False
    if getattr(probe, "quick", False):
        return True

    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as f:
                    return b"PySide6" in f.read()
            except OSError:
                pass
        return bool(probe(module))

    uses_pyside.quick = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True

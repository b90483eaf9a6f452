"""Army list tests: the user's own table of bases lives in a temp folder."""

from __future__ import annotations

from pathlib import Path

import pytest

LISTS = Path(__file__).parent / "lists"


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    folder = tmp_path / "user-data"
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(folder))
    return folder

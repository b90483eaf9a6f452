"""Tabletop Simulator tests: the remembered mappings live in a temp folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    folder = tmp_path / "user-data"
    monkeypatch.setenv("TABLETOP_GUI_DATA_DIR", str(folder))
    return folder

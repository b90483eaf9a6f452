"""Shared fixtures. Tests never open a real window: Qt runs offscreen."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

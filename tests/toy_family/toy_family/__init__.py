"""A toy rule family: scouts around a beacon (tests/gui/test_fourth_family.py)."""

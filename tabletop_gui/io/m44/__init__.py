"""Memoir '44 scenarios (.m44, the scenario editor's JSON) read into hex games:
``sniff(data, name)`` says whether a file is one, ``load(data, source)`` reads it
(docs/hex.md, "Memoir '44 scenarios")."""

from tabletop_gui.io.m44.scenario import M44Import, load, sniff

__all__ = ["M44Import", "load", "sniff"]

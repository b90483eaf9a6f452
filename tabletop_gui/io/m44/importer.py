"""Registers the Memoir '44 scenario importer with ``io.importers`` (the
``import`` command and File > Import scenario...)."""

from __future__ import annotations

from tabletop_gui.io.importers import Importer, ImportRequest, ImportResult, register
from tabletop_gui.io.m44.scenario import load, sniff


def load_request(data: bytes, request: ImportRequest) -> ImportResult:
    result = load(data, request.source)
    return ImportResult(result.game, result.summary, result.problems)


IMPORTER = register(
    Importer(
        key="m44",
        title="Memoir '44 scenario",
        kind="scenario",
        sniff=sniff,
        load=load_request,
        patterns=("*.m44",),
        priority=10,
        reads_json=True,
    )
)

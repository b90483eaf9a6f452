"""The tolerance of every comparison against a rule threshold, in inches
(``geometry.outline.EPS``): kept here, the lowest layer, so that the wording of
figures (``model.names``) separates a figure from a threshold exactly where the
rules do (docs/measurement.md, "How many decimals")."""

from __future__ import annotations

#: Tolerance of every comparison against a rule threshold, in inches.
EPS = 1e-6

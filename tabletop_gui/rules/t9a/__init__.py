"""The Ninth Age: Deployment Types and the six Secondary Objectives on the inch board."""

from tabletop_gui.rules.t9a import (
    breakthrough,
    capture_the_flags,
    deployments,
    family,
    hold_the_ground,
    king_of_the_hill,
    secure_target,
    spoils_of_war,
)
from tabletop_gui.rules.t9a.deployments import DEPLOYMENT_TYPES, DeploymentType

__all__ = [
    "DEPLOYMENT_TYPES",
    "DeploymentType",
    "breakthrough",
    "capture_the_flags",
    "deployments",
    "family",
    "hold_the_ground",
    "king_of_the_hill",
    "secure_target",
    "spoils_of_war",
]

"""The dock panels and dialogs around the board: palette, inspector, score panel,
game log, turn bar, objectives."""

"""Qt-free play logic shared by the window and the command line: the turn bar's
steps, the actions a selection offers, palette and new-game presets, objective
choices, the measure tool's arithmetic and the one wording of results. Each rule
family supplies its own part through the family contract (``rules.family``)."""

"""Army lists in: The Ninth Age lists from army builders (New Recruit's text and
JSON exports, 9th Builder's text export, BattleScribe .ros / .rosz) read, given
bases from the bundled table, and placed in a side's Deployment Zone. See
docs/army-lists.md.

- ``text``, ``roster``, ``nr_json``, ``ninth_builder``: readers -> ``model.ArmyList``.
- ``bases``: the bundled table (``assets/bases/t9a_bases.csv``) and the user's own.
- ``plan``: each unit's base, height class, frontage and Scoring.
- ``placement``, ``to_game``: the layout and the game it goes into.
- ``formats``: the importers registered with ``io.importers``.
"""

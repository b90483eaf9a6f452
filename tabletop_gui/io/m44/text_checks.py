"""What a Memoir '44 scenario's prose says against what its data says (docs/hex.md,
"When the victory text and the data disagree").

The importer reads the data faithfully; this module reads the victory text and
the special rules (``victory_text``) for what the data cannot say or says
otherwise, and for data that contradicts the rules' geometry:

- **exits** the text gives a side while the data has no exit markers for it:
  where the text names the edge (the Axis edge, the opponent's baseline), every
  hex of that baseline becomes an exit for the side; otherwise a warning;
- **exit markers on the exiting side's own baseline** (Memoir's exits lead off
  the opponent's edge), unless the text speaks of leaving by the side's own
  edge: those hexes are left out, named in a warning;
- **a sudden death** the text announces while the data has none (a warning),
  or one the text checks "at the end of the turn" (``at_turn_end``);
- **a medal a win needs** ("10 medals, including the Airfield": ``needed_to_win``);
- **a medal held unless** ("the Axis hold it unless an Allied unit stands on
  it": ``held_by``);
- **the kind of a medal** (Permanent, Temporary, Majority, Start Turn): taken
  from the text where the data gives the medal no properties, a warning where
  the data says otherwise (the data applies);
- **medals the texts never name** when they name the others.

Everything read from the text is flagged ``unconfirmed`` on its objective,
quoting the sentence and saying what was imported, so Game > Objectives and
the score show it until the referee confirms or edits the objective. A cue that
matches no objective is a problem of the import (the briefing lists them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import Any

from tabletop_gui.io.m44 import coords
from tabletop_gui.io.m44.victory_text import (
    EDGE,
    EXIT,
    INCLUDING,
    NO_EXIT,
    OPPONENT_WORDS,
    OWN_WORDS,
    SUDDEN_DEATH,
    TURN_END,
    UNLESS,
    Sentence,
    SideWords,
    medal_kinds,
    names,
    sentences,
)
from tabletop_gui.lazy_dataclass import dataclass
from tabletop_gui.model.hexgrid import Hex, HexBoard

MEDAL = "hex.memoir_medal"
EXIT_KIND = "hex.memoir_exit"
SUDDEN = "hex.memoir_sudden_death"
UNCONFIRMED = "unconfirmed"
#: Words saying a sentence is about scoring (a special rule "at the end of each
#: turn, roll for reinforcements" is not).
SCORING_WORDS = ("medal", "win", "victory", "objective")


@dataclass(frozen=True)
class Reading:
    """What the checks need of the scenario."""

    board: HexBoard
    #: File side (AXIS / ALLIES) -> side id.
    sides: dict[str, str]
    #: File side -> country code ("" where none is given).
    countries: dict[str, str]
    #: Side id -> the row of its own baseline.
    baselines: dict[str, int]
    #: Side id -> how a message names it ("Axis", "Allies").
    side_names: dict[str, str]
    victory: str
    rules: str
    #: Medal objective id -> the label printed on its own hex.
    medal_labels: dict[str, str]
    #: Ids of the medals whose data had no properties.
    bare: set[str]


@dataclass
class _Review:
    reading: Reading
    objectives: list[dict[str, Any]]
    words: SideWords
    notes: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    #: (exiting side, edge side or None, sentence) for each exit the text gives.
    exit_claims: list[tuple[str | None, str | None, Sentence]] = field(default_factory=list)
    named: set[str] = field(default_factory=set)

    # -- helpers ----------------------------------------------------------
    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        return [o for o in self.objectives if o["kind"] == kind]

    def note(self, o: dict[str, Any], text: str) -> None:
        self.notes.setdefault(o["id"], []).append(text)

    def name(self, side: str | None) -> str:
        """'the Axis', 'the Allies'."""
        return f"the {self.reading.side_names.get(side or '', 'side')}"

    def opponent(self, side: str) -> str | None:
        return next((s for s in self.reading.baselines if s != side), None)

    def where(self, hexes: Sequence[Hex]) -> str:
        shown = ", ".join(coords.name_of(self.reading.board, h) for h in hexes[:8])
        return shown + (", ..." if len(hexes) > 8 else "")

    def medals_named(self, plain: str) -> list[dict[str, Any]]:
        labels = self.reading.medal_labels
        return [
            o for o in self.of_kind(MEDAL) if o["id"] in labels and names(plain, labels[o["id"]])
        ]

    # -- the sentences ------------------------------------------------------
    def sentence(self, s: Sentence) -> None:
        text = s.plain
        medals = self.medals_named(text)
        self.named.update(o["id"] for o in medals)
        scoring = bool(medals) or any(w in text for w in SCORING_WORDS)
        for o in medals:
            self.kinds(o, s, text)
        if UNLESS.search(text) and scoring:
            self.unless(s, text, medals)
        if INCLUDING.search(text) and scoring:
            self.including(s, medals)
        sudden = SUDDEN_DEATH.search(text)
        if sudden:
            self.sudden_death(s, text)
        elif TURN_END.search(text) and scoring:
            self.problems.append(
                f"{s.quoted()}: a check at the end of a turn, which the scenario's data cannot "
                "say and this program does not model for medals: the medals are scored as "
                "Memoir scores them; check it during play"
            )
        found = EXIT.search(text)
        if found and not NO_EXIT.search(text):
            self.exit_claim(s, text, found.start())

    def kinds(self, o: dict[str, Any], s: Sentence, text: str) -> None:
        said = medal_kinds(text)
        if not said:
            return
        params = o["params"]
        words = _kind_words(said)
        if o["id"] in self.reading.bare:
            for key, value in said.items():
                if value:
                    params[key] = True
            sides = params.get("sides") or [params.get("side")]
            who = " and ".join(self.name(x) for x in sides)
            self.notes[o["id"]] = [
                f"the scenario's data gives it no properties; {s.quoted()}, so it is scored "
                f"as a {_kind_phrase(params)} for {who}."
            ]
            params.pop(UNCONFIRMED, None)
            return
        data = {k: bool(params.get(k, False)) for k in said}
        if data != said:
            self.note(
                o,
                f"{s.quoted()} ({words}) but the scenario's data makes it a "
                f"{_kind_phrase(params)}: the data applies.",
            )

    def unless(self, s: Sentence, text: str, medals: list[dict[str, Any]]) -> None:
        at = UNLESS.search(text)
        assert at is not None
        holder = self.words.first(text, at.start())
        if not medals or holder is None:
            self.problems.append(
                f"{s.quoted()}: a medal held 'unless' something happens, which the scenario's "
                "data cannot say, and no medal or side of it was recognised: not modelled; set "
                "'held_by' on the medal in Game > Objectives"
            )
            return
        for o in medals:
            o["params"]["held_by"] = holder
            self.note(
                o,
                f"{s.quoted()}: imported with held_by {holder} ({self.name(holder)} hold it "
                "whenever no side qualifies for it).",
            )

    def including(self, s: Sentence, medals: list[dict[str, Any]]) -> None:
        if not medals:
            self.problems.append(
                f"{s.quoted()}: a win that needs a named medal, which the scenario's data "
                "cannot say, and no medal of it was recognised: not modelled; set "
                "'needed_to_win' on the medal in Game > Objectives"
            )
            return
        for o in medals:
            o["params"]["needed_to_win"] = True
            self.note(
                o,
                f"{s.quoted()}: imported with needed_to_win (a side it serves wins only "
                "while holding it).",
            )

    def sudden_death(self, s: Sentence, text: str) -> None:
        side = self.words.first(text)
        found = [o for o in self.of_kind(SUDDEN) if side is None or o["params"].get("side") == side]
        if not found:
            whose = f" for {self.name(side)}" if side else ""
            self.problems.append(
                f"{s.quoted()}: a sudden death{whose}, but the scenario's data has none: no "
                "sudden death is scored; add a Memoir '44 sudden death objective in Game > "
                "Objectives"
            )
            return
        if TURN_END.search(text):
            for o in found:
                o["params"]["at_turn_end"] = True
                self.note(
                    o,
                    f"{s.quoted()}: imported with at_turn_end (checked only when the side's "
                    "turn ends; the data alone would win the moment the hexes are held).",
                )

    def exit_claim(self, s: Sentence, text: str, at: int) -> None:
        side = self.words.first(text, at) or self.words.first(text)
        edge: str | None = None
        for m in EDGE.finditer(text):
            word = m.group(1)
            if word in OPPONENT_WORDS:
                edge = self.opponent(side) if side else None
            elif word in OWN_WORDS:
                edge = side
            else:
                edge = self.words.side_of(word)
            if edge is not None:
                break
        self.exit_claims.append((side, edge, s))

    # -- what the sentences add up to --------------------------------------
    def exits(self) -> None:
        own_edge_said = {side for side, edge, _ in self.exit_claims if side and edge == side}
        for o in self.of_kind(EXIT_KIND):
            side = o["params"]["side"]
            self.own_baseline(side, o, side in own_edge_said)
        data = {o["params"]["side"] for o in self.of_kind(EXIT_KIND)}
        done: set[str] = set()
        for side, edge, s in self.exit_claims:
            if side is None:
                if not self.of_kind(EXIT_KIND):
                    self.problems.append(
                        f"{s.quoted()}: exits, but the scenario's data has no exit markers and "
                        "the text names no side: no exit is scored"
                    )
                continue
            if side in data or side in done:
                continue
            done.add(side)
            row = self.reading.baselines.get(edge) if edge is not None else None
            if row is None:
                self.problems.append(
                    f"{s.quoted()}: exits for {self.name(side)}, but the scenario's data "
                    "has no exit markers for them and the text names no edge: no exit is "
                    "scored; add a Memoir '44 exit objective in Game > Objectives"
                )
                continue
            board = self.reading.board
            hexes = [h for h in board.hexes() if h[1] == row]
            whose = "their own" if edge == side else self.name(edge)
            self.objectives.append(
                {
                    "id": _free_id(f"exit-{side}", self.objectives),
                    "kind": EXIT_KIND,
                    "name": f"{self.reading.side_names.get(side, side)} exits (from the text)",
                    "params": {
                        "side": side,
                        "hexes": [list(h) for h in hexes],
                        "group": f"{whose} baseline (row {row + 1})",
                    },
                }
            )
            self.note(
                self.objectives[-1],
                f"{s.quoted()}, and the scenario's data has no exit markers for "
                f"{self.name(side)}: every hex of {whose} baseline (row {row + 1}) is imported "
                "as an exit hex.",
            )

    def own_baseline(self, side: str, o: dict[str, Any], said: bool) -> None:
        """Exit markers on the exiting side's own baseline: left out (named) unless
        the text speaks of leaving by that edge."""
        row = self.reading.baselines.get(side)
        hexes = [tuple(h) for h in o["params"]["hexes"]]
        own = [h for h in hexes if h[1] == row]
        if not own or said:
            return
        keep = [h for h in hexes if h[1] != row]
        what = (
            f"the scenario's data puts exit markers for {self.name(side)} on their own "
            f"baseline ({self.where(own)}); Memoir's exits lead off the opponent's edge and "
            "the texts give no exit off their own"
        )
        if keep:
            o["params"]["hexes"] = [list(h) for h in keep]
            self.note(o, f"{what}: those hexes are left out; add them back in Game > Objectives "
                      "if the scenario means them.")  # fmt: skip
        else:
            self.objectives.remove(o)
            self.problems.append(
                f"{o['name']}: {what}: not scored; add a Memoir '44 exit objective with those "
                "hexes in Game > Objectives if the scenario means them"
            )

    def unnamed_medals(self) -> None:
        """When the texts name the medals (two or more of them), those they never name."""
        labels = self.reading.medal_labels
        if len(self.named) < 2:
            return  # one medal named is a remark, not a list
        listed = ", ".join(sorted({labels[i] for i in self.named if i in labels}, key=str.lower))
        for o in self.of_kind(MEDAL):
            if o["id"] in self.named:
                continue
            self.note(
                o,
                f"the scenario's texts name the medals of {listed} but not this one; the "
                "scenario's data puts a medal here: it is scored; remove it in Game > "
                "Objectives if the text means no medal here.",
            )

    def finish(self) -> None:
        for o in self.objectives:
            notes = self.notes.get(o["id"])
            if not notes:
                continue
            old = o["params"].get(UNCONFIRMED)
            o["params"][UNCONFIRMED] = " ".join([old, *notes] if old else notes)


def review(
    reading: Reading, objectives: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[str]]:
    """The objectives as the texts qualify them (params set, objectives added or
    left out, notes in ``unconfirmed``) and the warnings that match no objective."""
    words = SideWords(reading.sides, reading.countries)
    r = _Review(reading, [_copy(o) for o in objectives], words)
    for s in [
        *sentences(reading.victory, "victory text"),
        *sentences(reading.rules, "special rules"),
    ]:
        r.sentence(s)
    r.exits()
    r.unnamed_medals()
    r.finish()
    return r.objectives, r.problems


def _copy(o: dict[str, Any]) -> dict[str, Any]:
    return {**o, "params": dict(o["params"])}


def _free_id(base: str, objectives: list[dict[str, Any]]) -> str:
    taken = {o["id"] for o in objectives}
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    return name


def _kind_words(said: dict[str, bool]) -> str:
    words = []
    if "turn_start" in said:
        words.append("start turn")
    if "permanent" in said:
        words.append("permanent" if said["permanent"] else "temporary")
    if "majority" in said:
        words.append("majority")
    return " ".join(words)


def _kind_phrase(params: dict[str, Any]) -> str:
    """'permanent medal', 'turn-start temporary majority medal'."""
    when = "turn-start " if params.get("turn_start") else ""
    how = "permanent" if params.get("permanent") else "temporary"
    kind = "majority medal" if params.get("majority") else "medal"
    return f"{when}{how} {kind}"

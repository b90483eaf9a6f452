"""Reading a Memoir '44 scenario's prose (its victory text and special rules)
for what its data may leave out: exits, sudden deaths, checks "at the end of
the turn", medals a win needs ("including"), medals held "unless", and the
kind a sentence gives a medal (Permanent, Temporary, Majority, Start Turn).

The reading is plain pattern matching over sentences, never a guess at a
whole meaning: a sentence either carries one of these cues or not, names a
medal when the medal's label appears in it, and names a side by the words of
that side (its name, its country, its people). What the cues mean for the
import is decided in ``text_checks``; the program never claims more than a
cue: every reading it acts on is flagged for the referee to confirm.
"""

from __future__ import annotations

import re
import unicodedata

from tabletop_gui.lazy_dataclass import dataclass

#: The longest quotation a message gives of a sentence.
QUOTE_CHARS = 160


@dataclass(frozen=True)
class Sentence:
    """One sentence of a scenario's text, as written (spaces collapsed), and the
    section it is in ("victory text", "special rules")."""

    section: str
    text: str

    @property
    def plain(self) -> str:
        return plain(self.text)

    def quoted(self) -> str:
        """The sentence as a message quotes it: the section and at most QUOTE_CHARS."""
        text = self.text if len(self.text) <= QUOTE_CHARS else self.text[: QUOTE_CHARS - 3] + "..."
        says = "say" if self.section.endswith("s") else "says"
        return f"the {self.section} {says} {text!r}"


def plain(text: str) -> str:
    """Lower case without accents, dashes as spaces, one space between words
    ("Colleville-sur-Mer" and "colleville sur mer" read alike)."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"[\u2010-\u2015\-_/]+", " ", text)
    text = text.replace("\u2019", "'")
    return re.sub(r"\s+", " ", text).strip()


#: Where a sentence ends: . ! ? ; or a line break, then a space (or the end).
_BREAK = re.compile(r"(?<=[.!?;])\s+|\s*\n\s*|(?<=[.!?;])$")
#: A dot that ends no sentence ("e.g.", "No. 4", "St. Lo").
_ABBREVIATIONS = ("e.g.", "i.e.", "no.", "st.", "vs.", "approx.", "inc.")


def sentences(text: str, section: str) -> list[Sentence]:
    """The sentences of ``text``; a list item or a line of its own is one."""
    out: list[Sentence] = []
    pending = ""
    for piece in _BREAK.split(text or ""):
        piece = re.sub(r"\s+", " ", piece or "").strip(" -*\u2022\t")
        if not piece:
            continue
        pending = f"{pending} {piece}".strip() if pending else piece
        if pending.lower().endswith(_ABBREVIATIONS):
            continue
        out.append(Sentence(section, pending))
        pending = ""
    if pending:
        out.append(Sentence(section, pending))
    return out


# -- cues ---------------------------------------------------------------------

EXIT = re.compile(
    r"\bexit(?:s|ed|ing)?\b|\bmoves? off\b|\bleaves? the (?:board|battlefield|map)\b"
    r"|\boff the (?:board|map|battlefield)\b"
)
#: An exit a sentence forbids ("units may not exit", "cannot exit"): no exit given.
NO_EXIT = re.compile(r"\b(?:not|cannot|never|no)\b(?: \w+){0,3} (?:exit|move off|leave)")
SUDDEN_DEATH = re.compile(
    r"sudden death|\bwins? (?:the (?:game|battle) )?(?:immediately|instantly|at once)\b"
    r"|\b(?:immediately|instantly|automatically) wins?\b|\bautomatic (?:victory|win)\b"
    r"|\bwins? (?:the (?:game|battle) )?automatically\b"
)
TURN_END = re.compile(
    r"\b(?:at|by) the (?:end|close) of (?:their|its|his|her|a|each|any|the|one|that)"
    r"(?: \w+(?:'s)?)?(?: own)? turns?\b"
)
TURN_START = re.compile(
    r"\b(?:start|beginning) of (?:their|its|his|her|a|each|any|the|one|that)"
    r"(?: \w+(?:'s)?)?(?: own)? turns?\b|\bturn start\b|\bstart turn\b"
)
INCLUDING = re.compile(r"\bincluding\b")
UNLESS = re.compile(r"\bunless\b")
PERMANENT = re.compile(r"\bpermanent\b")
TEMPORARY = re.compile(r"\btemporary\b")
MAJORITY = re.compile(r"\bmajority\b")
#: "the Axis baseline", "the German board edge", "their own edge", "the
#: opponent's baseline": the word before it says whose edge.
EDGE = re.compile(
    r"(\w+)(?:'s?)?(?: players?(?:'s?)?)? (?:own )?(?:board )?"
    r"(?:edge|baseline|base line|back row|home row|side of the (?:board|map|battlefield)"
    r"|map edge)\b"
)


def medal_kinds(text: str) -> dict[str, bool]:
    """The medal kinds a sentence gives (its words, plain): ``permanent`` true or
    false (Permanent or Temporary, when only one is said), ``majority`` and
    ``turn_start`` true when said."""
    out: dict[str, bool] = {}
    permanent, temporary = bool(PERMANENT.search(text)), bool(TEMPORARY.search(text))
    if permanent != temporary:
        out["permanent"] = permanent
    if MAJORITY.search(text):
        out["majority"] = True
    if TURN_START.search(text):
        out["turn_start"] = True
    return out


# -- sides ----------------------------------------------------------------------

#: Country code -> the words naming its side in a text (its name and its people).
COUNTRY_WORDS = {
    "DE": "germany german germans reich wehrmacht",
    "US": "usa american americans",
    "GB": "britain british english commonwealth",
    "RU": "soviet soviets russia russian russians red army",
    "JP": "japan japanese",
    "FR": "france french",
    "CA": "canada canadian canadians",
    "IT": "italy italian italians",
    "PL": "poland polish poles",
    "FI": "finland finnish finns finn",
    "RO": "romania romanian romanians",
    "AU": "australia australian australians",
    "NZ": "new zealand",
    "BE": "belgium belgian belgians",
    "GR": "greece greek greeks",
    "HU": "hungary hungarian hungarians",
    "CN": "china chinese",
    "NL": "netherlands dutch",
    "NO": "norway norwegian norwegians",
    "YU": "yugoslavia yugoslav yugoslavs partisans",
}
#: Words naming a side whatever the countries.
SIDE_WORDS = {"AXIS": "axis", "ALLIES": "allies allied ally"}
#: Words naming the other side than the sentence's subject.
OPPONENT_WORDS = ("opponent", "opponents", "enemy", "enemies", "opposing", "other")
OWN_WORDS = ("own", "their", "its", "his", "her")


class SideWords:
    """Which side a word of a text names, for one scenario's sides and countries."""

    def __init__(self, sides: dict[str, str], countries: dict[str, str]) -> None:
        """``sides``: file side (AXIS / ALLIES) -> side id; ``countries``: file
        side -> country code (may be empty)."""
        self.words: dict[str, str] = {}
        for file_side, side_id in sides.items():
            for word in SIDE_WORDS.get(file_side, "").split():
                self.words[word] = side_id
            code = countries.get(file_side, "").upper()
            for word in _multi(COUNTRY_WORDS.get(code, "")):
                self.words.setdefault(word, side_id)
        longest = sorted(self.words, key=len, reverse=True)
        self.pattern = re.compile(
            r"\b(" + "|".join(re.escape(w) for w in longest) + r")\b" if longest else r"(?!x)x"
        )

    def found(self, text: str, end: int | None = None) -> list[tuple[int, str]]:
        """(position, side id) of every side word in ``text`` (plain), before ``end``."""
        return [
            (m.start(), self.words[m.group(1)])
            for m in self.pattern.finditer(text, 0, len(text) if end is None else end)
        ]

    def first(self, text: str, end: int | None = None) -> str | None:
        found = self.found(text, end)
        return found[0][1] if found else None

    def last(self, text: str, end: int | None = None) -> str | None:
        found = self.found(text, end)
        return found[-1][1] if found else None

    def side_of(self, word: str) -> str | None:
        return self.words.get(word)


def _multi(words: str) -> list[str]:
    """'soviet red army' -> the single words and the known two-word names."""
    parts = words.split()
    pairs = {"red army", "new zealand"}
    return parts + [p for p in pairs if p in words]


def names(text: str, label: str) -> bool:
    """Whether a sentence (plain) names the place ``label`` (its plain words,
    three letters at least, as whole words)."""
    want = plain(label)
    if len(want) < 3:
        return False
    return re.search(r"(?<!\w)" + re.escape(want) + r"(?!\w)", text) is not None

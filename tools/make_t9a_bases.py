"""Build the bundled base-size table of The Ninth Age units,
assets/bases/t9a_bases.csv, from public army data.

    .venv/bin/python tools/make_t9a_bases.py PATH_TO_BSDATA_T9A [--commit REV]

PATH_TO_BSDATA_T9A is a clone (or a bare git directory) of the BSData
"The-9th-Age" BattleScribe data. Only facts are taken from it: unit names per army
and edition, whether a unit is a Character, and the height class and base of the
"0 Size" profiles (present for part of the 2nd-edition armies only). No catalogue
file is copied (that repository states no licence).

Then, in this order, later rows winning:
- a 3rd-edition unit without a size takes the 2nd-edition size of the unit of the
  same name in the same army (or of the name ``tools/t9a_bases_by_hand.csv``
  gives as its former name);
- tools/t9a_bases_by_hand.csv: sizes filled by hand where known, mounts.
"""

from __future__ import annotations

import argparse
import csv
import io
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from defusedxml import ElementTree

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "bases" / "t9a_bases.csv"
HAND = Path(__file__).resolve().parent / "t9a_bases_by_hand.csv"

NS = "{http://www.battlescribe.net/schema/catalogueSchema}"
#: BattleScribe game system ids of The Ninth Age: Fantasy Battles, by edition.
EDITIONS = {"aa64-1e8e-66fc-9abf": "2nd", "8c9a-3026-84b4-cf16": "3rd"}
FULL_RANK = {"standard": 5, "large": 3, "gigantic": 1}
COLUMNS = ("edition", "army", "unit", "mount", "base", "height", "frontage", "character", "source")


@dataclass(frozen=True)
class Row:
    edition: str
    army: str
    unit: str
    mount: str = ""
    base: str = ""
    height: str = ""
    frontage: str = ""
    character: str = ""
    source: str = ""

    def key(self) -> tuple[str, str, str, str]:
        return (self.edition, self.army, norm(self.unit), norm(self.mount))


def norm(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", name.casefold())


def clean(name: str) -> str:
    return " ".join(name.replace("\u200b", "").split())


def army_name(catalogue: str) -> str:
    """'Undying Dynasties (Public Test - Hotfix 2)' / '... 2024 Released 5' -> the army."""
    name = re.sub(r"\s*\(.*\)\s*$", "", clean(catalogue))
    return re.sub(r"\s+(?:19|20)\d\d\b.*$|\s+\d+(?:\.\d+)+\s*$", "", name)


def base_text(raw: str) -> str:
    """'20×20' -> '20x20', '75Ø' -> 'round 75'."""
    t = raw.strip().replace("×", "x").replace(" ", "")
    m = re.fullmatch(r"(\d+)[Øø⌀]|[Øø⌀](\d+)", t)
    if m:
        return f"round {m.group(1) or m.group(2)}"
    if re.fullmatch(r"\d+x\d+", t):
        return t
    return ""


def git_files(repo: Path) -> dict[str, bytes]:
    """The .cat and .gst files of a clone or bare git directory, as bytes."""
    if (repo / ".git").exists() or not (repo / "HEAD").exists():
        return {p.name: p.read_bytes() for p in repo.iterdir() if p.suffix in (".cat", ".gst")}
    names = subprocess.run(
        ["git", "-C", str(repo), "ls-tree", "--name-only", "HEAD"],
        check=True, capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    return {
        n: subprocess.run(
            ["git", "-C", str(repo), "show", f"HEAD:{n}"], check=True, capture_output=True
        ).stdout
        for n in names
        if n.endswith((".cat", ".gst"))
    }


def catalogue_rows(data: bytes, categories: dict[str, str]) -> list[Row]:
    root = ElementTree.fromstring(data)
    edition = EDITIONS.get(root.get("gameSystemId", ""))
    if edition is None:
        return []
    army = army_name(root.get("name", ""))
    local = {c.get("id", ""): c.get("name", "") for c in root.iter(NS + "categoryEntry")}
    rows = []
    for entry in root.iter(NS + "selectionEntry"):
        if entry.get("type") != "unit":
            continue
        name = clean(entry.get("name", ""))
        if not name or name.endswith("(Core)"):
            continue
        cats = {
            categories.get(c.get("targetId", ""), local.get(c.get("targetId", ""), ""))
            for c in entry.iter(NS + "categoryLink")
        }
        character = "yes" if "Characters" in cats else ""
        size = _size(entry)
        base, height = (
            (base_text(size.get("Base", "")), size.get("Height", "").lower()) if size else ("", "")
        )
        if height not in FULL_RANK:
            height = ""
        rows.append(
            Row(edition, army, name, base=base, height=height, character=character,
                source="BSData 0 Size" if base else "BSData name")
        )  # fmt: skip
    return rows


def _size(entry: object) -> dict[str, str]:
    for profile in entry.iter(NS + "profile"):  # type: ignore[attr-defined]
        if profile.get("typeName") == "0 Size":
            return {c.get("name", ""): (c.text or "") for c in profile.iter(NS + "characteristic")}
    return {}


def read_hand() -> tuple[list[Row], dict[tuple[str, str], str]]:
    """Rows filled by hand, and 3rd-edition renames: (army, new name) -> 2nd-edition name."""
    rows, renames = [], {}
    text = "".join(
        line for line in HAND.read_text("utf-8").splitlines(True) if not line.startswith("#")
    )
    for rec in csv.DictReader(io.StringIO(text)):
        rec = {k: (v or "").strip() for k, v in rec.items()}
        if rec.get("formerly"):
            renames[(rec["army"], norm(rec["unit"]))] = rec["formerly"]
        if rec.get("base"):
            rows.append(Row(**{k: rec.get(k, "") for k in COLUMNS[:-1]}, source="hand"))
    return rows, renames


def build(files: dict[str, bytes]) -> list[Row]:
    categories: dict[str, str] = {}
    for name, data in files.items():
        if name.endswith(".gst"):
            root = ElementTree.fromstring(data)
            categories.update(
                {c.get("id", ""): c.get("name", "") for c in root.iterfind(".//{*}categoryEntry")}
            )
    table: dict[tuple[str, str, str, str], Row] = {}
    for name, data in sorted(files.items()):
        if name.endswith(".cat") and "homebrew" not in name.lower():
            for row in catalogue_rows(data, categories):
                old = table.get(row.key())
                if old is None or (row.base and not old.base):
                    table[row.key()] = row
    hand, renames = read_hand()
    second = {
        (r.army, norm(r.unit), norm(r.mount)): r
        for r in table.values()
        if r.edition == "2nd" and r.base
    }
    for key, row in list(table.items()):
        if row.edition == "3rd" and not row.base:
            former = renames.get((row.army, norm(row.unit)), row.unit)
            src = second.get((row.army, norm(former), norm(row.mount)))
            if src is not None:
                table[key] = replace(row, base=src.base, height=src.height,
                                     source="BSData 0 Size, 2nd ed. of the same unit")  # fmt: skip
    for row in hand:
        old = table.get(row.key())
        table[row.key()] = replace(row, character=row.character or (old.character if old else ""))
    out = []
    for row in table.values():
        if not row.base:
            continue
        single = row.character or row.base.startswith("round")
        frontage = row.frontage or str(1 if single else FULL_RANK.get(row.height or "standard", 5))
        out.append(replace(row, height=row.height or "standard", frontage=frontage))
    return sorted(out, key=lambda r: (r.edition, r.army, r.unit, r.mount))


def header(rows: list[Row], commit: str) -> str:
    per = Counter((r.edition, r.army) for r in rows if not r.mount)
    cover = [f"#   {ed} {army}: {n}" for (ed, army), n in sorted(per.items())]
    hand = sum(1 for r in rows if r.source == "hand")
    return "\n".join(
        [
            "# The Ninth Age: base size, height class and default frontage of each unit.",
            "# Made by tools/make_t9a_bases.py; edit tools/t9a_bases_by_hand.csv, not this file.",
            "# Source: the public BSData The-9th-Age BattleScribe data"
            + (f" (commit {commit})" if commit else "")
            + ": unit names per army",
            "#   and edition, Characters, and the height class and base of the '0 Size'",
            "#   profiles, which exist for part of the 2nd-edition armies only (facts taken;",
            "#   no file copied).",
            "#   A 3rd-edition unit takes the 2nd-edition size of the same unit of its army;",
            f"#   {hand} rows (source 'hand') were filled by hand.",
            "# Editions: 2nd and 3rd (lists today are mostly 3rd). Units without a known size",
            "#   are left out: an import asks for them. Rows per edition and army (without",
            "#   mounts):",
            *cover,
            "# Columns: edition; army; unit; mount (a list option that changes the base,",
            "#   empty: none); base in mm (WIDTHxDEPTH, frontage first, or 'round D'); height",
            "#   (standard, large, gigantic); frontage (default models per rank); character",
            "#   (yes: a Character, imported with Scoring cleared as docs/t9a.md says); source.",
            "",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bsdata", type=Path, help="a clone or git directory of BSData/The-9th-Age")
    parser.add_argument("--commit", default="", help="the commit read, named in the header")
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    args = parser.parse_args(argv)
    commit = args.commit
    if not commit:
        done = subprocess.run(["git", "-C", str(args.bsdata), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True)  # fmt: skip
        commit = done.stdout.strip()
    rows = build(git_files(args.bsdata))
    buf = io.StringIO()
    buf.write(header(rows, commit))
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        writer.writerow([getattr(r, c) for c in COLUMNS])
    args.output.write_text(buf.getvalue(), "utf-8")
    print(f"wrote {args.output} ({len(rows)} rows)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The repository stands on its own: nothing in it cites a file outside it or a
path on someone's machine, and every ``docs/<name>.md`` (and section) that code,
tests and docs cite exists. The rules reference is the project's own docs."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What is scanned: the package, tests, docs, tools, benchmarks and top-level docs.
SCANNED = ("tabletop_gui", "assets", "tests", "docs", "tools", "benchmarks")
TOP_LEVEL = ("README.md", "CONTRIBUTING.md", "CHANGELOG.md")


def _word(backwards: str) -> str:
    """A word of a forbidden citation, written backwards here: this file is
    scanned too and must not cite what it forbids."""
    return backwards[::-1]


_SLASH = "/"
_RULES_FILE, _FOLDER, _TEXTS = _word("SELUR"), _word("derahs"), _word("sdees")
_WORK, _HOMES, _ADMIN = _word("krow"), (_word("emoh"), _word("sresU")), _word("toor")
FORBIDDEN = {
    "a rules file outside the repository": re.compile(rf"\b{_RULES_FILE}\.md\b"),
    "the folder beside the repository": re.compile(rf"\.\.{_SLASH}{_FOLDER}\b|\b{_FOLDER}{_SLASH}"),
    "the source texts outside the repository": re.compile(
        rf"\b{_TEXTS}{_SLASH}|\b{_TEXTS[:-1]} `\d"
    ),
    "a path on the work machine": re.compile(rf"(?<![\w.]){_SLASH}{_WORK}{_SLASH}"),
    "a home folder on a machine": re.compile(
        "|".join(
            (
                rf"(?<![\w.]){_SLASH}(?:{'|'.join(_HOMES)}){_SLASH}\w",
                rf"(?<![\w.]){_SLASH}{_ADMIN}{_SLASH}",
                rf"\b[A-Za-z]:(?:\\\\|\\|/){_HOMES[1]}(?:\\|/)",
            )
        )
    ),
}
DOC_PATH = re.compile(r"\bdocs/([\w-]+\.md)\b")
#: A cited section: "(docs/carnevale.md, Events)".
DOC_SECTION = re.compile(r"\(docs/([\w-]+\.md), ([A-Z][^)]*)\)")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#+\s+(.*?)\s*$", re.MULTILINE)


def tracked_files() -> list[Path]:
    """The tracked files in scope (git's list; a tree without git: every file there)."""
    scope = [*SCANNED, *TOP_LEVEL]
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--", *scope],
            cwd=ROOT,
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout.decode()
        names = [n for n in out.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
    if names:
        # This file is scanned too, tracked yet or not: its patterns must not trip it.
        here = Path(__file__).resolve().relative_to(ROOT).as_posix()
        return [ROOT / n for n in {*names, here} if (ROOT / n).is_file()]
    found = [ROOT / n for n in TOP_LEVEL if (ROOT / n).is_file()]
    for folder in SCANNED:
        found += [p for p in (ROOT / folder).rglob("*") if p.is_file() and ".venv" not in p.parts]
    return found


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file (a picture, a compiled file)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    out = {}
    for path in tracked_files():
        text = text_of(path)
        if text is not None:
            out[path.relative_to(ROOT).as_posix()] = text
    return out


def headings(doc: str) -> list[str]:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    return [h.strip().lower() for h in HEADING.findall(text)]


def test_the_scan_reads_the_package_tests_and_docs(texts: dict[str, str]) -> None:
    assert "README.md" in texts
    assert "tabletop_gui/rules/engine.py" in texts
    assert "docs/t9a.md" in texts
    assert "tests/core/test_repository_hygiene.py" in texts


@pytest.mark.parametrize(
    "line",
    [
        f"see {_RULES_FILE}.md section 2",
        f"the text in ..{_SLASH}{_FOLDER}{_SLASH}{_TEXTS}",
        f"{_TEXTS[:-1]} `001`",
        f"saved to {_SLASH}{_WORK}{_SLASH}main/game.json",
        f"open {_SLASH}{_HOMES[0]}{_SLASH}alice/board.json",
        f"C:\\{_HOMES[1]}\\bob\\board.json",
        f"C:/{_HOMES[1]}/bob/board.json",
        f"cd {_SLASH}{_ADMIN}{_SLASH}x",
    ],
)
def test_each_forbidden_citation_is_recognised(line: str) -> None:
    assert any(p.search(line) for p in FORBIDDEN.values()), line


@pytest.mark.parametrize(
    "line",
    ["the common rules of docs/measurement.md", "framework/ids/main", "docs/hex.md, The board"],
)
def test_ordinary_text_is_not_taken_for_a_citation(line: str) -> None:
    assert not any(p.search(line) for p in FORBIDDEN.values()), line


def test_nothing_cites_a_file_outside_the_repository_or_a_path_on_a_machine(
    texts: dict[str, str],
) -> None:
    found = [
        f"{name}:{text.count(chr(10), 0, m.start()) + 1}: {what}: {m.group(0)!r}"
        for name, text in texts.items()
        for what, pattern in FORBIDDEN.items()
        for m in pattern.finditer(text)
    ]
    assert not found, "\n".join(found)


def test_every_cited_doc_exists(texts: dict[str, str]) -> None:
    missing = sorted(
        f"{name}: docs/{doc}"
        for name, text in texts.items()
        for doc in DOC_PATH.findall(text)
        if not (ROOT / "docs" / doc).is_file()
    )
    assert not missing, "\n".join(missing)


def test_every_cited_doc_section_exists(texts: dict[str, str]) -> None:
    cited = {
        (name, doc, section.strip())
        for name, text in texts.items()
        for doc, section in DOC_SECTION.findall(" ".join(text.split()))
        if (ROOT / "docs" / doc).is_file()
    }
    assert cited, "no '(docs/<name>.md, Section)' citation found: the pattern is broken"
    missing = sorted(
        f"{name}: docs/{doc}, {section}"
        for name, doc, section in cited
        if not any(h.startswith(section.lower()) for h in headings(doc))
    )
    assert not missing, "\n".join(missing)


def test_every_relative_link_in_the_docs_leads_to_a_file(texts: dict[str, str]) -> None:
    broken = []
    for name, text in texts.items():
        if not name.endswith(".md"):
            continue
        for target in MD_LINK.findall(text):
            path = target.split("#", 1)[0]
            if not path or re.match(r"[a-z]+:", path):
                continue
            if not (ROOT / name).parent.joinpath(path).exists():
                broken.append(f"{name}: {target}")
    assert not broken, "\n".join(broken)


#: A module the architecture names: ``windows/part.py``, ``cli.py`` (a placeholder
#: such as ``rules/<family>/play.py`` is not one).
ARCHITECTURE_FILE = re.compile(r"(?<![\w/<>.-])((?:[\w-]+/)*[\w-]+\.py)\b")


def test_every_module_the_architecture_names_exists() -> None:
    """docs/architecture.md is true to the code: a file it names (by its path or
    the end of it) is in the repository."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    files = [p.relative_to(ROOT).as_posix() for p in tracked_files()]
    files += [p.relative_to(ROOT).as_posix() for p in (ROOT / "packaging").rglob("*.py")]
    named = set(ARCHITECTURE_FILE.findall(text))
    assert named, "the pattern finds the modules the architecture names"
    missing = sorted(n for n in named if not any(f == n or f.endswith(f"/{n}") for f in files))
    assert not missing, f"docs/architecture.md names files that do not exist: {missing}"


def test_building_the_toy_family_in_the_checkout_leaves_nothing_untracked() -> None:
    """CONTRIBUTING.md's reference family installed from the checkout (pip install
    ./tests/toy_family) builds beside its source: its build/ and egg-info are ignored."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    made = ("tests/toy_family/build/lib/toy_family/family.py",
            "tests/toy_family/tabletop_gui_toy_family.egg-info/PKG-INFO")  # fmt: skip
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", *made], cwd=ROOT, capture_output=True, text=True
    )
    assert ignored.stdout.split() == list(made), ignored.stderr

"""The Scenario panel: the game's name and its briefing as the scenario wrote it
(an imported scenario's setup, background, special rules and victory conditions)
and the import's problems, so the referee can check the objectives against the
victory text (and change them in Game ▸ Objectives)."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from tabletop_gui.model.scene import Setup

#: Sections shown as problems (the importer's title for them).
PROBLEMS = "Import problems"
EMPTY = "This game carries no scenario text (an imported scenario does)."


def briefing_html(setup: Setup) -> str:
    """The panel's text: the name, then each briefing section; problems last, marked."""
    parts = [f"<h2>{html.escape(setup.name or 'Untitled')}</h2>"]
    if not setup.briefing:
        parts.append(f"<p><i>{html.escape(EMPTY)}</i></p>")
    sections = sorted(setup.briefing.items(), key=lambda kv: kv[0] == PROBLEMS)
    for title, text in sections:
        body = html.escape(text).replace("\n", "<br>")
        if title == PROBLEMS:
            parts.append(
                f"<h3 style='color:#a04000'>&#9888; {html.escape(title)}</h3>"
                f"<p style='color:#6b2a00'>{body}</p>"
            )
        else:
            parts.append(f"<h3>{html.escape(title)}</h3><p>{body}</p>")
    return "\n".join(parts)


class BriefingPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QTextBrowser()
        self.text.setObjectName("briefingText")
        self.text.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.text)
        self._shown: Setup | None = None

    def set_setup(self, setup: Setup) -> None:
        if setup is self._shown:
            return
        self._shown = setup
        self.text.setHtml(briefing_html(setup))

    def plain_text(self) -> str:
        return self.text.toPlainText()

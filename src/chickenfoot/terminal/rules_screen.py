"""The app's help screen: "How to play" for the table in play (F1 or ? from any screen).

It opens on the rules of the table at hand (the setup's choice, or the match's), the table's
differences from classic first and marked in every section they change; or, after a refused
move, at the section of the rule that refused it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from chickenfoot.core.games import AnyRules
from chickenfoot.howto import guide
from chickenfoot.i18n import N_, language, translation
from chickenfoot.terminal.guide_view import section_renderable
from chickenfoot.terminal.keys import translate_bindings
from chickenfoot.terminal.labels import preset_label


class RulesScreen(Screen[None]):
    """How to play, section by section (see the module docstring)."""

    DEFAULT_CSS = """
    RulesScreen { layout: vertical; }
    #rules-top { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    #rules-scroll { height: 1fr; padding: 0 2; }
    .rules-section { margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark", "close", N_("back")),
        # TRANSLATORS: the keys of the help screen: next and previous section
        Binding("n", "section(1)", N_("next section")),
        Binding("p", "section(-1)", N_("previous section")),
        Binding("up", "scroll(-1)", "", show=False),
        Binding("down", "scroll(1)", "", show=False),
        Binding("pageup", "page(-1)", "", show=False),
        Binding("pagedown,space", "page(1)", "", show=False),
        Binding("q", "app.leave", N_("quit")),
    ]

    def __init__(self, rules: AnyRules, players: int | None, section: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.guide = guide(rules, translation(language()), players)
        self.start_at = section
        self.shown = 0
        """The index of the section at the top."""

    def compose(self) -> ComposeResult:
        game = preset_label(self.guide.preset)
        yield Static(Text(f"{self.guide.title} · {game}"), id="rules-top")
        with VerticalScroll(id="rules-scroll", can_focus=False):
            for section in self.guide.sections:
                yield Static(
                    section_renderable(section, self.guide),
                    id=f"section-{section.id}",
                    classes="rules-section",
                )
        yield Footer()

    def on_mount(self) -> None:
        if self.start_at is not None:
            self.call_after_refresh(self.show_section, self.start_at)

    @property
    def ids(self) -> list[str]:
        return [section.id for section in self.guide.sections]

    def show_section(self, section_id: str) -> None:
        """Scroll so that the section ``section_id`` is at the top."""
        if section_id not in self.ids:
            return
        self.shown = self.ids.index(section_id)
        widget = self.query_one(f"#section-{section_id}", Static)
        self.query_one("#rules-scroll", VerticalScroll).scroll_to_widget(
            widget, animate=False, top=True
        )

    def action_section(self, step: int) -> None:
        self.show_section(self.ids[(self.shown + step) % len(self.ids)])

    def action_scroll(self, rows: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_to(y=scroll.scroll_y + rows, animate=False)

    def action_page(self, direction: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if direction < 0:
            scroll.scroll_page_up(animate=False)
        else:
            scroll.scroll_page_down(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["RulesScreen"]

"""The keys a screen shows in its footer: their descriptions in the language spoken now, and
the columns they take."""

from __future__ import annotations

from dataclasses import replace

from rich.cells import cell_len
from textual.binding import BindingsMap
from textual.dom import DOMNode
from textual.screen import Screen

from chickenfoot.i18n import _


def translate_bindings(node: DOMNode) -> None:
    """Show the descriptions of ``node``'s keys (given with :func:`~chickenfoot.i18n.N_` in
    its class) in the language spoken now. Call it from ``__init__``: a node copies its
    class's bindings as it is made, and the footer reads that copy."""
    keys = node._bindings.key_to_bindings
    node._bindings = BindingsMap.from_keys(
        {
            key: [replace(b, description=_(b.description), tooltip=_(b.tooltip)) for b in bindings]
            for key, bindings in keys.items()
        }
    )


def footer_width(screen: Screen[None]) -> int:
    """The columns the footer takes to show the keys of ``screen`` with their usual spaces
    (a translation's words may need the compact footer to show every key)."""
    shown = {a.binding.action: a.binding for a in screen.active_bindings.values() if a.binding.show}
    app = screen.app
    return sum(
        cell_len(app.get_key_display(b)) + cell_len(b.description) + 3 for b in shown.values()
    )


__all__ = ["footer_width", "translate_bindings"]

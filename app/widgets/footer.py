"""The footer: Textual's, showing only the keys that fit whole.

Textual's footer lays its keys out in a row and lets the ones that do not fit run under the
command-palette key, which leaves a cut-off key (``r`` of ``r Restart``) showing.  This one
keeps the keys, in binding order, while they fit beside the palette key, and lays them out again
when the terminal is resized.  The bindings put the keys a newcomer needs first.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # Footer's own key widget: how much room each takes


class FittingFooter(Footer):
    """A compact :class:`Footer` that leaves out the keys it cannot show whole."""

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        keys = [w for w in widgets if isinstance(w, FooterKey) and not w.has_class("-command-palette")]
        palette = [w for w in widgets if w.has_class("-command-palette")]
        room = self.app.size.width - sum(_width(w) + 2 for w in palette)  # its border and padding
        for key in keys:
            room -= _width(key) + 1  # the margin after each key
            if room < 0:
                break
            yield key
        yield from palette

    def on_resize(self) -> None:
        self.call_after_refresh(self.recompose)


def _width(key: FooterKey) -> int:
    """Columns a compact key takes: the key, a space, its description."""
    return len(key.key_display) + (1 + len(key.description) if key.description else 0)

"""The colours of syntax highlighting in the panes: the captures come from
:class:`esodbg.grammars.highlight.Highlighter`; their styles from Textual's text-area themes
(:func:`syntax_styles`): a capture ``function.call`` falls back to ``function`` when a theme has
no style for it.
"""

from __future__ import annotations

from functools import cache

from rich.style import Style
from textual._text_area_theme import TextAreaTheme

THEME = "vscode_dark"  # the Textual text-area theme whose syntax colours the panes use


@cache
def syntax_styles(theme: str = THEME) -> dict[str, Style]:
    """Capture name -> style, from the Textual text-area theme ``theme``."""
    return dict(TextAreaTheme.get_builtin_theme(theme).syntax_styles)


def style_for(capture: str, styles: dict[str, Style]) -> Style | None:
    """The style of ``capture``, or of its nearest parent name (``a.b.c``, ``a.b``, ``a``)."""
    while capture:
        if capture in styles:
            return styles[capture]
        capture = capture.rpartition(".")[0]
    return None

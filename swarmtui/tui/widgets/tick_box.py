"""A checkbox whose mark is a character: ``[X]`` ticked, ``[ ]`` not.

Textual's ``Checkbox`` draws the same ``X`` either way and tells the states apart by colour
alone, which ``NO_COLOR`` and monochrome terminals lose (``TEXTUAL_NOTES``: a state shown only
by colour disappears). This one says it in the glyph, in plain ASCII.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """``Checkbox`` with ``[X]`` / ``[ ]``: the value readable without colour."""

    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"

    def render(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "  # what the button's rendering reads
        return super().render()

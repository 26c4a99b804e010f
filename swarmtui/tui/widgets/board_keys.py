"""The keys every board's cursor answers: arrows, and vi's h j k l for people without them.

One list so the three boards (and the help screen's promise) cannot drift apart; each board
adds its own choose/cancel keys after it.
"""

from __future__ import annotations

from textual.binding import Binding

CURSOR_BINDINGS = [
    Binding("up,k", "move('up')", "Up", show=False, tooltip="move the cursor up"),
    Binding("down,j", "move('down')", "Down", show=False, tooltip="move the cursor down"),
    Binding("left,h", "move('left')", "Left", show=False, tooltip="move the cursor left"),
    Binding("right,l", "move('right')", "Right", show=False, tooltip="move the cursor right"),
]

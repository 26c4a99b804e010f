"""What the maze screen does and what its glyphs mean: its ``?`` help (``MazeScreen.HELP``).

The glyphs are ``widgets.maze_view``'s (``GLYPHS``: the square field maze while it is built)
and ``mazes.grid_text``'s (a maze on a grid, its crossings and its solution), each with its
``--ascii`` twin; the fields are the screen's form, top to bottom.
"""

from __future__ import annotations

MAZE_HELP = """\
Build a maze with a swarm (ants, bees: Polap et al.) or a classic algorithm, watch it being \
built, read its metrics, export it, load one back; then solve it on screen (o) or walk it \
yourself against a clock (w, the arrows). Fill the form on the left, then Build (b).

builder: the algorithm. grid: square, hexagonal, triangular or polar cells. size: WxH (a \
polar grid: rings). seed: blank for a random one (shown in the title, so a maze can be built \
again). params: the builder's parameters as name=value. mask: a text or PNG picture whose \
shape the maze fills. level: a target difficulty (easy, medium, hard or a number) for the \
choice of the doors. file: where Export (e) writes and what Load (l) reads.

The maze (the ASCII glyph after the slash, with --ascii):
  \u2588 / #          a wall
  \u2591\u2592\u2593 / .:+      a swarm at work: darker, nearly a wall
  * / *          a worker (an ant or a bee)
  + / +          a door: the entrance or the exit
  Q / Q          the queen, checking it can be walked
  o / o          the queen's walk (magenta); the shortest path (green)
  \u00b7 / .          searched by o (cyan); your trail (yellow)
  @ / @          you, walking the maze (w, the arrows)
  \u2580\u2584 / \"_        fitted (f): two rows of walls per line
  \u2502\u2500\u2571\u2572 / |-/\\    walls between the cells of a grid maze
  \u2551\u2550 / | -       a passage over a tunnel (weave: a bridge)
  \u250a\u2508 / ~         the tunnel under a bridge

The metrics (left, under the form) say whether the maze can be solved, the solution's \
length, whether it is perfect (exactly one path between any two cells) and how hard it is. \
The maze scrolls with the arrows and Page Up/Down when it is larger than its panel; f fits \
a square maze into it."""
"""The maze screen's ``HELP``: the form's fields and the glyph legend."""

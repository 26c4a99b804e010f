"""The rules of Halma on the star (Sternhalma, Chinese Checkers) as a player reads them (the
``rulebook`` service), as ``rules`` plays them: the rule options are ``HalmaRules``'."""

from __future__ import annotations

from swarmtui.core.services import Rulebook

RULEBOOK = Rulebook("""\
# Halma (Chinese Checkers)

A race across a six-pointed star of 121 holes. Each player has 10 pieces in one point of the
star and must bring all of them into the **opposite point** (the player's goal or target
camp). Nothing is ever captured.

## The board and the players

The star is a hexagon of 61 holes with a triangle of 10 holes on each of its six sides.
Player 1 always starts in the bottom point; play goes clockwise round the board.

- **1 player**: a solitaire crossing; the aim is to arrive in as few moves as possible (the
  fewest possible is 27).
- **2 players** sit in opposite points: each one's goal is the other's home.
- **3 players** take every other point, so every goal starts empty.
- **4 players** take two opposite pairs of points; one pair stays empty.
- **6 players** fill the star: every goal is another player's home.

## A turn

On your turn move one of your pieces, in one of two ways:

- **A step**: to one of the six holes next to it, if that hole is empty.
- **A hop** (a jump): over one piece next to it, of any colour, into the empty hole directly
  behind it, in a straight line. The piece jumped over stays where it is.

Hops may be **chained**: after a hop the same piece may hop again, from where it landed, in
any direction, as often as there are hops to make, and the move may stop after any hop. A
chain never visits the same hole twice. A step cannot be followed by anything: a move is a
step, or one chain of hops. You must move if you can; a player with no legal move is skipped.

## The end

The first player to fill its goal with its own 10 pieces **wins**. A goal hole held by a
piece of the goal's own player that never left (a blocker) does not stop you: with the rule
option *Blocked goal: fill* (the default) you also win when every hole of your goal is
occupied, at least one by your pieces and all the others by that blocking player's. With
*strict*, all ten holes must hold your own pieces.

A game not finished after 500 moves in all is stopped without a winner (as in Kuehner and
Stock's experiments); so is a game in which nobody can move.

## Rule options (chosen in setup)

- **Neutral points** (the points that are nobody's home or goal): *free* (the default: a
  piece may enter, cross and stop there), *pass* (hop through but never end a move there) or
  *closed* (never enter).
- **Leave the goal**: *no* (the default): once in its goal a piece moves only within it (a
  chain of hops may leave the goal on the way but must end inside); *yes*: it may leave.
- **Blocked goal**: *fill* or *strict*, as above.

## Holes and notation

The star's 17 rows are lettered `a` (the top tip) to `q` (the bottom tip) and the holes of
each row are numbered from the left, starting at 1: row `a` has one hole (`a1`), row `e`
thirteen (`e1` to `e13`), and the centre is `i5`. The board shows each row's letter on its
left and the name of its last hole on its right. A step is written `m5-l5`; a chain of hops
lists every hole it lands on, joined by `:` (`m3:k3:k5`).

In the app, move the cursor with the arrows, press Enter on one of your pieces (its
destinations are marked), then Enter on a destination; Escape puts the piece back.
""")
"""Halma's rulebook (``SPEC.services["rulebook"]``)."""

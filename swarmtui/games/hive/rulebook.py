"""The rules of Hive as a player reads them (the ``rulebook`` service): the base game and the
Mosquito, Ladybug and Pillbug as ``rules`` plays them; the rule options are ``HiveRules``'."""

from __future__ import annotations

from swarmtui.core.services import Rulebook

RULEBOOK = Rulebook("""\
# Hive

Two players, White and Black, each with a set of bug tiles. There is no board: the tiles
themselves form the playing area, the **hive**. White moves first. The aim is to surround
the opponent's **Queen Bee** on all six sides, with tiles of either colour.

## The pieces

Each side has 11 bugs in the base game: 1 Queen Bee (`Q`), 2 Beetles (`B`), 3 Grasshoppers
(`G`), 2 Spiders (`S`) and 3 Soldier Ants (`A`). The expansions each add one bug a side:
the Mosquito (`M`), the Ladybug (`L`) and the Pillbug (`P`). The game type chosen in setup
says which are in play: `Base`, `Base+M`, `Base+L`, `Base+P`, `Base+ML` ... `Base+MLP`.

## A turn

On your turn either **place** a new tile from your hand or **move** one of your tiles that
is already in the hive.

- **Placing**: the very first tile goes anywhere, the second player's first tile next to
  it. After that a new tile must touch at least one of your tiles and **no tile of the
  opponent's**. Identical bugs come in number order (`wA1` before `wA2`).
- **The Queen by the fourth turn**: you may not place your Queen on your first turn (the
  tournament rule), and if she is not in the hive by your fourth turn you must place her
  then. **None of your tiles may move until your Queen is placed.**
- **Passing**: only when you can neither place nor move; then you must pass.

## Moving: the two rules every bug obeys

- **One hive**: the tiles must always stay connected. A tile whose removal would split the
  hive in two, even for a moment, cannot move. A tile covered by a Beetle cannot move.
- **Freedom to move**: a tile moving along the ground slides from cell to cell; it cannot
  squeeze through a gap between two tiles that are both next to it (a gate), and it must
  stay in touch with the hive all along its way. The Grasshopper, which jumps, and the bugs
  that climb (Beetle, Ladybug, Mosquito as a Beetle) follow their own rules below.

## How each bug moves

- **Queen Bee** (`Q`): one slide to a neighbouring cell.
- **Beetle** (`B`): one step in any direction, also **on top of the hive**: it may climb
  onto a tile, move across the top and come down. The tile under it is pinned, and a stack
  counts as the colour of its top tile (for placing, too). A step is blocked only when both
  tiles beside it are higher than where the Beetle comes from and where it goes.
- **Grasshopper** (`G`): jumps in a straight line over one or more tiles to the first empty
  cell. It cannot jump over an empty cell; gates do not stop it.
- **Spider** (`S`): exactly three slides, never visiting a cell twice.
- **Soldier Ant** (`A`): any number of slides around the outside of the hive.
- **Mosquito** (`M`): moves as any bug it touches (the top tile of each neighbouring stack)
  moves. Touching only Mosquitoes it cannot move; once on top of the hive it moves as a
  Beetle until it comes down. Touching a Pillbug it can use the Pillbug's special ability.
- **Ladybug** (`L`): exactly three steps: two on top of the hive, then one down to an empty
  cell; it never ends where it began.
- **Pillbug** (`P`): one slide, like the Queen. Or, instead, its **special ability**: it
  lifts a neighbouring tile of either colour onto itself and sets it down on an empty cell
  next to it. It cannot lift a tile in a stack, a tile that would break the hive, or the
  tile moved on the previous turn; a Pillbug that was itself moved on the previous turn
  cannot use the ability.
- **The tile moved last** (placed, moved or lifted by a Pillbug) cannot move, be lifted or
  use the Pillbug's ability on the very next turn. This only matters when the Pillbug is in
  play.

## The end

A Queen with all six neighbouring cells occupied (by tiles of either colour) is
surrounded: her owner **loses**. If a move surrounds both Queens at once the game is a
**draw**.

**Threefold repetition** is a rule option (setup: *Threefold repetition draw*, on by
default, as hivegame.com and nokamute play): when the same position occurs for the third
time the game is a draw. The printed rules have no such draw; turn the option off to play
them.

## Notation (UHP)

A tile is its colour (`w` or `b`), its bug letter and its number: `wQ`, `bA2`, `wB1`. A move
names the tile and the cell it goes to, beside a tile already there: `bG1 -wS1` puts bG1 on
the left of wS1 and `bG1 wS1-` on its right; `/` and `\\` before or after the name give the
four slanted sides (`wS1/` up and to the right, `/wS1` down and to the left). `wB1 bQ` climbs
onto bQ; the first tile of the game is just its name (`wS1`).
A whole game is a UHP GameString, as Mzinga and other engines write it.

In the app the board draws each tile with its label: bug letter and number, White's in
upper case and Black's in lower case when the hive is wide (`G1` / `g1`), `wG1` / `bG1`
otherwise; a stack shows its height (`B1` with a small 2, `^2` in ASCII). The bugs still in
each player's hand are listed above and below the board (the rack: Tab goes to it).
""")
"""Hive's rulebook (``SPEC.services["rulebook"]``)."""

"""The Hive evaluation's weights (``HiveWeights``), apart from the evaluation that reads them so
the compiled evaluation and the tuners can name them without importing it; each term is
explained in ``evaluation.py``."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class HiveWeights:
    """The Hive evaluation's weights (``evaluation.py``'s docstring explains each term)."""

    queen_neighbour: float = field(default=6.528, metadata={"help": "danger per occupied queen neighbour"})
    queen_neighbour_sq: float = field(default=5.265, metadata={"help": "danger per squared neighbour count"})
    own_mobile_neighbour: float = field(default=0.5, metadata={"help": "weight of an own free piece beside own queen"})
    enemy_neighbour: float = field(default=1.0, metadata={"help": "weight of an enemy piece beside a queen"})
    mobile_at_queen: float = field(default=1.0, metadata={
        "help": "factor on the mobility value of a free piece beside the enemy queen"})
    queen_mobile: float = field(default=1.527, metadata={"help": "a queen that can still slide"})
    queen_in_hand: float = field(default=6.0, metadata={"help": "penalty while the queen is not placed"})
    attacker: float = field(default=4.532, metadata={"help": "per enemy-queen liberty our free pieces can reach"})
    drop_liberty: float = field(default=10.0, metadata={
        "help": "per free queen neighbour the enemy can place a piece from hand on"})
    beetle_on_queen: float = field(default=22.91, metadata={"help": "own beetle on top of the enemy queen"})
    own_beetle_on_queen: float = field(default=0.0, metadata={"help": "own beetle on top of one's own queen"})
    own_cover: float = field(default=0.0, metadata={
        "help": "queen danger counted for one's own beetle on top of her (as a neighbour)"})
    beetle_near_queen: float = field(default=6.0, metadata={"help": "own free beetle next to the enemy queen"})
    mobile_queen: float = field(default=2.0, metadata={"help": "a free queen (on top of queen_mobile)"})
    mobile_spider: float = field(default=8.442, metadata={"help": "a free spider"})
    mobile_beetle: float = field(default=17.22, metadata={"help": "a free beetle"})
    mobile_grasshopper: float = field(default=8.068, metadata={"help": "a free grasshopper"})
    mobile_ant: float = field(default=18.87, metadata={"help": "a free soldier ant"})
    mobile_other: float = field(default=7.0, metadata={"help": "a free piece of an expansion bug"})
    hand_spider: float = field(default=3.0, metadata={"help": "a spider in hand"})
    hand_beetle: float = field(default=5.0, metadata={"help": "a beetle in hand"})
    hand_grasshopper: float = field(default=4.0, metadata={"help": "a grasshopper in hand"})
    hand_ant: float = field(default=8.0, metadata={"help": "a soldier ant in hand"})
    hand_other: float = field(default=5.0, metadata={"help": "an expansion bug in hand"})
    hand_blocked: float = field(default=0.5, metadata={"help": "factor on hand values with nowhere to place"})
    tempo: float = field(default=5.3, metadata={"help": "bonus for the side to move"})
    noisy_from: int = field(default=4, metadata={
        "help": "quiescence: moves filling the enemy queen's liberties once she has this many neighbours"})
    order_fill: float = field(default=100.0, metadata={"help": "ordering: a move next to the enemy queen"})
    order_free: float = field(default=40.0, metadata={"help": "ordering: a move away from one's own queen"})

"""The noughts GA's trace kind (Ford, section 3.1): the strategy read through its symmetry.
Importing this module registers the ``genome`` kind."""

from __future__ import annotations

from dataclasses import dataclass, field

from swarmtui.core.trace import Trace


@dataclass(frozen=True)
class GenomeTrace(Trace):
    """The noughts GA reading its strategy (Ford, section 3.1, Figure 3).

    The position is mapped by ``symmetry`` onto its base-case ``canonical`` state, the gene
    ``gene`` (the paper's string encoding, empty=1, X=2, O=3) is looked up, its allele is a cell
    of the canonical state, and the inverse symmetry maps it back to ``move`` on the real board.
    """

    kind: str = field(init=False, default="genome")
    position: str = ""
    symmetry: str = ""
    canonical: str = ""
    gene: str = ""
    gene_index: int = -1
    allele: int = -1
    move: str = ""
    strategy: str = ""

    def summary(self) -> str:
        """``genome plays c1: gene 23 of the canonical state 112131111 read through rot90 ...``."""
        if self.gene_index < 0:
            return f"genome plays {self.move}" if self.move else "genome"
        turned = f" read through {self.symmetry}" if self.symmetry and self.symmetry != "identity" else ""
        return (f"genome plays {self.move}: gene {self.gene_index} (state {self.gene}){turned}, "
                f"allele {self.allele}")

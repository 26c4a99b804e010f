"""Lines of play: which base cases a strategy actually reaches (Ford, 5: "genes ... not
adjacent in the genome but sequential in games").

Under a genome the member plays one move per position while the opponent tries all of its
moves, so from any state the strategy reaches a sub-tree of the game graph. ``reached``
computes, for a whole population, the states reachable from the empty board (forward over
plies 0 -> 8); ``subtree_genes`` lists the member genes reached from one state under one
genome — the unit the sequence-aware crossover grafts.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from swarmtui.agents.ga.fitness import induction_plan
from swarmtui.agents.ga.graph import RESULT_NONE, SIDES, game_graph


def reached(genomes: np.ndarray, side: str) -> np.ndarray:
    """bool[P, 765]: ``[p, s]`` is True when genome ``p`` playing ``side`` can meet state ``s``."""
    graph = game_graph()
    population = len(genomes)
    seen = np.zeros((population, graph.size), bool)
    seen[:, graph.root] = True
    rows = np.arange(population)[:, None]
    for step in reversed(induction_plan(side)):
        if len(step.member_states):
            targets = graph.succ[step.member_states[None, :], genomes[:, step.member_genes]]
            hit = seen[:, step.member_states]
            seen[np.broadcast_to(rows, hit.shape)[hit], targets[hit]] = True
        if len(step.opponent_states):
            owners = np.repeat(np.arange(len(step.opponent_states)), np.diff(
                np.append(step.opponent_starts, len(step.opponent_succ))))
            hit = seen[:, step.opponent_states][:, owners]
            # NumPy's stubs leave slices out of ufunc.at's index type; NumPy itself accepts them.
            np.logical_or.at(seen, (slice(None), step.opponent_succ), hit)  # type: ignore[arg-type]
    return seen


def subtree_genes(genome: np.ndarray, state: int, side: str) -> list[int]:
    """Gene indices of the member states reached from ``state`` (itself included) under
    ``genome`` playing ``side``."""
    graph = game_graph()
    mark = SIDES[side]
    out: list[int] = []
    seen = {state}
    stack = [state]
    while stack:
        current = stack.pop()
        if graph.result[current] != RESULT_NONE:
            continue
        gene = int(graph.gene[current])
        if graph.mover[current] == mark:
            out.append(gene)
            nexts = [int(graph.succ[current, genome[gene]])]
        else:
            nexts = [int(s) for s in graph.succ[current] if s >= 0]
        for child in nexts:
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return out


@lru_cache(maxsize=2)
def descendant_masks(side: str) -> np.ndarray:
    """bool[765, 627]: ``[s, g]`` is True when gene ``g`` is a state of ``side`` to move that
    some game from state ``s`` can reach (whatever anyone plays): the game's sub-tree at ``s``."""
    graph = game_graph()
    below = np.zeros((graph.size, graph.size), bool)
    for state in np.argsort(graph.ply, kind="stable")[::-1]:
        below[state, state] = True
        for child in graph.succ[state][graph.succ[state] >= 0]:
            below[state] |= below[child]
    genes = graph.gene_state[graph.member_genes(SIDES[side])]
    masks = np.zeros((graph.size, len(graph.gene_state)), bool)
    masks[:, graph.member_genes(SIDES[side])] = below[:, genes]
    return masks

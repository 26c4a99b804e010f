"""McGuile, *Swarm Artificial Intelligence in Hive* (seed 001): the thesis' experiments.

``protocol`` plays one game of the thesis' protocol (random placements, a random phase, then
the AI phase; an immobile opponent's turns skipped), ``pairings`` runs and tallies them as the
thesis did, and ``presets`` registers Tables 4.1-4.3 and the improved swarm as ``swarmtui sim
preset hive``.
"""

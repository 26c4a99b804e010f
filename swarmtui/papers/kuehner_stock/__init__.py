"""Kuehner & Stock, *Playing Halma with Swarm Intelligence* (seed 000): Table V reproduced.

``table5`` plays the paper's games as it counted and restarted them (the winner's moves, the
500-move cap), with the best-game memory built or shipped; ``presets`` registers Table V's
scenarios, the memory builder and the look-ahead planner's runs as ``swarmtui sim preset halma``.
"""

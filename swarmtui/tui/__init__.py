"""The Textual face of swarmtui: menu, game screen, board widgets and deliberation panels.

Only this package (and ``swarmtui/cli/``) imports Textual. It knows games, agents and
traces but never computes a rule: moves are checked and played by the game's state object,
and panels draw the traces agents return.
"""

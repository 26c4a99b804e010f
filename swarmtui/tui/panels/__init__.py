"""Deliberation panels: an agent's trace animated phase by phase beside the board.

Each trace kind has a frame module (``genome``, ``search``, ``plain``) with two pure
functions, ``phases(d)`` (the names of the phases) and ``frame(d, phase, glyphs)`` (a Rich
``Text``), so any frame can be drawn, tested or snapshotted without a clock. ``playback``
holds the speed/pause/step logic and ``deliberation`` is the widget that combines them.
"""

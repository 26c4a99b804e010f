"""Counted nouns read right at one and at many."""

from swarmtui.core.counting import counted


def test_one_is_singular_and_every_other_number_plural():
    assert counted(1, "move") == "1 move"
    assert counted(0, "cell") == "0 cells"
    assert counted(2, "win") == "2 wins"
    assert counted(3, "ply", "plies") == "3 plies"
    assert counted(1, "ply", "plies") == "1 ply"

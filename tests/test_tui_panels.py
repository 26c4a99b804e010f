"""Deliberation frames and playback logic: pure functions of (trace, phase), no app needed."""

from __future__ import annotations

import pytest
from screens import as_a

from swarmtui.core.trace import CandidateMove, NoTrace, SearchTrace
from swarmtui.games.halma.rules import Board as HalmaBoard
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.panels import genome
from swarmtui.tui.panels.frames import Deliberation, side_by_side
from swarmtui.tui.panels.framesets import phase_count, render_frame
from swarmtui.tui.panels.playback import SPEEDS, Playback
from swarmtui.tui.widgets.move_log import format_log
from swarmtui.tui.widgets.noughts_board import cell_at


def search_deliberation() -> Deliberation:
    trace = SearchTrace(
        algorithm="minimax",
        candidates=(CandidateMove("a2", 1.0, note="wins in 1"), CandidateMove("c1", 1.0, note="wins in 3"),
                    CandidateMove("a3", -1.0, note="loses in 2")),
        best=("a2",), chosen="a2", nodes=42,
    )
    return Deliberation("O", "Minimax", trace, "a2")


def test_genome_frames_walk_through_the_reading_of_a_gene(genome_deliberation) -> None:
    d = genome_deliberation()
    frames = [render_frame(d, k).plain for k in range(phase_count(d))]
    assert len(frames) == len(genome.PHASES) == 6
    assert frames[0].startswith("step 1/6  position") and "X to move in X../.O./..." in frames[0]
    assert "--R2-->" in frames[1] and "turn 2/4 clockwise" in frames[1]
    assert "gene #17: 111131112" in frames[2] and "base case .../.O./..X" in frames[2]
    assert "[ ]" in frames[3] and "allele 2: cell c1 of the base case" in frames[3]
    assert "<--R2--" in frames[4] and "base-case c1 is board a3" in frames[4]
    assert "plays a3" in frames[5] and "plays" not in frames[4]
    assert "strategy: strategy-x.json" in frames[5]


def test_genome_frame_in_ascii_uses_no_box_drawing(genome_deliberation) -> None:
    d = genome_deliberation()
    text = render_frame(d, 1, glyphs="ascii").plain
    assert "-+-" in text and "┼" not in text


@pytest.mark.parametrize("name, words", [
    ("I", "identity (already the base case)"), ("R", "turn 1/4 clockwise"), ("R3", "turn 3/4 clockwise"),
    ("H", "mirror left-right"), ("HR2", "turn 2/4 clockwise, then mirror left-right"),
])
def test_describe_symmetry(name: str, words: str) -> None:
    assert words in genome.describe_symmetry(name)


def test_search_frames_reveal_candidates_one_by_one_then_mark_the_choice() -> None:
    d = search_deliberation()
    assert phase_count(d) == 5
    first, second, last = render_frame(d, 0).plain, render_frame(d, 2).plain, render_frame(d, 4).plain
    assert "minimax (O): 3 moves, 42 positions searched" in first and "a2" not in first
    assert "  a2       +1  wins in 1" in second and "c1" in second and "a3" not in second
    assert "> a2       +1  wins in 1" in last and "  a3       -1  loses in 2" in last
    assert "plays a2" in last


def test_alphabeta_frames_show_depth_time_and_the_expected_line() -> None:
    trace = SearchTrace(
        algorithm="alphabeta", candidates=(CandidateMove("wA1 -bQ", 35.5, note="ahead, depth 3"),
                                           CandidateMove("wG1 bQ/", 20.0, note="at most ahead, depth 3")),
        best=("wA1 -bQ",), chosen="wA1 -bQ", nodes=5120, depth=3, pv=("wA1 -bQ", "bS1 /wQ", "wB1 bQ"), seconds=0.98,
    )
    d = Deliberation("White", "Alpha-beta search", trace, "wA1 -bQ")
    first, last = render_frame(d, 0).plain, render_frame(d, phase_count(d) - 1).plain
    assert "alphabeta (White): 2 moves, 5120 positions searched, depth 3 in 0.98 s" in first
    assert "expects wA1 -bQ bS1 /wQ wB1 bQ" in first
    assert "> wA1 -bQ +35.50  ahead, depth 3" in last and "plays wA1 -bQ" in last


def test_plain_frames_show_the_note_then_the_move() -> None:
    d = Deliberation("X", "Random", NoTrace(note="uniform choice among 9 legal moves"), "b2")
    assert "uniform choice among 9" in render_frame(d, 0).plain
    assert "plays b2" not in render_frame(d, 0).plain
    assert "plays b2" in render_frame(d, 1).plain
    assert render_frame(d, 99).plain == render_frame(d, 1).plain  # clamped


def test_playback_steps_pauses_and_cycles_speed() -> None:
    p = Playback(speed="slow")
    p.start(3)
    assert (p.phase, p.at_end) == (0, False)
    assert p.advance() is False and p.advance() is True and p.advance() is True
    assert p.phase == 2
    assert [p.cycle_speed() for _ in SPEEDS] == ["normal", "fast", "instant", "slow"]
    p.speed = "instant"
    p.start(4)
    assert p.at_end and p.delay == 0
    assert p.toggle_pause() and "paused" in p.describe()
    with pytest.raises(ValueError):
        Playback(speed="warp")


def test_side_by_side_pads_blocks() -> None:
    from rich.text import Text

    out = side_by_side([Text("ab\nc"), Text("X\nYZ\nW")], gap="|").plain
    assert out.split("\n") == ["ab|X", "c |YZ", "  |W"]


def test_board_cell_under_the_mouse() -> None:
    assert cell_at(3, 1) == 0 and cell_at(7, 3) == 4 and cell_at(12, 5) == 8
    assert cell_at(5, 1) is None and cell_at(3, 2) is None and cell_at(0, 1) is None


def test_move_log_pairs_moves_and_ends_with_the_result() -> None:
    text = format_log(["b2", "a1", "c3"], ("X", "O"), "X wins (a1 b2 c3)").plain
    assert text.split("\n") == [" 1. X b2   O a1", " 2. X c3", "X wins (a1 b2 c3)"]


def test_seeded_matches_replay_identically() -> None:
    def play(seed: int) -> list[str]:
        match = Match(MatchConfig("noughts", ("random", "random"), seed))
        while not match.is_over:
            match.play(match.agents[match.to_move].decide(match.state).move)
        return match.move_texts()

    assert play(11) == play(11)
    assert len({tuple(play(s)) for s in range(6)}) > 1


def test_match_result_text_and_unseeded_configs() -> None:
    match = Match(MatchConfig("noughts", ("human", "human")))
    assert match.seed is not None and match.requested.seed is None
    for cell in (0, 3, 1, 4, 2):
        match.state.play(cell)
    assert match.result_text() == "X wins (a1 b1 c1)"
    with pytest.raises(ValueError, match="1, 2, 3, 4 or 6 players"):
        Match(MatchConfig("halma", ("human",) * 5))
    capped = Match(MatchConfig("halma", ("greedy",)))
    as_a(capped.state, HalmaBoard).max_moves = 3
    for _ in range(3):
        capped.state.play(capped.state.legal_moves()[0])
    assert capped.result_text() == "Unfinished (move cap of 3 moves reached)"

"""The Halma swarm's deliberation: ants and bees frames, their board overlays, the board drawing them.

Frames are pure functions of (trace, phase): the unit tests read their text and overlays for
hand-built traces whose right answers are worked out here, and for a recorded aco-bco turn
(``data/halma_swarm_turn.json``, written by the agent with seed 3 on its third move) checked
against the trace's own numbers. A pilot test steps a live aco-bco turn on the game screen;
snapshots show the panels beside the board at 80x24 and 160x48.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from waiting import settle

from swarmtui.agents.aco_bco.trace import (
    AntChoice,
    AntTrace,
    BeeChoice,
    BeeTrace,
    PathScore,
    PheromoneDelta,
    SwarmTrace,
)
from swarmtui.core.hexgrid import Hex
from swarmtui.games.halma.notation import format_cell, parse_cell
from swarmtui.games.halma.render import render_board
from swarmtui.games.halma.rules import Board
from swarmtui.tui.panels import ants, bees, halma_swarm
from swarmtui.tui.panels.deliberation import DeliberationPanel
from swarmtui.tui.panels.frames import Deliberation
from swarmtui.tui.panels.framesets import frames_for, phase_count, render_frame
from swarmtui.tui.widgets.halma_board import HEAT_GLYPHS, HalmaBoard, draw_overlay

TURN = Path(__file__).parent / "data" / "halma_swarm_turn.json"


def c(name: str) -> Hex:
    return parse_cell(name)


def path(*names: str) -> tuple[Hex, ...]:
    return tuple(c(n) for n in names)


def score(p: tuple[Hex, ...], length: float, tau: float) -> PathScore:
    return PathScore(p, length, tau, length * tau)


# -- hand-built traces ------------------------------------------------------------------------
def ant_trace() -> AntTrace:
    """Two ants on the start corner of seat 1: one exploits (q < q0), one explores (q >= q0)."""
    exploiter = AntChoice(c("n2"), 0.25, "exploit", (
        score(path("n2", "m6"), 1, 20.0),
        score(path("n2", "l7", "j7"), 4, 30.0),   # the largest p: 120
        score(path("n2", "l7"), 2, 25.0),
    ), chosen=1)
    explorer = AntChoice(c("o2"), 0.93, "explore", (
        score(path("o2", "n3"), 1, 400.0),       # the largest p, not taken: exploring is random
        score(path("o2", "m6"), 2, 10.0),
    ), chosen=1)
    return AntTrace(seat="1", q0=0.8, ants=(exploiter, explorer), resting=(c("q1"),), deltas=(
        PheromoneDelta("eq15", c("n2"), c("m7"), 5000.0), PheromoneDelta("eq15", c("m7"), c("l7"), 5000.0),
        PheromoneDelta("eq16", c("l7"), c("k7"), 25.0),
    ), evaporation=0.9)


def bee_trace() -> BeeTrace:
    """Four bees, fitness 50, 30, 15, 5: shares .5 .3 .15 .05 against 1/|C| = .25."""
    b = (
        BeeChoice(c("n2"), path("n2", "l7", "j7"), 50.0, False, 0.50, True),
        BeeChoice(c("o2"), path("o2", "m6"), 30.0, False, 0.30, True),
        BeeChoice(c("p1"), path("p1", "o2"), 15.0, False, 0.15, False, follows=c("o2")),
        BeeChoice(c("q1"), path("q1", "p2"), 5.0, True, 0.05, False, follows=c("n2")),
    )
    return BeeTrace(bees=b, threshold=0.25, recruited=c("o2"), path=path("o2", "m6"))


def load_turn() -> tuple[Board, str, SwarmTrace]:
    """The recorded aco-bco turn: its board, its move and its trace rebuilt from JSON."""
    raw = json.loads(TURN.read_text())
    t = raw["trace"]

    def cells(p):
        return tuple(Hex(*x) for x in p)

    a = t["ants"]
    ant = AntTrace(
        seat=a["seat"], q0=a["q0"], resting=cells(a["resting"]), evaporation=a["evaporation"],
        ants=tuple(AntChoice(Hex(*x["piece"]), x["draw"], x["mode"], tuple(
            PathScore(cells(s["path"]), s["length"], s["pheromone"], s["score"]) for s in x["candidates"]
        ), x["chosen"]) for x in a["ants"]),
        deltas=tuple(PheromoneDelta(d["rule"], Hex(*d["start"]), Hex(*d["end"]), d["delta"]) for d in a["deltas"]),
    )
    b = t["bees"]
    bee = BeeTrace(
        threshold=b["threshold"], recruited=Hex(*b["recruited"]), path=cells(b["path"]), note=b["note"],
        bees=tuple(BeeChoice(Hex(*x["piece"]), cells(x["path"]), x["fitness"], x["in_goal"], x["share"],
                             x["advertises"], Hex(*x["follows"]) if x["follows"] else None) for x in b["bees"]),
    )
    return Board.from_text(raw["position"]), raw["move"], SwarmTrace(ant, bee)


def lines(text: Text) -> list[str]:
    return text.plain.split("\n")


# -- ants ---------------------------------------------------------------------------------------
def test_ant_phases_walk_the_colony_each_ant_the_proposals_then_the_update() -> None:
    t = ant_trace()
    assert ants.phases(t) == ("ants", "ant n2", "ant o2", "proposals", "pheromone update")
    assert frames_for(t) is ants.FRAMES
    colony = ants.frame(t, 0).plain
    assert "2 ants" in colony and "1 exploit, 1 explore" in colony and "resting" in colony and "q1" in colony


def test_exploitation_marks_the_max_p_path_as_chosen() -> None:
    text = ants.frame(ant_trace(), 1).plain
    assert "q = 0.25 < q0 = 0.80" in text and "exploits" in text
    rows = [line for line in text.split("\n") if line[:1] in "> " and ("n2-" in line or "n2:" in line)]
    # ranked by p = l * sum(tau): 120, 50, 20; the largest is marked '>' and lettered A
    assert rows[0].split() == [">", "A", "n2:l7:j7", "4", "30", "120"]
    assert rows[1].split() == ["B", "n2:l7", "2", "25", "50"]
    assert rows[2].split() == ["C", "n2-m6", "1", "20", "20"]
    assert text.rstrip().endswith("proposes n2:l7:j7")


def test_exploration_takes_its_random_path_even_when_another_scores_more() -> None:
    text = ants.frame(ant_trace(), 2).plain
    assert "q = 0.93 ≥ q0 = 0.80" in text and "explores: one of 2 paths at random" in text
    assert "  A o2-n3" in text and "> B o2:m6" in text and "proposes o2:m6" in text


def test_a_long_candidate_list_is_cut_but_keeps_the_proposed_path() -> None:
    ends = ("h5", "h6", "i4", "i6", "j4", "j5", "g6", "g7", "k4", "k5")
    many = tuple(score(path("i5", end), 1, float(10 - i)) for i, end in enumerate(ends))
    ant = AntChoice(c("i5"), 0.9, "explore", many, chosen=len(many) - 1)  # the smallest p
    table = ants.candidate_table(ant).plain.split("\n")
    assert len(table) == 1 + ants.TABLE_ROWS + 1
    assert table[ants.TABLE_ROWS - 1].startswith("  G i5:g6")
    assert table[-2].startswith("> J i5:k5") and table[-1].strip() == "+2 more with smaller p"


def test_an_ant_without_a_path_towards_the_goal_proposes_nothing() -> None:
    t = AntTrace(seat="1", q0=0.8, ants=(AntChoice(c("n2"), 0.1, "exploit", (), -1),))
    assert "proposes nothing" in ants.frame(t, 1).plain
    assert "none" in ants.frame(t, 2).plain
    assert ants.overlay(t, 1).trails == ()


def test_the_update_lists_each_rule_and_the_evaporation() -> None:
    text = ants.frame(ant_trace(), 4).plain
    assert "n2→m7→l7" in text  # the reinforced edges, the jumped hole m7 included
    assert "eq. 15" in text and "+5k τ on 2 edges" in text
    assert "eq. 16" in text and "+25 τ on 1 edge\n" in text + "\n"
    assert "every τ × 0.9" in text
    quiet = AntTrace(seat="1", q0=0.8)
    assert "no pheromone added" in ants.update_text(quiet).plain and "no evaporation" in ants.update_text(quiet).plain
    assert "n2->m7->l7" in ants.frame(ant_trace(), 4, "ascii").plain


def test_ant_overlay_letters_candidates_and_marks_the_proposal_with_its_own_glyph() -> None:
    overlay = ants.overlay(ant_trace(), 2)  # the explorer on o2: proposes o2:m6, not the larger o2-n3
    marks = {m.cell: m for m in overlay.marks}
    assert marks[c("o2")].glyph == "<"
    assert marks[c("n3")].glyph == "A" and marks[c("n3")].ascii == "A"
    assert marks[c("m6")].glyph == "◉" and marks[c("m6")].ascii == "@"
    assert [t.cells for t in overlay.trails] == [path("o2", "n3"), path("o2", "m6")]
    heat = dict(overlay.heat)
    assert max(heat.values()) == 1.0 and heat[c("n3")] == 1.0 and 0 < heat[c("m6")] < heat[c("j7")] < 1
    update = dict(ants.overlay(ant_trace(), 4).heat)
    assert set(update) == {c("m7"), c("l7"), c("k7")} and update[c("l7")] == 1.0 and update[c("k7")] < 1


def test_compact_numbers_and_shortened_paths() -> None:
    assert [ants.compact(x) for x in (0, 13.3, 665244.9, 1.33e6, 5000)] == ["0", "13.3", "665k", "1.33M", "5k"]
    long = path("q1", "o3", "m5", "k7", "i7", "g7")
    assert ants.format_path(long) == "q1:o3:m5:k7:i7:g7"
    assert ants.format_path(long, 14) == "q1:…:g7"


# -- bees ---------------------------------------------------------------------------------------
def test_bee_phases_and_fitness_bars() -> None:
    t = bee_trace()
    assert bees.phases(t) == bees.PHASES and frames_for(t) is bees.FRAMES
    rows = lines(bees.frame(t, 0))[-4:]
    assert rows[0].startswith("n2  to j7") and rows[0].endswith(" 50")
    assert rows[0].count("█") == bees.BAR  # the best bee fills its bar
    assert rows[3].endswith("5 goal")  # eq. 13 for the piece in its goal
    assert "eq. 12" in bees.frame(t, 0).plain and "eq. 13" in bees.frame(t, 0).plain


def test_roulette_shows_each_share_against_one_over_c() -> None:
    text = bees.frame(bee_trace(), 1).plain
    assert "1/|C| = 25.0%" in text
    rows = text.split("\n")[-4:]
    assert rows[0].endswith("50.0% dances") and rows[1].endswith("30.0% dances")
    assert rows[2].endswith("15.0% abandons") and rows[3].endswith("5.0% abandons")
    assert all("|" in row for row in rows)  # the threshold tick in every bar
    ascii_rows = bees.frame(bee_trace(), 1, "ascii").plain.split("\n")[-4:]
    assert ascii_rows[0].startswith("n2  ######|##### ")  # 12 cells, the tick at 25% of the 50% maximum


def test_each_abandoner_line_names_the_dancer_it_follows() -> None:
    text = bees.frame(bee_trace(), 2).plain
    assert " A n2   50.0%  1 follower" in text and " B o2   30.0%  1 follower" in text
    assert " p1  abandons → follows B o2" in text and " q1  abandons → follows A n2" in text
    marks = {m.cell: m.glyph for m in bees.overlay(bee_trace(), 2).marks if m.glyph.isalpha()}
    assert marks == {c("n2"): "A", c("o2"): "B", c("p1"): "b", c("q1"): "a"}


def test_recruit_names_the_piece_and_its_path() -> None:
    text = bees.frame(bee_trace(), 3).plain
    assert "> B o2 is recruited" in text and "moves o2:m6" in text
    overlay = bees.overlay(bee_trace(), 3)
    assert [(m.cell, m.glyph) for m in overlay.marks] == [(c("o2"), "<"), (c("m6"), "◉")]
    fallback = BeeTrace(recruited=c("o2"), path=path("o2", "n3"), note="no ant proposed a path")
    assert bees.phases(fallback) == ("recruit",)
    assert "no ant proposed a path" in bees.frame(fallback, 0).plain


# -- the whole turn -----------------------------------------------------------------------------
def test_swarm_turn_runs_ants_then_bees_then_the_update() -> None:
    d = Deliberation("1", "ACO-BCO", SwarmTrace(ant_trace(), bee_trace()), "o2:m6")
    assert frames_for(d.trace) is halma_swarm.FRAMES
    names = halma_swarm.phases(d)
    assert names == ("ants", "ant n2", "ant o2", "proposals", "bees: fitness", "bees: roulette",
                     "bees: followers", "bees: recruit", "pheromone update")
    assert phase_count(d) == 9
    frames = [render_frame(d, k).plain for k in range(9)]
    assert frames[1].startswith("step 2/9  ant n2") and "exploits" in frames[1]
    assert frames[6].startswith("step 7/9  bees: followers") and "follows B o2" in frames[6]
    assert frames[8].startswith("step 9/9  pheromone update") and "eq. 15" in frames[8]
    assert halma_swarm.overlay(d, 7) == bees.overlay(bee_trace(), 3)
    assert halma_swarm.overlay(d, 8) == ants.overlay(ant_trace(), 4)


def test_recorded_turn_frames_agree_with_the_trace_numbers() -> None:
    board, move, trace = load_turn()
    d = Deliberation("1", "ACO-BCO", trace, move)
    for index, ant in enumerate(trace.ants.ants):
        text = render_frame(d, 1 + index).plain
        chosen = ant.candidates[ant.chosen]
        if ant.mode == "exploit":  # eq. 11: the proposal has the largest p, so it is row A
            assert chosen.score == max(s.score for s in ant.candidates)
            assert "> A " in text
        assert f"proposes {ants.format_path(chosen.path)}" in text
    roulette = render_frame(d, len(trace.ants.ants) + 3).plain
    for bee in trace.bees.bees:  # advertise exactly when the share exceeds 1/|C|
        assert (bee.share > trace.bees.threshold) == bee.advertises
        row = next(line for line in roulette.split("\n") if line.startswith(format_cell(Hex(*bee.piece))))
        assert row.endswith("dances" if bee.advertises else "abandons")
    followers = render_frame(d, len(trace.ants.ants) + 4).plain
    for bee in trace.bees.bees:
        if not bee.advertises:
            assert bee.follows is not None
            assert f"{format_cell(Hex(*bee.piece))}  abandons → follows" in followers
            assert f"{format_cell(Hex(*bee.follows))}\n" in followers + "\n"
    assert f"moves {move}" in render_frame(d, phase_count(d) - 2).plain


# -- the board ----------------------------------------------------------------------------------
def test_board_draws_heat_trails_and_marks_without_colour() -> None:
    board, _, trace = load_turn()
    overlay = ants.overlay(trace.ants, 4)  # the exploring ant on n2: three other candidates, one proposal
    plain = draw_overlay(render_board(board, edges=True), overlay, board).plain
    assert "◉" in plain and "<" in plain and "C" in plain and "D" in plain
    assert any(g in plain for g in HEAT_GLYPHS["unicode"])
    no_heat = draw_overlay(render_board(board, edges=True), overlay, board, heat=False).plain
    assert not any(g in no_heat for g in HEAT_GLYPHS["unicode"]) and "◉" in no_heat
    ascii_text = draw_overlay(render_board(board, edges=True, glyphs="ascii"), overlay, board, glyphs="ascii").plain
    assert ascii_text.isascii() and "@" in ascii_text and "<" in ascii_text
    # every row keeps its width: overlay glyphs replace characters, never insert them
    assert [len(r) for r in plain.split("\n")] == [len(r) for r in render_board(board, edges=True).plain.split("\n")]
    # pieces stay visible: the same number of piece glyphs as without the overlay
    assert plain.count("●") == render_board(board, edges=True).plain.count("●")


def test_a_mark_beside_a_piece_never_hides_the_cursor() -> None:
    board, _, trace = load_turn()
    cursor = c("n2")
    text = render_board(board, edges=True, cursor=cursor)
    overlay = ants.overlay(trace.ants, 4)
    row = draw_overlay(text, overlay, board).plain.split("\n")[13]
    assert "[●]" in row


# -- pilot: a live aco-bco turn on the game screen ---------------------------------------------
async def test_game_screen_steps_the_swarm_turn_and_the_board_shows_each_overlay(tui_app) -> None:
    from swarmtui.tui.match import Match, MatchConfig
    from swarmtui.tui.screens.game import GameScreen
    from swarmtui.tui.widgets.board_view import BoardView

    app = tui_app(speed="slow")
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(GameScreen(Match(MatchConfig("halma", ("human", "aco-bco"), seed=5)), speed="slow"))
        screen = app.screen
        await settle(app, pilot, lambda: screen.match.human_to_move)
        await pilot.press("p")  # paused before the swarm's turn: phases advance only by key, however slow the machine
        assert screen.panel.playback.paused
        screen.board.post_message(BoardView.MoveChosen(screen.match.state.legal_moves()[0]))
        await settle(app, pilot, lambda: screen.panel.deliberation is not None)
        d = screen.panel.deliberation
        assert d is not None and d.trace.kind == "swarm"
        names = halma_swarm.phases(d)
        board = screen.board
        seen = []
        for phase in range(len(names) - 1):
            assert screen.panel.playback.phase == phase
            assert render_frame(d, phase).plain in screen.panel.render().plain
            assert board.overlay == halma_swarm.overlay(d, phase, "unicode")
            if any(m.glyph == "◉" for m in board.overlay.marks):  # the board draws what the frame marks
                assert "◉" in board.render().plain
            seen.append(names[phase])
            await pilot.press("n")
            await pilot.pause()
        assert "bees: followers" in seen and any(n.startswith("ant ") for n in seen)
        board.focus()
        heat = board.show_heat
        await pilot.press("t")
        assert board.show_heat is not heat


# -- snapshots ----------------------------------------------------------------------------------
class PanelApp(App[None]):
    """The Halma board with a frame's overlay beside the deliberation panel(s) frozen on phases."""

    CSS = f"""
    #board-box {{ width: {HalmaBoard.SCREEN_WIDTH}; height: auto; border: round $primary; padding: 0 1; }}
    """

    def __init__(self, phases: tuple[int, ...], glyphs: str = "unicode") -> None:
        super().__init__()
        self.board_state, move, trace = load_turn()
        self.deliberation = Deliberation("1", "ACO-BCO", trace, move)
        self.phases, self.glyphs = phases, glyphs

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="board-box"):
                yield HalmaBoard(self.board_state, glyphs=self.glyphs, id="board")
            for _ in self.phases:
                yield DeliberationPanel(glyphs=self.glyphs)

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.animation_level = "none"
        for panel, phase in zip(self.query(DeliberationPanel), self.phases, strict=True):
            panel.show_phase(self.deliberation, phase)
        self.query_one(HalmaBoard).overlay = halma_swarm.overlay(self.deliberation, self.phases[0], self.glyphs)


ANT_EXPLORING = 4  # the ant on n2 explores: four candidates, the proposal not the largest p
BEES_FOLLOWERS = 14
BEES_ROULETTE = 13


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_snapshot_ants_panel(snap_compare, size) -> None:
    assert snap_compare(PanelApp((ANT_EXPLORING,)), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_snapshot_bees_panel(snap_compare, size) -> None:
    phases = (BEES_FOLLOWERS,) if size[0] < 120 else (BEES_FOLLOWERS, BEES_ROULETTE)
    assert snap_compare(PanelApp(phases), terminal_size=size)


def test_snapshot_board_overlay_ascii(snap_compare) -> None:
    assert snap_compare(PanelApp((ANT_EXPLORING,), glyphs="ascii"), terminal_size=(80, 24))

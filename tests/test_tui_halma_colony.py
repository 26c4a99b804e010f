"""The colony's deliberation (``ColonyTrace``): per iteration the ants' plans and the bees' dances,
then the trails, in text and on the board; a pilot test steps a live aco-bco-colony turn on the
game screen."""

from __future__ import annotations

from swarmtui.agents import make_agent
from swarmtui.agents.aco_bco_colony.trace import ColonyTrace
from swarmtui.core.hexgrid import Hex
from swarmtui.core.rng import make_rng
from swarmtui.games.halma.notation import format_cell
from swarmtui.games.halma.rules import Board
from swarmtui.tui.panels import halma_colony
from swarmtui.tui.panels.framesets import frames_for, render_frame


def turn(*overrides: tuple[str, str], moves: int = 3) -> ColonyTrace:
    board = Board(1)
    agent = make_agent("aco-bco-colony", "halma", "1", make_rng(4),
                       [("ants", "10"), ("iterations", "2"), ("horizon", "4"), ("pheromone", "true"), *overrides])
    for _ in range(moves):
        decision = agent.decide(board)
        board.play(decision.move)
    assert isinstance(decision.trace, ColonyTrace)
    return decision.trace


def test_phases_alternate_plans_and_dances_then_the_trails() -> None:
    t = turn()
    assert frames_for(t) is halma_colony.FRAMES
    assert halma_colony.phases(t) == ("ants: iteration 1 plans", "bees: iteration 1 dances",
                                      "ants: iteration 2 plans", "bees: iteration 2 dances", "trails")
    quiet = turn(("recruitment", "false"))
    assert halma_colony.phases(quiet) == ("ants: iteration 1 plans", "ants: iteration 2 plans", "trails")


def test_plans_frame_lists_the_best_plans_and_the_board_letters_their_first_moves() -> None:
    t = turn()
    text = halma_colony.frame(t, 0).plain
    best = t.iterations[0].plans[0]
    assert "10 ants build 4-move plans" in text
    assert halma_colony.move_text(best.moves[0]) in text
    marks = {m.label: m.cell for m in halma_colony.overlay(t, 0).marks}
    assert marks["plan A"] == Hex(*best.moves[0][1])
    assert halma_colony.overlay(t, 0).trails


def test_dances_frame_has_one_line_per_backward_pass() -> None:
    t = turn()
    text = halma_colony.frame(t, 1).plain
    dances = t.iterations[0].dances
    assert len(dances) == 3  # horizon 4, one move per stage: a pass after each stage but the last
    for d in dances:
        assert f"{d.stage:>4} {d.dancers:>5} {d.abandoned:>7}" in text
    glyphs = {m.glyph for m in halma_colony.overlay(t, 1).marks}
    assert glyphs <= {"+", "-"} and glyphs


def test_trails_frame_without_pheromone_says_so() -> None:
    t = turn(("pheromone", "false"))
    text = halma_colony.frame(t, len(halma_colony.phases(t)) - 1).plain
    assert "no pheromone laid" in text and "eq. 7 deposits" not in text and not t.trails


def test_trails_frame_names_the_played_move_and_the_strongest_trails() -> None:
    t = turn()
    last = len(halma_colony.phases(t)) - 1
    text = halma_colony.frame(t, last).plain
    assert t.best is not None
    start, end = t.best.moves[0]
    assert f"{format_cell(Hex(*start))}-{format_cell(Hex(*end))}" in text
    assert "eq. 7 deposits" in text and "strongest trails" in text
    overlay = halma_colony.overlay(t, last)
    assert overlay is not None and overlay.heat and len(overlay.trails) == len(t.best.moves)


async def test_game_screen_steps_a_colony_turn(tui_app) -> None:
    from swarmtui.tui.match import Match, MatchConfig
    from swarmtui.tui.screens.game import GameScreen

    app = tui_app(speed="slow")
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(GameScreen(Match(MatchConfig("halma", ("aco-bco-colony", "human"), seed=5)),
                                         speed="slow"))
        screen = app.screen
        await pilot.press("p")  # pause: the phases advance only by key
        for _ in range(200):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.panel.deliberation is not None:
                break
        d = screen.panel.deliberation
        assert d is not None and d.trace.kind == "colony"
        names = halma_colony.phases(d)
        for phase in range(len(names) - 1):  # the last phase ends the animation and clears the board
            assert screen.panel.playback.phase == phase
            assert render_frame(d, phase).plain in screen.panel.render().plain
            assert screen.board.overlay == halma_colony.overlay(d, phase, "unicode")
            await pilot.press("n")
            await pilot.pause()
        assert "bees: iteration 1 dances" in names

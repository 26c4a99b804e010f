"""The maze screen through Textual's pilot: open it from the menu, build (instantly and
animated), skip, export under saves/ without overwriting, refuse bad input; an 80x24 snapshot."""

from __future__ import annotations

from textual.widgets import Input, Select
from waiting import settle

from swarmtui.mazes import build, build_on
from swarmtui.mazes.ants import AntParams
from swarmtui.mazes.grid_text import render_grid
from swarmtui.mazes.swarm import sized
from swarmtui.mazes.text import read_ascii
from swarmtui.tui.screens.maze import MazeScreen
from swarmtui.tui.screens.menu import MenuScreen
from swarmtui.tui.widgets.maze_view import Phase, phases_of, render_phase


def notified(app, words: str) -> bool:
    return any(words in n.message for n in app._notifications)


async def open_mazes(app, pilot) -> MazeScreen:
    """From the menu with the keyboard: walk down to Mazes and press Enter."""
    assert isinstance(app.screen, MenuScreen)
    titles = [g.title for g in app.screen.games]
    await pilot.press(*["down"] * titles.index("Mazes"), "enter")
    await pilot.pause()
    assert isinstance(app.screen, MazeScreen)
    return app.screen


async def fill(pilot, screen: MazeScreen, **fields: str) -> None:
    for name, value in fields.items():
        field = screen.query_one(f"#maze-{name}")
        assert isinstance(field, Input | Select)
        field.value = value
    await pilot.pause()


async def submit(pilot, screen: MazeScreen) -> None:
    """Enter in the size field builds (like the Build button)."""
    screen.query_one("#maze-size").focus()
    await pilot.press("enter")


async def build_now(app, pilot, screen: MazeScreen) -> None:
    await submit(pilot, screen)
    await settle(app, pilot, lambda: screen.maze is not None and screen.view.done)


async def test_open_build_instantly_and_export_without_overwriting(tui_app, tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        await fill(pilot, screen, size="40x15", seed="7")
        await build_now(app, pilot, screen)
        assert screen.maze == build("ant", 40, 15, 7)  # same seed, same maze as the CLI
        metrics = str(screen.query_one("#maze-metrics").render())
        assert "solvable" in metrics and "yes" in metrics and "iterations" in metrics
        assert screen.view.playback.at_end and screen.view.current.frame.phase == "done"
        await pilot.press("e")
        first = tmp_path / "mazes" / "ant-40x15-seed7.txt"
        assert read_ascii(first.read_text()) == screen.maze
        await pilot.press("e")  # a second export gets a fresh name
        assert (tmp_path / "mazes" / "ant-40x15-seed7-2.txt").exists()
        chosen = tmp_path / "mine.txt"
        chosen.write_text("keep me\n")
        await fill(pilot, screen, **{"export-path": str(chosen)})
        await pilot.click("#maze-export")
        assert chosen.read_text() == "keep me\n" and notified(app, "not overwritten")
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_animated_build_walks_through_phases_and_can_be_skipped(tui_app):
    app = tui_app(speed="slow")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        await fill(pilot, screen, size="30x12", seed="3")
        await pilot.click("#maze-build")  # the button builds too
        await settle(app, pilot, lambda: screen.maze is not None)
        view = screen.view
        assert view.playback.phases > 10 and not view.done
        ants = sized(AntParams(), 30, 12).n  # the size rule: 21 workers in a 30x12 field
        assert view.current.frame.phase == "move" and view.current.frame.agents.shape[0] == ants
        await settle(app, pilot, lambda: view.playback.phase >= 1)  # it moves on by itself
        assert 1 <= view.playback.phase < view.playback.phases - 1  # it moves on by itself
        await pilot.press("x")
        await pilot.pause()
        assert view.done and view.current.frame.phase == "done"
        assert "done" in str(screen.query_one("#maze-scroll").border_subtitle)


async def test_classic_builder_and_bad_input(tui_app):
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        for size, words in (("40", "size must look like"), ("900x900", "up to 40,000 fields"), ("2x2", "at least 3x3")):
            await fill(pilot, screen, size=size)
            await submit(pilot, screen)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert notified(app, words) and screen.maze is None
        await fill(pilot, screen, size="21x11", params="nope=1")
        await submit(pilot, screen)
        assert notified(app, "unknown parameter 'nope'")
        screen.query_one("#maze-algo").value = "kruskal"
        await fill(pilot, screen, size="21x11", seed="5", params="")
        await build_now(app, pilot, screen)
        assert screen.maze == build("kruskal", 21, 11, 5)
        assert "perfect         yes" in str(screen.query_one("#maze-metrics").render())


def test_render_phase_draws_walls_doors_workers_and_the_queen():
    frames = []
    maze = build("ant", 20, 9, seed=1, on_frame=frames.append)
    phases = phases_of(frames)
    queen = next(p for p in phases if p.frame.phase == "queen" and 0 < p.queen_steps < len(p.frame.queen))
    text = render_phase(queen, (maze.entrance, maze.exit), "ascii").plain
    assert text.count("Q") == 1 and "o" in text and "+" in text
    last = render_phase(phases[-1], (maze.entrance, maze.exit), "ascii").plain.splitlines()
    assert len(last) == 9 and all(len(line) == 20 for line in last)
    assert all(ch == "#" for ch in last[0][2:])
    moving = render_phase(Phase(frames[0]), (), "unicode").plain
    assert "*" in moving


def test_snapshot_maze_screen(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await open_mazes(app, pilot)
        await fill(pilot, screen, size="40x15", seed="7")
        await build_now(app, pilot, screen)
        app.clear_notifications()  # the toast says how long the build took
        screen.query_one("#maze-scroll").focus()
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


# --- grids, masks, difficulty, panning, load (issue 32) ------------------------------------------

async def build_on_screen(app, pilot, screen: MazeScreen, **fields: str) -> None:
    """Set the selects and inputs, then build and wait for the finished maze on screen."""
    for name in ("grid", "algo"):
        if name in fields:
            screen.query_one(f"#maze-{name}", Select).value = fields.pop(name)
            await pilot.pause()
    await fill(pilot, screen, **fields)
    await build_now(app, pilot, screen)


async def test_every_grid_builds_and_animates_on_the_screen(tui_app):
    from swarmtui.mazes.grid_maze import GridMaze
    from swarmtui.mazes.grids import make_grid

    app = tui_app(speed="slow")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        for grid, algo, size in (("hex", "bee", "13x9"), ("triangle", "wilson", "18x6"), ("polar", "ant", "8")):
            screen.query_one("#maze-grid").value = grid
            screen.query_one("#maze-algo").value = algo
            await pilot.pause()
            await fill(pilot, screen, size=size, seed="4")
            await submit(pilot, screen)
            await settle(app, pilot, lambda g=grid: isinstance(screen.maze, GridMaze) and screen.maze.grid.kind == g)
            maze = screen.maze
            kind_size = (int(size), 0) if grid == "polar" else tuple(reversed([int(v) for v in size.split("x")]))
            assert maze == build_on(algo, make_grid(grid, kind_size), 4)  # same seed, same maze as the CLI
            view = screen.view
            assert view.playback.phases > 2 and not view.done  # animated, phase by phase
            shown = [render_phase(phase, view.doors, "unicode", maze).plain for phase in view.phases]
            if algo in ("bee", "ant"):
                assert any("*" in text for text in shown[:-1])  # the workers on their cells
            await pilot.press("x")
            await pilot.pause()
            final = view.render().plain
            if algo in ("bee", "ant"):  # the finished swarm maze with the queen's walk on it
                assert view.done and "Q" in final and final.count("█") == render_grid(maze, "unicode").count("█")
            else:
                assert view.done and final + "\n" == render_grid(maze, "unicode")


async def test_a_maze_larger_than_the_panel_pans_with_the_keys(tui_app):
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        await build_on_screen(app, pilot, screen, grid="hex", algo="kruskal", size="30x20", seed="1")
        scroll = screen.query_one("#maze-scroll")
        assert screen.view.size.width > scroll.size.width and scroll.max_scroll_y > 0  # wider and taller: no wrap
        scroll.focus()
        await pilot.press("right", "right", "down", "down")
        await settle(app, pilot, lambda: scroll.scroll_x > 0 and scroll.scroll_y > 0)
        await pilot.press("end")
        await settle(app, pilot, lambda: scroll.scroll_y == scroll.max_scroll_y)


async def test_mask_difficulty_export_and_load(tui_app, tmp_path, monkeypatch):
    from swarmtui.mazes.grid_maze import GridMaze
    from swarmtui.mazes.mazefile import read_maze

    monkeypatch.setenv("SWARMTUI_SAVES", str(tmp_path))
    mask = tmp_path / "shape.txt"
    mask.write_text("##....##\n#......#\n........\n#......#\n##....##\n")
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        await build_on_screen(app, pilot, screen, grid="hex", algo="backtracker", size="16x10", seed="2",
                              mask=str(mask), difficulty="hard")
        maze = screen.maze
        assert isinstance(maze, GridMaze) and maze.grid.masked and maze.info["difficulty_target"] == 1.6
        assert "difficulty" in str(screen.query_one("#maze-metrics").render())
        await pilot.press("e")
        [written] = (tmp_path / "mazes").glob("*.json")
        assert read_maze(written) == maze
        await fill(pilot, screen, **{"export-path": str(written)})
        await pilot.click("#maze-load")
        await settle(app, pilot, lambda: screen.maze is not maze and screen.view.done)
        assert screen.maze == maze and screen.view.render().plain + "\n" == render_grid(maze, "unicode")
        await fill(pilot, screen, **{"export-path": "/dev/zero"})
        await pilot.click("#maze-load")
        await settle(app, pilot, lambda: notified(app, "not a regular file"))


async def test_grid_requests_the_screen_refuses(tui_app):
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        screen.query_one("#maze-grid").value = "polar"
        await pilot.pause()
        assert screen.query_one("#maze-size").value == "6"  # the grid's default size
        for fields, words in (({"size": "8x8"}, "number of rings"), ({"size": "200"}, "up to 10,000 cells"),
                              ({"size": "8", "difficulty": "impossible"}, "--difficulty must be"),
                              ({"size": "8", "mask": "/nonexistent.txt"}, "does not exist")):
            await fill(pilot, screen, **{"mask": "", "difficulty": "", **fields})
            await submit(pilot, screen)
            await pilot.pause()
            assert notified(app, words) and screen.maze is None
        screen.query_one("#maze-algo").value = "division"
        await fill(pilot, screen, size="8", mask="", difficulty="")
        await submit(pilot, screen)
        await settle(app, pilot, lambda: notified(app, "does not build on a polar grid"))


def test_snapshot_hex_maze_screen(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await open_mazes(app, pilot)
        await build_on_screen(app, pilot, screen, grid="hex", algo="bee", size="13x9", seed="5")
        app.clear_notifications()
        screen.query_one("#maze-scroll").focus()
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


# --- fit, solve and walk (issue 29) ------------------------------------------------------------

def footer_actions(screen) -> set[str]:
    return {active.binding.action for active in screen.active_bindings.values() if active.binding.show}


async def test_101x51_pans_and_fits_in_half_blocks_at_80x24(tui_app):
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        assert not footer_actions(screen) & {"fit", "solve", "walk", "skip", "pause"}  # nothing to act on yet
        await build_on_screen(app, pilot, screen, size="101x51", seed="3")
        assert {"fit", "solve", "walk"} <= footer_actions(screen) and "skip" not in footer_actions(screen)
        scroll = screen.query_one("#maze-scroll")
        view = screen.view
        lines = view.render().plain.split("\n")
        assert len(lines) == 51 and {len(line) for line in lines} == {101}  # one field a character, never wrapped
        assert view.size.height == 51 and scroll.max_scroll_y > 0 and scroll.max_scroll_x > 0
        scroll.focus()
        await pilot.press("down", "down", "right")
        await settle(app, pilot, lambda: scroll.scroll_y > 0 and scroll.scroll_x > 0)  # pans
        await pilot.press("f")
        await settle(app, pilot, lambda: view.size.height == 26)  # two rows of fields a line
        fitted = view.render().plain.split("\n")
        assert len(fitted) == 26 and {len(line) for line in fitted} == {101}
        assert view.fitted and "fit" in str(scroll.border_subtitle)
        walls = screen.maze.walls
        for r in (0, 10, 25):  # each character is the two fields above each other
            for c in (0, 37, 100):
                top, bottom = bool(walls[2 * r, c]), bool(walls[2 * r + 1, c]) if 2 * r + 1 < 51 else False
                assert fitted[r][c] == {(True, True): "█", (True, False): "▀", (False, True): "▄"}.get(
                    (top, bottom), fitted[r][c] if fitted[r][c] in " +" else " ")
        await pilot.press("f")
        await settle(app, pilot, lambda: view.size.height == 51)  # back to panning
        await build_on_screen(app, pilot, screen, grid="hex", algo="kruskal", size="13x9", seed="1")
        await pilot.press("f")
        await settle(app, pilot, lambda: notified(app, "only square mazes fit"))
        assert not view.fit


async def test_solve_animates_the_search_then_the_shortest_path_on_every_grid(tui_app):
    from swarmtui.mazes.solvers import solve

    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        for grid, algo, size in (("square", "kruskal", "31x15"), ("hex", "bee", "13x9"), ("triangle", "wilson", "18x6"),
                                 ("polar", "ant", "8")):
            await build_on_screen(app, pilot, screen, grid=grid, algo=algo, size=size, seed="4")
            view = screen.view
            await pilot.press("s")  # instant -> slow: the search is shown phase by phase
            assert view.playback.speed == "slow"
            await pilot.press("o")
            await settle(app, pilot, lambda: screen.route is not None and screen.view.search is not None)
            assert not view.done and view.playback.phases > 3  # animated at the chosen speed
            assert {"skip", "pause"} <= footer_actions(screen)
            waves, path = view.search
            assert path is not None and len(path) == solve(screen.maze, "bfs").length
            await settle(app, pilot, lambda: screen.view.playback.phase >= 1)  # the waves spread...
            assert "searching - wave" in str(screen.query_one("#maze-scroll").border_subtitle)
            await pilot.press("x")
            await settle(app, pilot, lambda: screen.view.done)
            assert view.current.path_steps == len(path)  # ...then the path, all of it
            shown = view.render().plain
            assert shown.count("o") >= len(path) - 2 and "*" not in shown and "Q" not in shown
            assert notified(app, f"a shortest path of {len(path) - 1} steps")
            await pilot.press("s", "s", "s")  # slow -> normal -> fast -> instant for the next build


async def walk_along(pilot, screen: MazeScreen, places: list[int], keys: int = 8) -> None:
    """Walk from ``places[0]`` through ``places``: the first ``keys`` steps by pressing the arrow
    keys, the rest by the arrow keys' action (a key press costs the pilot a repaint: a long walk
    by keys takes a minute)."""
    assert screen.route is not None
    ways = screen.route.ways
    for i, (a, b) in enumerate(zip(places, places[1:], strict=False)):
        arrow = next(k for k, v in ways.arrows(a).items() if v == b)
        if i < keys:
            await pilot.press(arrow)
        else:
            screen.view.action_walk(arrow)
    await pilot.pause()


async def walk_out_with_a_detour(app, pilot, screen: MazeScreen) -> None:
    """Walk the maze on screen: one step in and back, then the shortest way out."""
    app.clear_notifications()
    await pilot.press("w")
    await settle(app, pilot, lambda: screen.view.walk is not None)
    view, walk, route = screen.view, screen.view.walk, screen.route
    assert walk is not None and route is not None and route.path is not None
    assert view.has_focus and walk.at == route.ways.start and "@" in view.render().plain
    path = route.path
    assert walk.shortest == len(path) - 1
    await walk_along(pilot, screen, [path[0], path[1], path[0]])
    assert walk.steps == 2 and walk.started is not None
    subtitle = str(screen.query_one("#maze-scroll").border_subtitle)
    assert subtitle.startswith("walking - ") and "2 steps" in subtitle and f"shortest {len(path) - 1}" in subtitle
    await walk_along(pilot, screen, path)
    await settle(app, pilot, lambda: walk.finished and notified(app, "out in"))
    verdict = walk.verdict()
    assert f"{len(path) + 1} steps: the shortest way is {len(path) - 1} (2 more" in verdict
    assert verdict in str(screen.query_one("#maze-title").render())
    assert screen._walk_clock is None  # the clock stopped at the exit
    await pilot.press("w")  # a fresh walk from the entrance
    await settle(app, pilot, lambda: view.walk is not walk and view.walk is not None and view.walk.steps == 0)


async def test_walk_with_the_arrows_against_the_clock_on_every_grid(tui_app):
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        for grid, algo, size in (("square", "ant", "41x21"), ("hex", "backtracker", "9x7"),
                                 ("triangle", "wilson", "12x5"), ("polar", "kruskal", "5")):
            await build_on_screen(app, pilot, screen, grid=grid, algo=algo, size=size, seed="2")
            await walk_out_with_a_detour(app, pilot, screen)


async def test_while_walking_the_arrows_walk_and_after_it_they_pan(tui_app):
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        await build_on_screen(app, pilot, screen, algo="kruskal", size="101x51", seed="5")
        scroll = screen.query_one("#maze-scroll")
        await pilot.press("w")
        await settle(app, pilot, lambda: screen.view.walk is not None)
        walk = screen.view.walk
        start = walk.at
        [first] = screen.route.ways.arrows(start)
        await pilot.press(first)
        assert walk.at != start and walk.steps == 1
        await walk_along(pilot, screen, screen.route.path[1:] if walk.at == screen.route.path[1] else
                         [walk.at, start, *screen.route.path[1:]])
        await settle(app, pilot, lambda: walk.finished)
        assert scroll.scroll_x > 0  # the panel followed the walker to the exit on the east side
        x = scroll.scroll_x
        await pilot.press("left", "left")  # out: the arrows pan again
        await settle(app, pilot, lambda: scroll.scroll_x < x)
        assert walk.finished and walk.at == screen.route.ways.goal


def test_snapshot_maze_fit_101x51(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await open_mazes(app, pilot)
        await build_on_screen(app, pilot, screen, size="101x51", seed="3")
        await pilot.press("f")
        await settle(app, pilot, lambda: screen.view.size.height == 26)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_maze_solved(snap_compare, tui_app) -> None:
    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await open_mazes(app, pilot)
        await build_on_screen(app, pilot, screen, algo="kruskal", size="41x17", seed="7")
        await pilot.press("o")
        await settle(app, pilot, lambda: screen.view.search is not None and screen.view.done)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


def test_snapshot_maze_walked(snap_compare, tui_app, monkeypatch) -> None:
    monkeypatch.setattr("swarmtui.mazes.wayfinding.clock", lambda: 100.0)

    async def run_before(pilot) -> None:
        app = pilot.app
        screen = await open_mazes(app, pilot)
        await build_on_screen(app, pilot, screen, algo="kruskal", size="41x17", seed="7")
        await pilot.press("w")
        await settle(app, pilot, lambda: screen.view.walk is not None)
        screen.stop_walk_clock()
        assert screen.route is not None and screen.route.path is not None and screen.view.walk is not None
        path = screen.route.path
        await walk_along(pilot, screen, path[: len(path) // 2])
        screen.view.walk.started = 100.0 - 42.0  # 42 seconds on the clock
        screen.update_subtitle()
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(tui_app(speed="instant"), terminal_size=(80, 24), run_before=run_before)


async def test_fit_solve_and_walk_in_ascii_under_no_color(tui_app, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read when the app is made
    app = tui_app(speed="instant", glyphs="ascii")
    async with app.run_test() as pilot:
        screen = await open_mazes(app, pilot)
        await build_on_screen(app, pilot, screen, algo="kruskal", size="31x15", seed="2")
        await pilot.press("f")
        await settle(app, pilot, lambda: screen.view.fitted)
        fitted = screen.view.render().plain
        assert not set(fitted) - set(" #\"_+o.@\n") and fitted.count("\n") == 7  # ASCII halves, 8 lines
        await pilot.press("o")
        await settle(app, pilot, lambda: screen.view.search is not None and screen.view.done)
        await pilot.press("f", "w")
        await settle(app, pilot, lambda: screen.view.walk is not None)
        assert screen.route is not None and screen.route.path is not None
        await walk_along(pilot, screen, screen.route.path)
        await settle(app, pilot, lambda: screen.view.walk is not None and screen.view.walk.finished)
        shown = screen.view.render().plain
        assert shown.isascii() and "@" in shown and shown.count(".") >= len(screen.route.path) - 2
        assert app.is_running

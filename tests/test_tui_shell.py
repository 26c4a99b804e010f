"""The TUI around the boards: setup screens, save/resume, the saved-games list, the replay
viewer (saved games and ``swarmtui sim --out`` files), watch mode, panel layout and overlays.

Every flow is driven from the menu with the keyboard through Textual's pilot; saves go to the
test's own folder (``tui_app`` sets ``SWARMTUI_SAVES``).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from screens import as_a, position_text, top
from textual.widgets import Input, OptionList, Select
from waiting import settle

from swarmtui.agents.aco_bco.agent import AcoBcoAgent
from swarmtui.core.hexgrid import Hex
from swarmtui.core.saves import SaveError
from swarmtui.core.trace import NoTrace, SearchTrace, trace_from_json
from swarmtui.games import GAMES
from swarmtui.records import GameLog, Recording, RecordWriter
from swarmtui.referee import redecide, seat_agents
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.overlay import BoardOverlay, Mark
from swarmtui.tui.saved_game import games_dir, list_games, read_game, write_game
from swarmtui.tui.screens.game import GameScreen
from swarmtui.tui.screens.menu import MenuScreen, menu_games
from swarmtui.tui.screens.replay import ReplayScreen
from swarmtui.tui.screens.results import ResultsScreen
from swarmtui.tui.screens.saved_games import SavedGamesScreen
from swarmtui.tui.screens.setup import SetupScreen


def text_of(widget) -> str:
    return str(widget.render())


def menu_index(entry_id: str) -> int:
    return [g.id for g in menu_games()].index(entry_id)


async def open_entry(app, pilot, entry_id: str) -> None:
    """On the menu: walk down to ``entry_id`` and press Enter."""
    assert isinstance(app.screen, MenuScreen)
    await pilot.press(*["down"] * menu_index(entry_id), "enter")
    await pilot.pause()


async def start_game(app, pilot, game: str, agents: dict[int, str], seed: int, watch: bool = False) -> GameScreen:
    """Menu -> the game's setup -> seats' agents, seed -> Start (or Watch)."""
    await open_entry(app, pilot, game)
    await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
    for seat, agent in agents.items():
        app.screen.query_one(f"#seat-{seat}", Select).value = agent
    await pilot.pause()
    app.screen.query_one("#seed", Input).focus()
    await pilot.press(*str(seed))
    app.screen.query_one("#watch" if watch else "#start").focus()
    await pilot.press("enter")
    await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
    return top(app, GameScreen)


async def resume_first_save(app, pilot) -> GameScreen:
    await open_entry(app, pilot, "saves")
    await settle(app, pilot, lambda: isinstance(app.screen, SavedGamesScreen))
    await pilot.press("enter")
    await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
    return top(app, GameScreen)


# -- setup screen ---------------------------------------------------------------------------
async def test_setup_shows_paper_defaults_and_refuses_a_bad_value_inline(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "halma")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        await pilot.press("tab")  # seat 2: its default computer player, ACO-BCO
        await settle(app, pilot, lambda: setup.current == 1 and setup.query("#param-q0"))
        q0 = setup.query_one("#param-q0", Input)
        from swarmtui.agents import get_spec

        params = get_spec("aco-bco").params_for(GAMES["halma"])
        assert params is not None and q0.value == str(params().q0)  # the paper's default
        q0.focus()
        await pilot.press("ctrl+a", "ctrl+k", "2", ".", "5")
        await settle(app, pilot, lambda: "2.5" in text_of(setup.query_one("#error-q0")))
        assert "q0" in text_of(setup.query_one("#error-q0"))
        setup.query_one("#start").focus()
        await pilot.press("enter")
        await settle(app, pilot, lambda: any("q0" in n.message for n in app._notifications))
        assert app.screen is setup  # refused
        q0 = setup.query_one("#param-q0", Input)
        q0.focus()
        await pilot.press("ctrl+a", "ctrl+k", "0", ".", "5")
        await settle(app, pilot, lambda: text_of(setup.query_one("#error-q0")) == "")
        setup.query_one("#start").focus()
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
        game = top(app, GameScreen)
        assert game.match.config.params[1] == (("q0", "0.5"),)
        assert as_a(game.match.agents["2"], AcoBcoAgent).params.q0 == 0.5


async def test_setup_number_of_players_rebuilds_the_seats(tui_app) -> None:
    app = tui_app()
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "halma")
        setup = app.screen
        await pilot.press("shift+tab", "enter", "down", "down", "enter")  # 2 -> 4 players
        await settle(app, pilot, lambda: len(setup.query("#seats Select")) == 4)
        assert [str(s.value) for s in setup.query("#seats Select").results(Select)][0] == "human"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


# -- play, save, quit, resume ---------------------------------------------------------------
async def test_noughts_move_ai_reply_step_panel_save_quit_resume(tui_app) -> None:
    app = tui_app(speed="slow")
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "noughts", {1: "minimax"}, seed=5)
        await pilot.press("p")  # pause the reasoning, to step it by hand
        await pilot.press("enter")  # X b2 (the cursor starts on the centre)
        await settle(app, pilot, lambda: screen.panel.deliberation is not None)
        assert screen.match.moves == ["b2"]
        phase = screen.panel.playback.phase
        await pilot.press("n")
        assert screen.panel.playback.phase == phase + 1
        await pilot.press("x")  # skip to the move
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        await pilot.press("w")
        await pilot.pause()
        [entry] = list_games()
        assert entry.game is not None and entry.game.moves == screen.match.moves and not entry.game.finished
        assert entry.game.traces and entry.game.traces[0]["ply"] == 1
        position, moves = position_text(screen.match.state), list(screen.match.moves)
        await pilot.press("q")
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await resume_first_save(app, pilot)
        assert position_text(screen.match.state) == position and screen.match.moves == moves
        assert screen.match.human_to_move and screen.match.diverged == []
        await pilot.press("1")  # a1 if free, else refused: the game goes on either way
        await settle(app, pilot, lambda: screen.match.is_over or screen.match.human_to_move)


async def test_halma_quit_autosaves_and_the_swarm_continues_as_if_never_stopped(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "halma", {1: "aco-bco"}, seed=11)
        await pilot.press("enter", "up", "enter")  # the front piece one hole forward
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        position, moves = position_text(screen.match.state), list(screen.match.moves)
        await pilot.press("q")  # no explicit save: quitting autosaves
    [entry] = list_games()
    assert entry.game is not None and entry.game.moves == moves
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await resume_first_save(app, pilot)
        assert position_text(screen.match.state) == position and screen.match.diverged == []
        resumed = screen.match
    # the same game played without a break: the swarm's next move is the same
    unbroken = Match(MatchConfig("halma", ("human", "aco-bco"), 11))
    for ply, text in enumerate(moves):
        if ply % 2:
            assert unbroken.state.format_move(unbroken.agents["2"].decide(unbroken.state.copy()).move) == text
        unbroken.play(unbroken.state.parse_move(text))
    human = unbroken.state.legal_moves()[0]
    for match in (unbroken, resumed):
        match.play(human)
    assert (unbroken.state.format_move(unbroken.agents["2"].decide(unbroken.state.copy()).move)
            == resumed.state.format_move(resumed.agents["2"].decide(resumed.state.copy()).move))


async def test_hive_watch_mode_hang_up_autosaves_and_rebuilds(tui_app) -> None:
    app = tui_app(speed="fast")
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "hive", {}, seed=2, watch=True)
        assert not any(screen.match.is_human(s) for s in screen.match.seats)  # Watch: AI vs AI
        await settle(app, pilot, lambda: len(screen.match.moves) >= 2)
        assert not screen.match.is_over
        app.hang_up()  # what SIGHUP runs
        moves = screen.match.move_texts()
        await pilot.pause()
    assert app.return_code == 1
    [entry] = list_games()
    assert entry.game is not None and entry.game.moves[:len(moves)] == moves
    resumed = Match.from_saved(entry.game, "hang-up save")  # (resuming by keys: the next test)
    assert resumed.move_texts() == entry.game.moves and resumed.diverged == []


async def test_hive_human_places_by_keyboard_the_swarm_replies_save_resume(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "hive", {1: "pso"}, seed=4)
        await pilot.press("enter", "enter")  # the first piece from the rack, on its only cell
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        await pilot.press("w")
        moves = screen.match.move_texts()
        await pilot.press("q")
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await resume_first_save(app, pilot)
        assert screen.match.move_texts() == moves and screen.match.human_to_move


# -- saved-games list ---------------------------------------------------------------------------
async def test_a_damaged_save_says_why_and_stays_byte_identical(tui_app) -> None:
    app = tui_app()
    folder = games_dir()
    folder.mkdir(parents=True)
    damaged = folder / "noughts-broken.json"
    damaged.write_bytes(b'{"kind": "game", "format": 1, "game": "noughts", "players": {"X": "human"')
    wrong = folder / "noughts-wrong.json"
    wrong.write_text(json.dumps({"kind": "game", "format": 1, "game": "noughts",
                                 "players": {"X": "human", "O": "human"},
                                 "seed": 1, "moves": ["b2", "b2"]}))
    before = {p: p.read_bytes() for p in (damaged, wrong)}
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "saves")
        listing = app.screen
        assert isinstance(listing, SavedGamesScreen)
        prompts = [str(listing.query_one(OptionList).get_option_at_index(i).prompt) for i in range(2)]
        assert any("damaged" in p and "invalid JSON" in p for p in prompts)
        for index in range(len(listing.entries)):
            await pilot.press("home", *["down"] * index, "enter")
            await settle(app, pilot, lambda: True)
            assert isinstance(app.screen, SavedGamesScreen)  # nothing opened
        assert any("invalid JSON" in n.message for n in app._notifications)
        assert any("cannot be played" in n.message and "left as it is" in n.message for n in app._notifications)
    assert {p: p.read_bytes() for p in (damaged, wrong)} == before


def test_save_file_format_round_trips_and_checks_fields(tmp_path) -> None:
    match = Match(MatchConfig("noughts", ("minimax", "ga"), 3))
    while not match.is_over:
        decision = match.agents[match.to_move].decide(match.state.copy())
        match.play(decision.move, decision.trace)
    path = write_game(match.to_saved(), tmp_path / "g.json")
    payload = json.loads(path.read_text())
    assert payload["kind"] == "game" and payload["format"] == 1 and payload["finished"] is True
    assert payload["players"] == {"X": "minimax", "O": "ga"} and payload["seed"] == 3
    saved = read_game(path)
    again = Match.from_saved(saved, "g.json")
    assert position_text(again.state) == position_text(match.state) and again.moves == match.moves
    assert again.traces == match.traces  # re-decided turns give the very same traces
    for field, bad in (("seed", -1), ("moves", "b2"), ("players", {}), ("game", "chess"), ("format", 9)):
        broken = tmp_path / f"{field}.json"
        broken.write_text(json.dumps({**payload, field: bad}))
        with pytest.raises(SaveError):
            read_game(broken)


def test_traces_survive_json() -> None:
    match = Match(MatchConfig("halma", ("aco-bco", "mcts"), 4))
    for _ in range(2):
        decision = match.agents[match.to_move].decide(match.state.copy())
        assert trace_from_json(json.loads(json.dumps(decision.trace.to_json()))) == decision.trace
        match.play(decision.move, decision.trace)
    assert trace_from_json({"kind": "none", "note": "x"}) == NoTrace(note="x")
    with pytest.raises(ValueError):
        trace_from_json({"kind": "telepathy"})


# -- replay viewer ------------------------------------------------------------------------------
def write_result_file(path: Path, traces: bool) -> dict:
    """A ``sim --out``-shaped file: one noughts game (minimax vs minimax), traces or not."""
    from swarmtui.sim.match import play_match
    from swarmtui.sim.seats import Seat

    record = play_match("noughts", [Seat("X", "minimax"), Seat("O", "random")], 9, 0).to_json()
    if traces:
        match = Match(MatchConfig("noughts", ("minimax", "random"), record["seed"]))
        for text in record["moves"]:
            decision = match.agents[match.to_move].decide(match.state.copy())
            assert match.state.format_move(decision.move) == text
            match.play(decision.move, decision.trace)
        record["traces"] = match.to_saved().traces
    with RecordWriter(path, {"experiment": {"game": "noughts"}}) as writer:
        writer.write(record)
    return record


async def test_replay_a_sim_out_file_to_its_end_with_the_recorded_reasoning(tui_app, tmp_path) -> None:
    record = write_result_file(tmp_path / "run.jsonl", traces=True)
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "results")
        assert isinstance(app.screen, ResultsScreen)
        app.screen.query_one("#path", Input).value = str(tmp_path / "run.jsonl")
        await pilot.press("enter")
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = top(app, ReplayScreen)
        assert "start position" in text_of(replay.panel)
        for ply in range(1, len(record["moves"]) + 1):
            await pilot.press("right")
            await settle(app, pilot, lambda: replay.ply == ply)  # noqa: B023 (awaited in this iteration)
            panel = text_of(replay.panel)
            if ply % 2:  # X, minimax: its search table
                deliberation = replay.panel.deliberation
                assert "plays" in panel and deliberation is not None and deliberation.trace.kind == "search"
            else:  # O, random: no deliberation of its own
                assert replay.panel.deliberation is not None or "No deliberation" in panel
        status = text_of(replay.query_one("#status"))
        assert f"move {len(record['moves'])}/{len(record['moves'])}" in status and record["result"].split()[0] in status
        final = Recording.from_log(GameLog.from_json(record, "x"), "x").positions[-1]
        assert position_text(replay.board.board) == position_text(final)
        await pilot.press("left", "left")
        assert replay.ply == len(record["moves"]) - 2
        await pilot.press("home")
        assert replay.ply == 0 and replay.board.board.ply == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


async def test_replay_without_traces_rebuilds_the_reasoning_from_the_seed_and_bad_files_are_one_sentence(
        tui_app, tmp_path) -> None:
    record = write_result_file(tmp_path / "plain.jsonl", traces=False)
    wrong = tmp_path / "wrong-seed.jsonl"
    with RecordWriter(wrong, {}) as writer:
        writer.write({**record, "seed": record["seed"] + 1})  # the moves no longer follow from the seed
    (tmp_path / "junk.jsonl").write_text("not json\n")
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "results")
        screen = app.screen
        await pilot.press("q")  # a letter of a path, not quit
        assert app.is_running and screen.query_one("#path", Input).value == "q"
        screen.query_one("#path", Input).value = str(tmp_path / "junk.jsonl")
        await pilot.press("enter")
        assert "line 1 is not JSON" in text_of(screen.query_one("#message"))
        for path, rebuilt in ((tmp_path / "plain.jsonl", True), (wrong, False)):
            screen.query_one("#path", Input).value = str(path)
            screen.query_one("#path", Input).focus()
            await pilot.press("enter", "enter")
            await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
            replay = top(app, ReplayScreen)
            await pilot.press("end")
            assert replay.ply == len(record["moves"])
            if rebuilt:  # the last move is X's (minimax): its search, as when it was played
                words = f"reasoning rebuilt from the seed for {len(record['moves'])} AI moves"
                assert replay.recording.redecided == words
                assert replay.panel.deliberation is not None
                trace = as_a(replay.panel.deliberation.trace, SearchTrace)
                assert trace.kind == "search" and trace.chosen == record["moves"][-1]
            else:
                assert "differs at move" in text_of(replay.panel)
            await pilot.press("escape")
            await settle(app, pilot, lambda: isinstance(app.screen, ResultsScreen))


async def test_a_finished_game_is_saved_and_replays_from_the_saved_games(tui_app) -> None:
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "noughts", {0: "minimax", 1: "minimax"}, seed=1)
        await settle(app, pilot, lambda: screen.match.is_over)
        await pilot.press("m")
        await pilot.pause()
        [entry] = list_games()
        assert entry.game is not None and entry.game.finished and entry.game.result == "Draw"
        await open_entry(app, pilot, "saves")
        await pilot.press("enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        assert app.screen.ply == 9 and "move 9/9" in text_of(app.screen.query_one("#status"))
        assert app.screen.panel.deliberation.trace.kind == "search"  # the saved minimax turn


# -- layout and overlays ----------------------------------------------------------------------------
async def test_one_panel_at_80_columns_switchable_both_when_wide(tui_app) -> None:
    for size, both in (((80, 24), False), ((160, 48), True)):
        app = tui_app(speed="instant")
        async with app.run_test(size=size) as pilot:
            screen = await start_game(app, pilot, "noughts", {}, seed=1)
            panel, log = screen.query_one("#panel"), screen.query_one("#log")
            assert panel.display and log.display == both
            if not both:
                await pilot.press("v")
                assert log.display and not panel.display
                await pilot.press("v")
                assert panel.display and not log.display


async def test_the_phase_on_screen_draws_its_overlay_on_the_board_and_clears_it(tui_app, monkeypatch) -> None:
    from swarmtui.tui.panels import deliberation, plain

    mark = BoardOverlay(marks=(Mark(cell=Hex(0, 0), glyph="*", ascii="*"),), caption="phase")
    calls = []

    def overlay(d, phase, glyphs):
        calls.append(phase)
        return mark if phase == 0 else None

    fake = SimpleNamespace(phases=plain.phases, frame=plain.frame, overlay=overlay)
    monkeypatch.setattr(deliberation, "frames_for", lambda trace: fake)
    app = tui_app(speed="slow")
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "noughts", {1: "random"}, seed=1)
        await pilot.press("p", "enter")  # paused: the first phase stays on screen
        await settle(app, pilot, lambda: screen.panel.deliberation is not None)
        assert screen.board.overlay is mark and calls[0] == 0
        await pilot.press("n")
        await pilot.pause()
        assert screen.board.overlay is None and calls[-1] == 1


async def test_a_halma_swarm_turn_draws_its_overlay_while_shown_and_clears_it_for_the_human(tui_app) -> None:
    app = tui_app(speed="slow")
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "halma", {1: "aco-bco"}, seed=3)
        await pilot.press("p", "enter", "up", "enter")  # paused, then the human's step
        await settle(app, pilot, lambda: screen.panel.deliberation is not None)
        assert isinstance(screen.board.overlay, BoardOverlay)  # the swarm's first phase on the board
        first = screen.board.overlay
        await pilot.press("n", "n")  # two phases on: another picture on the board
        await pilot.pause()
        assert screen.panel.playback.phase == 2 and screen.board.overlay != first
        await pilot.press("x")  # skip to the move: the last phase, then the move is played
        await settle(app, pilot, lambda: len(screen.match.moves) == 2 and screen.match.human_to_move)
        assert screen.board.overlay is None  # the human's turn: the swarm's marks are cleared


def test_redecide_rebuilds_a_sim_games_swarm_traces_exactly() -> None:
    """A plain ``sim --out`` Halma game (parameter overrides included): re-deciding from its seed
    gives every move back, with each swarm turn's trace; without the overrides it cannot."""
    from swarmtui.sim.match import play_match
    from swarmtui.sim.seats import Seat

    record = play_match("halma", [Seat("1", "aco-bco", (("q0", "0.7"),)), Seat("2", "greedy")], 5, 2).to_json()
    recording = Recording.from_log(GameLog.from_json(record, "sim game"), "sim game")
    assert redecide(recording, seat_agents("halma", recording.players, recording.params, recording.seed)) == len(
        record["moves"])
    for ply in range(0, len(record["moves"]), 2):
        assert recording.traces[ply].kind == "swarm"
    stale = Recording.from_log(GameLog.from_json({**record, "params": {}}, "sim game"), "sim game")  # q0 forgotten
    assert redecide(stale, seat_agents("halma", stale.players, {}, stale.seed)) < len(record["moves"])
    assert "differs at move" in stale.redecided


async def test_a_hang_up_is_offered_for_resuming_at_the_next_start_once(tui_app) -> None:
    from swarmtui.tui.screens.resume_offer import ResumeOffer

    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        screen = await start_game(app, pilot, "noughts", {}, seed=5)
        await pilot.press("5")
        await settle(app, pilot, lambda: len(screen.match.moves) == 2)
        moves = list(screen.match.moves)
        app.hang_up()  # what SIGHUP runs
        await pilot.pause()
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await settle(app, pilot, lambda: isinstance(app.screen, ResumeOffer))
        assert "in progress" in str(app.screen.query_one("Static").render())
        await pilot.press("escape")  # not now: the menu, and the game stays under Saved games
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))  # offered once only
        screen = await resume_first_save(app, pilot)
        assert screen.match.moves == moves
        app.hang_up()
        await pilot.pause()
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await settle(app, pilot, lambda: isinstance(app.screen, ResumeOffer))
        await pilot.press("enter")  # resume
        await settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.match.moves == moves and app.screen.match.human_to_move


async def test_watch_the_optimal_crossing_replays_27_moves_in_notation(tui_app) -> None:
    from swarmtui.agents.halma_crossing import optimal_crossing_record

    _, record = optimal_crossing_record()
    app = tui_app(speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_entry(app, pilot, "crossing")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert replay.recording.moves == record["moves"] and len(replay.recording.moves) == 27
        await pilot.press("end")
        await settle(app, pilot, lambda: replay.ply == 27)
        status = text_of(replay.query_one("#status"))
        assert "move 27/27" in status
        log = text_of(replay.query_one("#log"))
        assert record["moves"][-1] in log  # the moves are listed in notation
        assert replay.board.board.outcome is not None and replay.board.board.outcome.winner == "1"

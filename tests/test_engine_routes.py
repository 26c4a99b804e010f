"""Nothing from outside runs a program (issue 27, points 1 and 2): every route by which data
could set an agent's parameters tries to make it run a command that creates a marker file,
and nothing runs: the TUI's setup field, a ``swarmtui serve`` player and a guest, a save, a
result file (resumed and replayed), a sweep, a preset and a round robin. Engines are declared
only by the machine's owner and chosen by name; files of older versions, which recorded an
engine's command line, still replay from their moves and are refused where a game would be
played on, with one clear sentence."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fake_engines import owner_engines
from textual.widgets import Input, Select
from waiting import settle

from swarmtui.cli.engines import declare_owner_engines
from swarmtui.core.engines import declared_engines, engine_option
from swarmtui.core.params import ParamError
from swarmtui.core.saves import SaveError
from swarmtui.records import Recording, read_results, read_saved
from swarmtui.tui.match import Match
from swarmtui.tui.saved_game import games_dir
from swarmtui.tui.screens.setup import SetupScreen

OLD_FILES = Path(__file__).parent / "data" / "engine_commands"
OLD_MARKER = "engine-ran.marker"
"""What the command lines recorded in ``OLD_FILES`` create in the working folder when run."""


def touching(marker: Path) -> str:
    """A command line that creates ``marker``: what an attacker would like to run."""
    return f"/bin/sh -c {shlex.quote(f'touch {marker}')}"


def swarmtui(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swarmtui", *args], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, cwd=cwd)


def one_line_error(done: subprocess.CompletedProcess, *phrases: str) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("swarmtui: error: ") and "Traceback" not in done.stderr
    for phrase in phrases:
        assert phrase in line, line
    return line


# -- the TUI's setup field -----------------------------------------------------------------
async def test_the_setup_offers_engines_by_name_only_and_refuses_a_typed_command(tui_app, tmp_path) -> None:
    from test_tui_shell import open_entry

    marker = tmp_path / "ran"
    app = tui_app()
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "hive")
        await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
        offered = [value for _, value in app.screen.query_one("#seat-0", Select)._options]
        assert "uhp" not in offered and "random" in offered  # no engine declared: no engine seat
        await pilot.press("escape", "home")  # back on the menu, at its first entry
        with owner_engines(marked=touching(marker), other=touching(marker)):
            await open_entry(app, pilot, "hive")
            await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
            setup = app.screen
            setup.query_one("#seat-0", Select).value = "uhp"
            await settle(app, pilot, lambda: bool(setup.query("#param-engine")))
            field = setup.query_one("#param-engine")
            assert isinstance(field, Select) and not setup.query("Input#param-engine")  # a list, not a text field
            assert [value for _, value in field._options] == ["marked", "other"]
            assert setup.overrides[0]["engine"] == "marked"
            setup.set_param("engine", touching(marker))  # as if typed: refused under the field
            assert "is not an engine name" in str(setup.query_one("#error-engine").render())
            setup.set_param("command", touching(marker))  # the old parameter: no such field
            assert "command" not in setup.overrides[0]
            setup.query_one("#start").focus()
            await pilot.press("enter")
            await settle(app, pilot, lambda: any("Check the parameters" in (n.title or "") for n in app._notifications))
            assert isinstance(app.screen, SetupScreen)
    assert not marker.exists()


# -- the owner's table: the config file and --engine ----------------------------------------
def test_the_config_file_declares_engines_and_a_confined_app_reads_none(tmp_path, monkeypatch) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[engines]\nmzinga = "/opt/mzinga/MzingaEngine --x"\n[serve]\nengines = ["mzinga"]\n')
    before = declared_engines()
    try:
        table = declare_owner_engines(["nok=nokamute uhp"], config)
        assert {name: e.argv for name, e in table.items()} == {"mzinga": ("/opt/mzinga/MzingaEngine", "--x"),
                                                               "nok": ("nokamute", "uhp")}
        monkeypatch.setenv("SWARMTUI_CONFINE", "1")  # an app swarmtui serve runs for a player
        assert list(declare_owner_engines([], config)) == []
        assert list(declare_owner_engines(["offered=/bin/true"], config)) == ["offered"]
    finally:
        from swarmtui.core.engines import declare_engines

        declare_engines(before.values())
    for bad, why in (("x", "not of the form NAME=COMMAND"), ("/bin/sh=x", "is not an engine name"),
                     ("a b=x", "is not an engine name"), ("e=", "empty command line"), ("e='x", "cannot be read")):
        with pytest.raises(ParamError, match=why):
            engine_option(bad)
    one_line_error(swarmtui("--engine", "x", cwd=tmp_path), "--engine 'x' is not of the form NAME=COMMAND")
    one_line_error(swarmtui("sim", "run", "hive", "--engine", "a b=/bin/true", cwd=tmp_path),
                   "'a b' is not an engine name")


def test_a_damaged_engines_section_is_one_line_and_declares_nothing(tmp_path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[engines]\n"../evil" = "touch x"\n')
    done = swarmtui("sim", "run", "hive", "-p", "uhp:x,random", "-n", "1", "--config", str(config), cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines[0] == (f"swarmtui: {config}: engines.../evil: '../evil' is not an engine name: an engine is chosen "
                        "by the name the machine's owner declared for it (letters, digits, '_.+-'), never by a command "
                        "line or a path; no engine of it is declared")
    assert "no external engine named 'x' is declared on this machine" in lines[1]


# -- swarmtui serve: players and guests ---------------------------------------------------
async def test_serve_offers_players_only_the_engines_its_operator_lists(tmp_path) -> None:
    """A player's app under ``serve`` gets the offered engines as ``--engine`` options and
    reads none from a config file, even one in the player's own home."""
    pytest.importorskip("asyncssh")
    import asyncio

    from swarmtui.core.engines import parse_engine
    from swarmtui.serve.environment import app_command
    from swarmtui.serve.probe import loopback_config, open_terminal
    from swarmtui.serve.server import start_server
    from swarmtui.tui.screens.menu import menu_games

    marker = tmp_path / "ran"
    hive = [g.id for g in menu_games(tables=True)].index("hive")

    async def seats_offered(server, key, user: str) -> str:
        import asyncssh

        async with asyncssh.connect("127.0.0.1", server.port, username=user, known_hosts=None,
                                    client_keys=[key] if key else None, agent_path=None, config=None) as conn:
            probe = await open_terminal(conn, size=(100, 40))
            await probe.wait_for("About")
            probe.press(*["down"] * hive, "enter")
            await probe.wait_for("Setup: Hive")
            mark = len(probe.output)
            probe.press("enter", "end")  # open the first seat's list, at its last entry
            # the list is open (its entry "A connected player"; the setup also says "a connected player")
            text = await probe.wait_for("A connected player", start=mark)  # the uhp seat: "uhp - unrated"
            probe.press("escape", "escape", "ctrl+q")
            await asyncio.wait_for(probe.chan.wait_closed(), 20)
            return text

    config, [alice] = loopback_config(tmp_path, guest=True)
    server = await start_server(config)  # the default: app_command() offers no engine
    try:
        assert config.command == app_command()
        await seats_offered(server, alice, "alice")
        home = next((tmp_path / "players").iterdir())
        (home / ".config" / "swarmtui").mkdir(parents=True)
        evil = f"[engines]\nevil = {json.dumps(touching(marker))}\n"
        (home / ".config" / "swarmtui" / "config.toml").write_text(evil)
        assert "uhp - " not in await seats_offered(server, alice, "alice")
        assert "uhp - " not in await seats_offered(server, None, "guest")
    finally:
        await server.close()
    config.command = app_command([parse_engine("offered", "/bin/true")])
    server = await start_server(config)
    try:
        assert "uhp - " in await seats_offered(server, None, "guest")
    finally:
        await server.close()
    assert not marker.exists()


def test_serve_refuses_to_offer_an_engine_nobody_declared(tmp_path) -> None:
    pytest.importorskip("asyncssh")
    config = tmp_path / "config.toml"
    config.write_text("")
    done = swarmtui("serve", "--allow-guests", "--offer-engines", "mzinga", "--config", str(config), cwd=tmp_path)
    one_line_error(done, "--offer-engines / [serve] engines: 'mzinga' is not declared")
    one_line_error(swarmtui("serve", "--allow-guests", "--config", str(tmp_path / "none.toml"), cwd=tmp_path),
                   "none.toml does not exist")
    config.write_text('[serve]\nengines = ["/bin/sh"]\n')
    one_line_error(swarmtui("serve", "--allow-guests", "--config", str(config), cwd=tmp_path),
                   "serve.engines: '/bin/sh' is not an engine name")


def test_a_player_reaches_neither_the_host_key_nor_the_apps_environment(tmp_path, monkeypatch) -> None:
    """Under ``serve`` every path a player types (a result file, ``strategy=``, ``memory=``) is
    confined to their saves: the server's host key and ``/proc/self/environ`` (where the app's
    table hub token lives) are out of reach, also through a link or ``..``. (The engine's own
    environment: ``test_engine_bounds.test_an_engine_gets_a_minimal_environment``.)"""
    from swarmtui.agents import make_agent
    from swarmtui.core.rng import seat_rng
    from swarmtui.core.saves import typed_path

    saves = tmp_path / "players" / "3f2a9c" / "saves"
    saves.mkdir(parents=True)
    host_key = tmp_path / "host_key"
    host_key.write_text("-----BEGIN OPENSSH PRIVATE KEY-----\n")
    (saves / "environ.jsonl").symlink_to("/proc/self/environ")
    (saves / "key.jsonl").symlink_to(host_key)
    monkeypatch.setenv("SWARMTUI_SAVES", str(saves))
    monkeypatch.setenv("SWARMTUI_CONFINE", "1")
    for typed in ("/proc/self/environ", str(host_key), "../../../host_key", "environ.jsonl", "key.jsonl"):
        with pytest.raises(SaveError, match="outside your saves folder"):
            read_results(typed_path(typed))
    for agent, game, name in (("ga", "noughts", "strategy"), ("aco-bco", "halma", "memory")):
        with pytest.raises(SaveError, match="outside your saves folder"):
            make_agent(agent, game, "X" if game == "noughts" else "1", seat_rng(0, "X"), [(name, str(host_key))])


def test_joining_a_table_builds_no_seat_another_app_plays(hub, tmp_path) -> None:
    """A table's players and parameters come from another app (a network peer): a joiner never
    builds the seats played elsewhere, so whatever they name runs nowhere here."""
    from swarmtui.tui.table_game import join_match

    marker = tmp_path / "ran"
    alice = hub.client("alice")
    alice.host("hive", {"White": "uhp", "Black": "human"}, 3, {"White": {"command": touching(marker)}}, ["White"])
    match = join_match(hub.client("bob"), "1")
    assert match.remote == {"White"} and type(match.agents["White"]).__name__ == "RemoteSeat"
    match.close()
    assert not marker.exists()


# -- saves ----------------------------------------------------------------------------------
def test_a_save_of_an_older_version_with_a_command_is_refused_on_resume_and_replays(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    saved = read_saved(OLD_FILES / "save-hive-uhp-command.json")
    assert saved.params["White"]["command"].startswith("sh -c 'touch engine-ran.marker")
    with pytest.raises(SaveError, match=r"White's external engine is recorded by its command line \(a save of an "
                                        r"older swarmtui\).*cannot be resumed \(nothing was run\)"):
        Match.from_saved(saved, "save-hive-uhp-command.json")
    recording = Recording.from_log(saved, "save-hive-uhp-command.json")  # replays from its recorded moves
    assert len(recording.positions) == len(saved.moves) + 1
    assert not (tmp_path / OLD_MARKER).exists()


@pytest.mark.parametrize(("engine", "why"), [
    ("nowhere", "no external engine named 'nowhere' is declared on this machine"),
    ("/bin/sh -c 'touch x'", "is not an engine name"),
    ("[/bold]\x1b]0;x\x07", "is not an engine name"),
])
async def test_a_save_naming_an_undeclared_engine_or_a_command_is_refused_in_the_app(tui_app, tmp_path, engine,
                                                                                      why) -> None:
    from test_tui_shell import open_entry

    app = tui_app()
    games_dir().mkdir(parents=True)
    payload = json.loads((OLD_FILES / "save-hive-uhp-command.json").read_text())
    payload["params"]["White"] = {"engine": engine.replace("x", str(tmp_path / "ran"))}
    path = games_dir() / "hive-forged.json"
    path.write_text(json.dumps(payload))
    before = path.read_bytes()
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "saves")
        await pilot.press("enter")
        await settle(app, pilot, lambda: any("Cannot resume" in (n.title or "") for n in app._notifications))
        [note] = [n for n in app._notifications if n.title == "Cannot resume"]
        assert why in note.message and note.message.endswith("The file is left as it is.")
    assert path.read_bytes() == before and not (tmp_path / "ran").exists()


# -- result files: resume and replay ---------------------------------------------------------
def test_resuming_a_result_file_that_recorded_a_command_runs_nothing(tmp_path) -> None:
    run = tmp_path / "run.jsonl"
    shutil.copy(OLD_FILES / "result-hive-uhp-command.jsonl", run)
    before = run.read_bytes()
    done = swarmtui("sim", "run", "hive", "--resume", str(run), cwd=tmp_path)
    one_line_error(done, f"{run} cannot be resumed: ", "an external engine is chosen by name, uhp:NAME, never by a "
                   "command line or a path")
    assert run.read_bytes() == before and not (tmp_path / OLD_MARKER).exists()


def test_resuming_a_result_file_naming_an_undeclared_engine_runs_nothing(tmp_path) -> None:
    run = tmp_path / "run.jsonl"
    lines = (OLD_FILES / "result-hive-uhp-command.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["experiment"]["agents"] = ["uhp:elsewhere", "random"]
    run.write_text(json.dumps(header) + "\n")
    done = swarmtui("sim", "run", "hive", "--resume", str(run), cwd=tmp_path)
    one_line_error(done, "cannot be resumed: no external engine named 'elsewhere' is declared on this machine")
    done = swarmtui("sim", "run", "hive", "--resume", str(run), "--engine", f"elsewhere={touching(tmp_path / 'ran')}",
                    cwd=tmp_path)  # the machine's owner may declare it: then, and only then, it runs
    assert (tmp_path / "ran").exists()


def test_replaying_a_result_file_that_recorded_a_command_shows_its_moves(tmp_path) -> None:
    run = tmp_path / "run.jsonl"
    shutil.copy(OLD_FILES / "result-hive-uhp-command.jsonl", run)
    games = read_results(run).games
    assert games and all("command" in g.params["White"] for g in games)
    done = swarmtui("replay", str(run), "--final", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"{len(games[0].moves)} moves" in done.stdout
    assert not (tmp_path / OLD_MARKER).exists()


async def test_the_apps_replay_rebuilds_no_engine_and_says_why(tui_app, tmp_path, monkeypatch) -> None:
    from test_tui_shell import open_entry, text_of

    from swarmtui.tui.screens.replay import ReplayScreen
    from swarmtui.tui.screens.results import ResultsScreen

    monkeypatch.chdir(tmp_path)
    run = tmp_path / "run.jsonl"
    shutil.copy(OLD_FILES / "result-hive-uhp-command.jsonl", run)
    app = tui_app(speed="instant")
    async with app.run_test() as pilot:
        await open_entry(app, pilot, "results")
        await settle(app, pilot, lambda: isinstance(app.screen, ResultsScreen))
        app.screen.query_one("#path", Input).value = str(run)
        await pilot.press("enter", "enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        await pilot.press("right")  # White's first move: the engine's
        await settle(app, pilot, lambda: replay.ply == 1)
        assert ("an external engine played it: another program's reasoning is not recorded, and its turns are never "
                "re-decided") in " ".join(text_of(replay.panel).split())
    assert not (tmp_path / OLD_MARKER).exists()


# -- sweeps, presets, round robins -------------------------------------------------------------
@pytest.mark.parametrize(("args", "phrases"), [
    (["run", "hive", "-p", "uhp:a,random", "--engine", "a=/bin/true", "--sweep", "engine=a,/tmp/ran"],
     ["'/tmp/ran' is not an engine name"]),
    (["run", "hive", "-p", "uhp:a,random", "--engine", "a=/bin/true", "--sweep", "command=/bin/sh,/tmp/x"],
     ["no player takes parameter 'command'"]),
    (["run", "hive", "-p", "pso,random", "--param", "command=/bin/sh"], ["no player takes parameter 'command'"]),
    (["preset", "hive", "table-4.2", "-n", "1", "--param", "command=/bin/sh"], ["no player takes parameter 'command'"]),
    (["preset", "hive", "table-4.2", "-n", "1", "--param", "engine=/bin/sh"], ["no player takes parameter 'engine'"]),
    (["round-robin", "hive", "random", "uhp:command=/bin/sh"], ["unknown parameter 'command'"]),
    (["round-robin", "hive", "random", "uhp:/bin/sh"], ["'/bin/sh' is not an engine name"]),
])
def test_sweeps_presets_and_round_robins_cannot_name_a_program(tmp_path, args, phrases) -> None:
    one_line_error(swarmtui("sim", *args, cwd=tmp_path), *phrases)


def test_tasks_of_two_runs_in_one_worker_keep_their_own_engine_tables() -> None:
    """A Dask worker runs tasks of several runs at once in its threads: each task sees the table
    its run sent with it (``with_engines``), never the other run's, and the process's own table
    is untouched (it was replaced under a running task before)."""
    import threading

    from swarmtui.core.engines import engine_named, parse_engine, with_engines

    both_set = threading.Barrier(2, timeout=20)
    seen: dict[str, object] = {}

    def task(name: str) -> None:
        both_set.wait()  # the other task's table is set too
        try:
            seen[name] = engine_named(name).argv
        except ParamError as error:
            seen[name] = str(error)

    runs = [threading.Thread(target=with_engines, args=((parse_engine(name, f"/bin/{name}"),), task, name))
            for name in ("alpha", "beta")]
    before = declared_engines()
    for run in runs:
        run.start()
    for run in runs:
        run.join(30)
    assert seen == {"alpha": ("/bin/alpha",), "beta": ("/bin/beta",)}
    assert declared_engines() == before

"""Rule variants reach every face: sim takes them as --param (and sweeps them), result files keep
them so replays start under them, and the TUI setup offers each one."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Select
from waiting import settle

from swarmtui.cli import main
from swarmtui.tui.screens.setup import SetupScreen


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        main(list(argv))
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_sim_plays_halma_under_its_rule_variants_and_replay_follows(tmp_path, capsys):
    out = tmp_path / "v.jsonl"
    code, _, err = run(capsys, "sim", "run", "halma", "-p", "greedy,greedy", "-n", "2", "-w", "1",
                       "--param", "neutral=closed", "--param", "rules.blocked_goal=strict", "-o", str(out))
    assert code == 0, err
    games = [row for row in map(json.loads, out.read_text().splitlines()) if row.get("kind") == "game"]
    assert [g["rules"] for g in games] == [{"neutral": "closed", "blocked_goal": "strict"}] * 2
    code, text, err = run(capsys, "replay", str(out), "--final")
    assert code == 0, err


@pytest.mark.parametrize(("assignment", "said"), [
    ("neutral=nope", "neutral must be one of free, pass, closed"),
    ("rules.colour=red", "has no rule 'colour' (rule variants: blocked_goal, leave_goal, neutral)"),
])
def test_a_bad_rule_is_one_line_and_exit_2(capsys, assignment, said):
    code, _, err = run(capsys, "sim", "run", "halma", "-p", "greedy", "-n", "1", "--param", assignment)
    assert code == 2 and said in err and err.count("\n") == 1


def test_a_rule_can_be_swept(capsys):
    code, out, err = run(capsys, "sim", "run", "halma", "-p", "greedy", "-n", "1", "-w", "1",
                         "--sweep", "neutral=free,closed")
    assert code == 0, err
    assert "neutral=free" in out and "neutral=closed" in out


async def test_the_halma_setup_offers_every_rule_variant_and_the_game_starts_under_it(tui_app) -> None:
    app = tui_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")
        await settle(app, pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        rules = {str(s.id): s for s in setup.query(Select).results(Select) if str(s.id).startswith("rule-")}
        assert set(rules) == {"rule-neutral", "rule-leave_goal", "rule-blocked_goal"}
        rules["rule-neutral"].value = "closed"
        rules["rule-leave_goal"].value = "True"
        await pilot.pause()
        assert dict(setup.chosen_rules()) == {"neutral": "closed", "leave_goal": "True"}

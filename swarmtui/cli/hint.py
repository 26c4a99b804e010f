"""``swarmtui hint GAME POSITION``: what a coach would play in a position, and why.

The first line of the output is the suggested move alone, in the game's notation (for scripts:
``swarmtui hint noughts X.O/.X./... | head -1``); the lines after it summarise the coach's
deliberation: its trace's one-line summary, the moves it weighed (a search's candidates with
their values and its principal variation; a swarm's proposals in its order) and, when the
coach's own choice did not win at once while a move did, that move (a coach never misses a win
in one: ``referee.advice.suggest``). ``--rate MOVE`` adds the coach's verdict on a move of the
player's ("why not my move?": ``referee.advice.rate``).

POSITION is the game's position notation (``GameSpec.parse_position``): a UHP GameString for
Hive (``Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/``), ``ROWS PLAYERS TO_MOVE [PLY]`` for
Halma and ``X.O/.X./...`` for Noughts & Crosses. The coach is the game's default (its
descriptor's ``coach``: the strongest agent at a short budget) unless ``--agent`` names another;
``--time S`` gives it S seconds (agents that cannot take a limit think as they do). A position
that cannot be read, a finished game, an unknown agent or a bad parameter is one line, exit 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from swarmtui.cli.app import CliError, app
from swarmtui.cli.engines import CONFIG_HELP, ENGINE_HELP, declare_owner_engines
from swarmtui.core.safe_text import safe_text

if TYPE_CHECKING:
    from swarmtui.core.state import GameState
    from swarmtui.core.trace import Trace
    from swarmtui.games import GameSpec

SHOWN = 8
"""Moves of the deliberation listed under the summary."""


@app.command()
def hint(
    game: str = typer.Argument(..., help="The game's id: halma, hive or noughts."),
    position: str = typer.Argument(..., help="The position in the game's notation: a UHP GameString for Hive, "
                                   "'ROWS PLAYERS TO_MOVE [PLY]' for Halma, 'X.O/.X./...' for Noughts."),
    agent: str | None = typer.Option(None, "--agent", "-a", help="The coach: any computer player of the game "
                                     "(default: the game's strongest at a short budget)."),
    time: float | None = typer.Option(None, "--time", "-t", min=0.01, max=3600.0,
                                      help="Seconds the coach may think (default: the agent's own budget)."),
    param: list[str] = typer.Option([], "--param", help="The coach's parameter name=value; repeatable."),
    rate: str | None = typer.Option(None, "--rate", help="Also rate this move of yours against the suggestion."),
    seed: int = typer.Option(0, "--seed", min=0, help="Seed of the coach's generator (same seed, same advice)."),
    engine: list[str] = typer.Option([], "--engine", help=ENGINE_HELP),
    config: Path | None = typer.Option(None, "--config", dir_okay=False, help=CONFIG_HELP),
) -> None:
    """Print the move a coach suggests in POSITION (first line, alone), then why."""
    from swarmtui.core.agent import AgentForfeit
    from swarmtui.core.limits import Limit
    from swarmtui.core.params import ParamError, split_assignment
    from swarmtui.referee import build_coach, coach_seat, suggest
    from swarmtui.referee import rate as rate_move
    from swarmtui.sim.seats import seat_agent

    spec, state = _position(game, position)
    declare_owner_engines(engine, config)
    try:
        chosen, own = seat_agent(agent) if agent is not None else (None, ())
        coach = coach_seat(spec.id, chosen, own + tuple(split_assignment(p) for p in param))
        mine = state.parse_move(rate) if rate is not None else None
    except (ParamError, ValueError) as error:  # NotationError, IllegalMoveError: a move that is not one here
        raise CliError(str(error)) from None
    built = build_coach(spec.id, coach, state.to_move, seed)
    limit = Limit(time=time) if time is not None else None
    try:
        decision, rating = rate_move(state, built, mine, limit, coach.agent) if mine is not None else (None, None)
        advice = suggest(state, built, limit, decision)
    except AgentForfeit as error:  # an external engine that crashed, hung or answered nonsense
        raise CliError(f"the coach ({coach.agent}) gave no advice: {error}") from None
    finally:
        from swarmtui.core.agent import close_agent

        close_agent(built)
    typer.echo(safe_text(advice.text).plain)
    typer.echo(safe_text(f"{coach.agent} for {state.to_move} ({len(state.legal_moves())} legal moves): "
                         f"{advice.summary()}").plain)
    for line in deliberation_lines(advice.decision.trace):
        typer.echo(safe_text(line).plain)
    if rating is not None:
        typer.echo(safe_text(f"why not {rating.move}? {rating.verdict()}").plain)


def _position(game: str, text: str) -> tuple[GameSpec, GameState]:
    """The game's descriptor and the position; one line (exit 2) when either is not one, or
    when nobody is to move."""
    from swarmtui.games import GAMES

    spec = GAMES.get(game)
    if spec is None or not spec.playable:
        playable = ", ".join(g.id for g in GAMES.values() if g.playable)
        raise CliError(f"unknown game {game!r} (games: {playable})")
    try:
        return spec, spec.position_to_play(text)
    except ValueError as error:
        raise CliError(str(error)) from None


def deliberation_lines(trace: Trace) -> list[str]:
    """The moves a deliberation weighed, as text lines: a search's candidates with their values
    and its expected line, or the proposals of a swarm, best first."""
    from swarmtui.core.trace import SearchTrace

    if isinstance(trace, SearchTrace):
        lines = [f"  {c.move}  {c.value:+g}" + (f"  {c.visits} visits" if c.visits else "")
                 + (f"  ({c.note})" if c.note else "") for c in trace.candidates[:SHOWN]]
        if trace.pv:
            lines.append(f"expected line: {' '.join(trace.pv)}" + (f" (depth {trace.depth})" if trace.depth else ""))
        return lines
    proposed = trace.proposals()
    if not proposed:
        return []
    more = f" (+{len(proposed) - SHOWN} more)" if len(proposed) > SHOWN else ""
    return [f"proposals, best first: {', '.join(proposed[:SHOWN])}{more}"]

"""Matches at a table: hosting one from the setup, joining or watching one, resuming one.

Plain Python (no Textual): the app runs these in a thread worker, since rebuilding a match
may replay an AI's turns. The setup's seat choice ``REMOTE`` ("a connected player") marks
the seats others will take; the host's app plays every other seat, its computer players
included. Resuming a saved table game under ``swarmtui serve`` goes back to its table when
the seats are still kept for this player, and opens a new table with the game so far
otherwise (the other human seats open for anyone). Outside ``serve`` (no hub) the saved game
resumes here alone, the other people's seats played at this keyboard.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from swarmtui.agents import get_spec
from swarmtui.core.agent import ANY, Agent, AgentSpec
from swarmtui.core.params import param_fields
from swarmtui.core.saves import SaveError
from swarmtui.games import get_game
from swarmtui.records.gamelog import GameLog
from swarmtui.tables.client import TableClient, TableError, TableLink
from swarmtui.tui.match import COACH_OFF, Match, MatchConfig

REMOTE = "remote"
"""The setup's pseudo-agent for a seat a connected player will take."""
HUMAN = "human"
DIFFICULTY = "difficulty"
"""The parameter that names a computer player's strength (``alphabeta``, ``halma-search``)."""


def _no_factory(game_id: str, seat: str, rng: np.random.Generator, params: None) -> Agent:
    raise ValueError("a connected player's seat is played at their terminal")


REMOTE_SPEC = AgentSpec(
    REMOTE, "A connected player", ANY, _no_factory, None, interactive=True,
    description="someone else connected to this server: Start opens a table, and they take this seat "
                "from 'Play with others' in their menu (others can watch it from there)",
)
"""What the setup shows for ``REMOTE`` (never built: ``host_match`` makes the seat a human's)."""


def host_match(client: TableClient, config: MatchConfig, *, rated: bool = False, private: bool = False) -> Match:
    """Open a table for ``config`` (its ``REMOTE`` seats open to others) and the match at it;
    ``rated`` counts it for both sides' ratings, ``private`` lists it only for its players."""
    config = config.with_seed()
    assert config.seed is not None, "with_seed() chose one"
    spec = get_game(config.game_id)
    seats = spec.seats_for(len(config.agents))
    mine = [seat for seat, agent in zip(seats, config.agents, strict=True) if agent != REMOTE]
    agents = tuple(HUMAN if agent == REMOTE else agent for agent in config.agents)
    params = {seat: rated_params(agent, dict(config.overrides(i))) if rated else dict(config.overrides(i))
              for i, (seat, agent) in enumerate(zip(seats, agents, strict=True))}
    link = client.host(config.game_id, dict(zip(seats, agents, strict=True)), config.seed,
                       {seat: p for seat, p in params.items() if p}, mine, rules=dict(config.rules), rated=rated,
                       private=private, coach=config.coach != COACH_OFF and not rated, clock=str(config.clock))
    return _at_table(link, f"table {link.id}", config.coach)


def rated_params(agent: str, overrides: dict[str, str]) -> dict[str, str]:
    """A computer seat's overrides with its difficulty spelled out (its default too), so it is
    rated as the same player whether or not the setup changed the difficulty
    (``ai:alphabeta:difficulty=easy``)."""
    if agent == HUMAN:
        return overrides
    fields = param_fields(get_spec(agent).params_type)
    if DIFFICULTY in fields and DIFFICULTY not in overrides:
        return {**overrides, DIFFICULTY: str(fields[DIFFICULTY].default)}
    return overrides


def join_match(client: TableClient, table: str | None = None, *, code: str | None = None,
               watch: bool = False) -> Match:
    """Sit at ``table`` or the table with ``code`` (or watch it): the match with every move
    played there so far."""
    link = client.join(table, code=code, watch=watch)
    return _at_table(link, f"table {link.id}")


def rematch_match(link: TableLink) -> Match:
    """The match at a rematch's table (``TableLink.rematch``)."""
    return _at_table(link, f"table {link.id}")


def resume_match(client: TableClient | None, saved: GameLog, where: str) -> Match:
    """Rebuild a saved game; a table game goes back to a table when there is a hub."""
    if saved.table is None or client is None:
        return Match.from_saved(saved, where)
    if saved.seed is None:
        raise SaveError(f"{where} has no seed, so its table cannot be opened again")
    link = _rejoin(client, saved)
    if link is None:
        mine = set(saved.table["mine"]) | {seat for seat, agent in saved.players.items() if agent != HUMAN}
        link = client.host(saved.game, saved.players, saved.seed, saved.params,
                           [seat for seat in saved.players if seat in mine], saved.moves, rules=saved.rules,
                           coach=saved.coach != COACH_OFF, clock=(saved.clock or {}).get("control", "none"),
                           left=(saved.clock or {}).get("left") or None)
    return _at_table(link, where, saved.coach)


def _rejoin(client: TableClient, saved: GameLog) -> TableLink | None:
    """Our seats at the saved game's table, if it is still this game and still keeps them."""
    assert saved.table is not None
    try:
        link = client.join(saved.table["id"])
    except TableError:
        return None
    same = (link.game, link.players, link.seed, link.moves[:len(saved.moves)]) == (
        saved.game, saved.players, saved.seed, saved.moves)
    if same and list(link.mine) == list(saved.table["mine"]):
        return link
    link.leave()  # another game now has that number (the server restarted), or other seats
    return None


def apply_ending(match: Match, ending: Mapping[str, str]) -> bool:
    """End ``match`` as its table says the game ended outside its rules (``TableLink.ending``: a
    resignation, a draw agreed, a flag that fell); True when that ended it now."""
    if match.is_over or not ending:
        return False
    seat = ending.get("seat", "")
    if ending.get("kind") == "resign" and seat in match.seats:
        match.resign(seat)
        return True
    if ending.get("kind") == "draw" and len(match.seats) == 2:
        match.agree_draw(match.seats[0])
        return True
    if ending.get("kind") == "time" and seat in match.referee.clocks:
        match.referee.lose_on_time(seat)
        return True
    return False


def _at_table(link: TableLink, where: str, coach: str | None = None) -> Match:
    """The match of ``link``'s game with every move the table has, our AI seats re-decided;
    ``coach``: this player's coach (None: the game's default), asked only if the table allows one."""
    saved = GameLog(link.game, link.players, list(link.moves), link.seed, link.params, rules=link.rules,
                    coach=coach or "", clock={"control": link.clock})
    try:
        match = Match.from_saved(saved, where, table=link)
    except Exception:
        link.leave()
        raise
    apply_ending(match, link.ending)  # a game resigned or drawn before we came
    return match

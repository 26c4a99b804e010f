"""Players at tables, scripted over SSH and from browsers: the tables load of ``serve_load.py
tables`` (its bounded run is in ``tests/test_serve_load.py``).

Each pair of players is two real sessions of the real app at 80x24, each a player of its own:
an SSH session (``serve.probe``, with a key) or a browser's (``web.probe``: the login form, the
visit cookie and the websocket as textual.js speaks it, with a token); a table's host is the
first of its pair, so an SSH player and a browser player play each other when paired. The host
opens a rated Noughts & Crosses table from the setup (keys only, as a person would), the guest
joins it by the code read off the host's screen (``j``), and they play for as long as asked:
moves by the digit keys, at random but tracked in a position of the driver's own; after each
move the mover may chat (``c``, the line typed key by key, Enter, Escape); when a game ends
both ask for a rematch (``r``) and play it with the colours swapped.

What is measured, end to end through the server, the hub and both apps:

- **keystroke latency**: from writing a character into the chat field to its echo in the
  session's output (the field's line repainted with it: the last three characters typed found
  in what arrived after the key, so another part of the screen changing does not count);
- **move latency**: from the mover's key to the opponent's screen saying it is their move;
- **lost messages and moves**: every chat line must reach the other player's screen (its
  token found in their output), every move the other side (a wait of ``WAIT`` seconds that ends
  without it counts as lost), and every finished game must be in the ratings database.
"""

from __future__ import annotations

import asyncio
import inspect
import random
import re
import statistics
import time
from dataclasses import dataclass, field

from swarmtui.games import GAMES
from swarmtui.serve.probe import Probe
from swarmtui.tui.screens.menu import menu_games
from swarmtui.tui.screens.setup import default_agent, seat_choices
from swarmtui.web.probe import Screen

CELLS = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
"""Noughts' cells in the order of the board's digit keys (1 = a1 ... 9 = c3)."""
WAIT = 60.0
"""Seconds a step may take before it counts as lost (a loaded machine is slow, not lossy)."""
CHAT_CHANCE = 0.4
"""Chance that a player says something after each of their moves."""
_CODE = re.compile(r"table (\d+) ([0-9A-Z]{3}-[0-9A-Z]{3})")


@dataclass
class LoadFigures:
    """What a run saw, over every player."""

    keystrokes: list[float] = field(default_factory=list)
    """Seconds from a chat key to its echo."""
    moves: list[float] = field(default_factory=list)
    """Seconds from a move's key to the opponent's turn on their screen."""
    said: list[tuple[Probe | Screen, Probe | Screen, str]] = field(default_factory=list)
    """(sender, recipient, token) of every chat line."""
    games: int = 0
    lost_moves: int = 0
    failures: list[str] = field(default_factory=list)

    def lost_messages(self) -> list[str]:
        """The chat lines missing from the sender's or the recipient's screen."""
        texts: dict[int, str] = {}
        for sender, recipient, _ in self.said:
            for probe in (sender, recipient):
                if id(probe) not in texts:
                    texts[id(probe)] = probe.text()  # once each: a session's output is megabytes
        return [token for sender, recipient, token in self.said
                if token not in texts[id(recipient)] or token not in texts[id(sender)]]

    def summary(self, lost: list[str]) -> str:
        def spread(values: list[float]) -> str:
            if not values:
                return "none"
            ordered = sorted(values)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            return (f"median {1000 * statistics.median(ordered):.0f} ms, 95th percentile {1000 * p95:.0f} ms, "
                    f"max {1000 * ordered[-1]:.0f} ms over {len(ordered)}")

        return (f"keystroke latency (chat key to its echo): {spread(self.keystrokes)}\n"
                f"move latency (key to the opponent's turn on their screen): {spread(self.moves)}\n"
                f"games finished {self.games}, moves lost {self.lost_moves}, chat lines {len(self.said)}, "
                f"lost {len(lost)}")


def _downs_to_remote() -> int:
    """Down presses in O's agent list from its default to its last choice, 'a connected player'."""
    ids = [a.id for a in seat_choices(GAMES["noughts"])]
    return len(ids) - ids.index(default_agent(GAMES["noughts"], 1))


class Player:
    """One scripted person: a session (SSH or browser) and its number."""

    def __init__(self, probe: Probe | Screen, number: int) -> None:
        self.probe = probe
        self.number = number
        self.lines = 0

    async def press(self, *keys: str) -> None:
        pressed = self.probe.press(*keys)  # a browser's is sent over its websocket: awaited
        if inspect.isawaitable(pressed):
            await pressed

    async def quit(self) -> None:
        await self.press("ctrl+q")
        if isinstance(self.probe, Probe):
            await asyncio.wait_for(self.probe.chan.wait_closed(), WAIT)
        else:
            await asyncio.wait_for(self.probe.closed.wait(), WAIT)

    async def wait(self, pattern: str, start: int, timeout: float = WAIT) -> str:
        return await self.probe.wait_for(pattern, timeout=timeout, start=start)

    async def say(self, figures: LoadFigures, to: Player, rng: random.Random) -> None:
        """Type a chat line key by key, timing each key's echo; Enter; Escape back to the board."""
        self.lines += 1
        token = f"q{self.number:02d}x{self.lines:03d}{rng.choice('kvwz')}"
        mark = len(self.probe.output)
        await self.press("c")
        await self.wait(r"Enter sends|say something", mark)
        typed = ""
        for char in token:
            mark = len(self.probe.output)
            sent = time.monotonic()
            await self.press(char)
            typed += char
            if len(typed) >= 3:
                await self.probe.wait_until(lambda t=typed[-3:], m=mark: t in self.probe.text(m), WAIT,
                                            f"the chat key {char!r} was not echoed")
                figures.keystrokes.append(time.monotonic() - sent)
        mark = len(self.probe.output)
        await self.press("enter")
        figures.said.append((self.probe, to.probe, token))
        await self.wait(rf"\): {token}", mark)  # said: the hub sent it back to us too
        mark = len(self.probe.output)
        await self.press("escape")
        await self.wait(r"\bPlay\b", mark)  # back at the board: the footer shows its keys again


async def _host(player: Player) -> str:
    """From the menu: a rated Noughts table with O left to a connected player; its code."""
    probe = player.probe
    await player.wait(r"About", 0)
    mark = len(probe.output)
    await player.press("enter")  # Noughts & Crosses, the first game
    await player.wait(r"Setup: Noughts", mark)
    await player.press("tab")  # O's agent
    await probe.pick(_downs_to_remote(), WAIT)  # its last choice: a connected player
    await player.wait(r"someone else connected", mark)
    mark = len(probe.output)
    await player.press("tab", "tab", "tab", "tab")  # past the seed, clock and position to the table's kind
    await probe.pick(1, WAIT)  # listed, rated
    await player.wait(r"listed, rated\s+▼", mark)  # chosen, the list closed
    mark = len(probe.output)
    await player.press("tab", "tab", "tab", "enter")  # past the coach and the speed to Start
    found = _CODE.search(await player.wait(_CODE.pattern, mark))
    assert found is not None
    return found[2]


async def _join(player: Player, code: str) -> None:
    probe = player.probe
    await player.wait(r"About", 0)
    mark = len(probe.output)
    await player.press(*["down"] * [g.id for g in menu_games(tables=True)].index("tables"), "enter")
    await player.wait(r"Games of players connected", mark)
    await player.press("j")
    await player.wait(r"Join a table by its code", mark)
    mark = len(probe.output)
    await player.press(*code, "enter")
    await player.wait(r"table \d+ " + code, mark)


async def play_pair(host: Player, guest: Player, seconds: float, figures: LoadFigures, seed: int) -> None:
    """Open a table, then play games (and rematches) and chat until ``seconds`` have passed."""
    rng = random.Random(seed)
    code = await _host(host)
    await _join(guest, code)
    deadline = time.monotonic() + seconds
    first, second, since = host, guest, 0
    while True:
        await _game(first, second, rng, figures, since)
        figures.games += 1
        if time.monotonic() >= deadline:
            return
        marks = (len(first.probe.output), len(second.probe.output))
        await first.press("r")
        await first.wait(r"waiting for", marks[0])
        await second.press("r")
        await first.wait(r"Rematch at table", marks[0])
        await second.wait(r"Rematch at table", marks[1])
        first, second, since = second, first, marks[1]  # colours swapped: the other player is X now


async def _game(x: Player, o: Player, rng: random.Random, figures: LoadFigures, since: int) -> None:
    """One game from its first move: X is ``x``, whose screen says it is their move after byte ``since``."""
    state = GAMES["noughts"].start()
    await x.wait(r"X to move \(you\)", since)
    while state.outcome is None:
        mover, other = (x, o) if state.to_move == "X" else (o, x)
        move = rng.choice(state.legal_moves())
        text = state.format_move(move)
        state.play(move)
        mark = len(other.probe.output)
        sent = time.monotonic()
        await mover.press(str(CELLS.index(text) + 1))
        pattern = r"wins|Draw" if state.outcome is not None else rf"{state.to_move} to move \(you\)"
        try:
            await other.wait(pattern, mark)
        except AssertionError as error:
            figures.lost_moves += 1
            figures.failures.append(str(error)[:300])
            raise
        figures.moves.append(time.monotonic() - sent)
        if state.outcome is None and rng.random() < CHAT_CHANCE:
            await mover.say(figures, other, rng)


async def table_load(sessions: list[Probe | Screen], seconds: float, seed: int = 1) -> LoadFigures:
    """Pair ``sessions`` (0 with 1, 2 with 3, ...) at tables, playing and chatting for ``seconds``;
    then every app quits."""
    figures = LoadFigures()
    players = [Player(session, n) for n, session in enumerate(sessions)]
    pairs = [(players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)]
    await asyncio.gather(*(play_pair(h, g, seconds, figures, seed + i) for i, (h, g) in enumerate(pairs)))
    await asyncio.sleep(1.0)  # the last chat lines' echoes
    await asyncio.gather(*(player.quit() for player in players))
    return figures

"""A save's damaged search trace never crashes the replay viewer (issue 27 point 15).

A finished save whose trace has fields of the wrong type, or fields of the right type that do
not fit together, crashed the TUI's replay panel (the CLI tolerated it). Now ``trace_from_json``
refuses wrong types and cells off any board, the viewer checks that every phase of a trace
draws (``frames.drawable``), and a turn whose trace is damaged says "Reasoning unavailable".
The fuzzer builds well-typed traces of every registered kind at random (bounded: seconds).
"""

from __future__ import annotations

import dataclasses
import types
import typing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from waiting import settle

import swarmtui.agents  # noqa: F401  (registers every agent's trace kinds)
from swarmtui.core.trace import Trace, trace_from_json, trace_kinds
from swarmtui.tui.match import Match, MatchConfig
from swarmtui.tui.panels.frames import Deliberation
from swarmtui.tui.panels.framesets import drawable
from swarmtui.tui.saved_game import games_dir, write_game
from swarmtui.tui.screens.menu import MenuScreen, menu_games
from swarmtui.tui.screens.replay import UNAVAILABLE, ReplayScreen

WORDS = st.sampled_from(["a1", "b2", "wQ", "wA1 -bQ", "pass", "", "[/x]", "\x1b[2J", "q1:o3"])


def values(annotation: typing.Any) -> st.SearchStrategy:
    """Any value of ``annotation`` as a trace holds it: small numbers, short texts and tuples."""
    simple = {str: st.one_of(WORDS, st.text(max_size=4)), int: st.integers(-3, 40), bool: st.booleans(),
              float: st.floats(-1e3, 1e3, allow_nan=False)}
    if annotation in simple:
        return simple[annotation]
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(st.none() if a is type(None) else values(a) for a in typing.get_args(annotation)))
    if origin is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(values(args[0]), max_size=4).map(tuple)
        return st.tuples(*(values(a) for a in args))
    hints = typing.get_type_hints(annotation)
    fields = {f.name: values(hints[f.name]) for f in dataclasses.fields(annotation) if f.init}
    return st.fixed_dictionaries(fields).map(lambda kwargs: annotation(**kwargs))


KINDS = sorted(kind for kind, cls in trace_kinds().items() if cls is not Trace)


@pytest.mark.parametrize("kind", KINDS)
def test_fuzz_any_well_typed_trace_draws_or_is_unavailable_never_a_crash(kind):
    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(values(trace_kinds()[kind]))
    def check(trace):
        d = Deliberation("X", "agent", trace, "a1")
        assert drawable(d, "unicode") in (True, False)
        assert drawable(d, "ascii") in (True, False)

    check()


def test_traces_of_the_wrong_shape_are_refused_when_read():
    good = {"kind": "search", "algorithm": "minimax", "chosen": "a1",
            "candidates": [{"move": "a1", "value": 1.0, "visits": 0, "note": ""}]}
    assert trace_from_json(good).candidates[0].value == 1.0
    for damage in ({"value": "x"}, {"value": True}, {"visits": 1.5}, {"move": 3}, {"note": None}):
        with pytest.raises(ValueError):
            trace_from_json({**good, "candidates": [{**good["candidates"][0], **damage}]})
    with pytest.raises(ValueError):
        trace_from_json({**good, "algorithm": ["minimax"]})
    with pytest.raises(ValueError):  # a piece's cell off any board: panels would draw a line to it
        trace_from_json({"kind": "particle", "goal": [10**9, 0]})
    assert trace_from_json({"kind": "particle", "goal": [3, -2]}).goal == (3, -2)


async def test_replay_of_a_finished_save_with_damaged_traces_says_reasoning_unavailable(tui_app):
    app = tui_app(speed="instant")
    match = Match(MatchConfig("noughts", ("minimax", "minimax"), 5))
    while not match.is_over:
        decision = match.agents[match.to_move].decide(match.state.copy())
        match.play(decision.move, decision.trace)
    log = match.to_saved()
    log.traces[0]["trace"]["candidates"][0]["value"] = "very good"  # the wrong type: unreadable
    log.traces[1]["trace"] = {"kind": "genome", "position": ".../.../...", "symmetry": "ZZ",  # no such symmetry:
                              "canonical": ".../.../...", "gene": "111111111", "gene_index": 0,  # well typed, but
                              "allele": 8, "move": "c3"}  # its frames cannot be drawn
    games_dir().mkdir(parents=True, exist_ok=True)
    write_game(log, games_dir() / "damaged.json")
    async with app.run_test() as pilot:
        await settle(app, pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press(*["down"] * [g.id for g in menu_games()].index("saves"), "enter", "enter")
        await settle(app, pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        for ply in (1, 2, 3):
            await pilot.press("right")
            await settle(app, pilot, lambda wanted=ply: replay.ply == wanted)
            panel = str(replay.panel.render())
            if ply < 3:
                assert UNAVAILABLE in panel, panel
            else:  # the third move's trace is intact: its search table
                assert replay.panel.deliberation is not None and "plays" in panel
        await pilot.press("end", "home")
        assert app.is_running and replay.ply == 0

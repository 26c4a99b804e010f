"""Trace kinds register themselves; ``trace_from_json`` rebuilds each; every kind has frames."""

from dataclasses import dataclass, field

import pytest

import swarmtui.agents  # noqa: F401  (registers the agents' trace kinds)
from swarmtui.core.trace import NoTrace, SearchTrace, Trace, trace_from_json, trace_kinds


def test_every_shipped_kind_is_registered_beside_its_agent():
    kinds = trace_kinds()
    assert {"none", "search", "genome", "ant", "bee", "swarm", "particle"} <= set(kinds)
    assert kinds["ant"].__module__ == "swarmtui.agents.aco_bco.trace"
    assert kinds["particle"].__module__ == "swarmtui.agents.pso.trace"
    assert kinds["genome"].__module__ == "swarmtui.agents.ga.trace"


def test_a_new_kind_registers_by_being_defined_and_reads_back():
    @dataclass(frozen=True)
    class ProbeTrace(Trace):
        kind: str = field(init=False, default="test-probe")
        steps: tuple[int, ...] = ()

    probe = ProbeTrace(steps=(1, 2))
    assert trace_from_json(probe.to_json()) == probe
    assert ProbeTrace.from_json({"kind": "test-probe", "steps": [3]}) == ProbeTrace(steps=(3,))
    with pytest.raises(ValueError, match="not a ProbeTrace"):
        ProbeTrace.from_json(NoTrace().to_json())


def test_a_kind_cannot_be_taken_twice():
    with pytest.raises(ValueError, match="taken"):
        @dataclass(frozen=True)
        class Impostor(Trace):
            kind: str = field(init=False, default="search")


def test_unknown_or_damaged_payloads_are_one_value_error():
    for bad in ({"kind": "telepathy"}, [], {"kind": "search", "candidates": 3}):
        with pytest.raises(ValueError):
            trace_from_json(bad)
    assert SearchTrace.from_json(SearchTrace(chosen="b2").to_json()) == SearchTrace(chosen="b2")


def test_every_registered_kind_has_a_frame_set():
    from swarmtui.tui.panels import plain
    from swarmtui.tui.panels.framesets import frames_for

    for kind, cls in trace_kinds().items():
        if kind.startswith("test-"):
            continue
        frames = frames_for(cls())
        assert (frames is plain.FRAMES) == (kind == "none"), kind


def test_the_declared_kinds_are_exactly_what_their_modules_define():
    """Each agent's spec names its trace kinds' modules (``AgentSpec.traces``) without importing
    them; a fresh interpreter reads a kind from its JSON alone (the specs and that module load
    then, no agent), and each declared module defines exactly the kinds declared for it."""
    import subprocess
    import sys

    from swarmtui.agents import agent_specs

    declared = {kind: module for spec in agent_specs().values() for kind, module in spec.traces.items()}
    assert {"ant", "bee", "swarm", "colony", "genome", "particle"} <= set(declared)
    for module in set(declared.values()):
        defined = {kind for kind, cls in trace_kinds().items() if cls.__module__ == module}
        assert defined == {kind for kind, there in declared.items() if there == module}, module
    probe = (
        "import sys, swarmtui.agents\n"
        "from swarmtui.core.trace import trace_from_json\n"
        "assert not any(m.endswith('.trace') and m.startswith('swarmtui.agents') for m in sys.modules)\n"
        "print(type(trace_from_json({'kind': 'genome', 'position': 'x'})).__module__)\n"
        "assert 'swarmtui.agents.ga.agent' not in sys.modules and 'numpy' not in sys.modules\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "swarmtui.agents.ga.trace"


def test_frames_take_the_trace_of_their_kind_and_refuse_another():
    from swarmtui.tui.panels.frames import Deliberation, trace_of

    search = SearchTrace()
    turn = Deliberation(seat="white", agent="minimax", trace=search, move="a1")
    assert trace_of(turn, SearchTrace) is search
    assert trace_of(search, SearchTrace) is search
    with pytest.raises(TypeError, match="expected a NoTrace, got SearchTrace"):
        trace_of(turn, NoTrace)

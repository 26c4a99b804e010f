"""DESIGN.md layering, enforced: arrows point down only, and only the TUI and CLI import Textual."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "swarmtui"

# Which swarmtui layers each layer may import (besides itself).
ALLOWED = {
    "core": set(),
    "games": {"core"},
    "agents": {"core", "games"},
    "mazes": {"core"},
    "records": {"core", "games"},
    "referee": {"core", "games", "agents", "records"},
    "sim": {"core", "games", "agents", "records", "referee"},
    "papers": {"core", "games", "agents", "mazes", "records", "referee", "sim"},
    "tables": {"core", "games", "records"},
    "tui": {"core", "games", "agents", "mazes", "records", "referee", "tables"},
    "uhp": {"core", "games", "agents", "referee"},
    "serve": {"core", "tables"},
    "web": {"core", "tables", "serve"},
}
TEXTUAL_ALLOWED = {"tui", "cli", "__main__"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def _layer(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _modules():
    return sorted(PACKAGE.rglob("*.py"))


def test_only_tui_and_cli_import_textual():
    offenders = [
        str(p.relative_to(PACKAGE)) for p in _modules()
        if _layer(p) not in TEXTUAL_ALLOWED and any(m == "textual" or m.startswith("textual.") for m in _imports(p))
    ]
    assert offenders == []


def test_layers_only_import_downwards():
    offenders = []
    for path in _modules():
        layer = _layer(path)
        if layer not in ALLOWED:
            continue
        for module in _imports(path):
            parts = module.split(".")
            if parts[0] != "swarmtui" or len(parts) < 2:
                continue
            target = parts[1]
            if target in ALLOWED and target != layer and target not in ALLOWED[layer]:
                offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
            if target in ("cli", "__main__"):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert offenders == []


def test_the_tui_reads_game_logs_through_records_not_sim():
    """One game log type (``records``) below both faces: the TUI never imports ``sim``."""
    offenders = [f"{p.relative_to(PACKAGE)} imports {m}" for p in _modules() if _layer(p) == "tui"
                 for m in _imports(p) if m == "swarmtui.sim" or m.startswith("swarmtui.sim.")]
    assert offenders == []
    assert (PACKAGE / "records" / "__init__.py").is_file()


def test_the_layering_check_sees_imports(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("import textual.app\nfrom swarmtui.tui import app\ndef f():\n    from textual import work\n")
    assert {"textual.app", "swarmtui.tui", "textual"} <= _imports(sample)


def _decide_calls(path: Path) -> list[int]:
    """Lines of ``path`` that call a ``decide`` or ``decide_within`` method."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr in ("decide", "decide_within")]


def test_only_the_referee_asks_an_agent_for_a_decision():
    """One loop plays a game: outside ``swarmtui/agents/`` (agents that consult others), only the
    referee calls ``decide``/``decide_within`` (``referee.advice.consult``)."""
    offenders = [f"{p.relative_to(PACKAGE)}:{line}" for p in _modules() if _layer(p) not in ("agents", "referee")
                 for line in _decide_calls(p)]
    assert offenders == []
    referee_calls = {p.name: _decide_calls(p) for p in (PACKAGE / "referee").glob("*.py") if _decide_calls(p)}
    assert list(referee_calls) == ["advice.py"]


def test_the_decide_check_sees_calls(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("agent.decide(state)\nself.agents[s].decide_within(b, limit)\ndef decide(state): ...\n")
    assert _decide_calls(sample) == [1, 2]


def test_sim_knows_no_game():
    """``sim`` reads the registries (``swarmtui.games``, ``swarmtui.agents``) and nothing of one
    game, one agent or the mazes: a paper's experiments live in ``swarmtui.papers``."""
    registries = {"swarmtui.games", "swarmtui.agents", "swarmtui.games.descriptor"}
    offenders = [f"{p.relative_to(PACKAGE)} imports {m}" for p in _modules() if _layer(p) == "sim"
                 for m in _imports(p) if m.startswith(("swarmtui.games", "swarmtui.agents", "swarmtui.mazes"))
                 and m not in registries]
    assert offenders == []

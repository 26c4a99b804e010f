"""DESIGN.md layering, enforced: arrows point down only (imports, and strings naming modules),
no import cycles, and only the TUI and CLI import Textual."""

from __future__ import annotations

import ast
import re
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
    found: set[str] = set()
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


BELOW_THE_FACES = ("core", "games", "agents", "mazes", "records", "referee")
"""Layers whose strings may name no module they may not import: a descriptor that names the
TUI's widget or a paper's presets by import path (``board="swarmtui.tui.widgets..."``) is an
upward dependency the import check cannot see."""
MODULE_NAME = re.compile(r"\bswarmtui\.([a-z_]+)")


def _strings(path: Path) -> list[tuple[int, str]]:
    """``path``'s string constants with their lines, docstrings left out (they may point a
    reader anywhere)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    documentation = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)
                     and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}
    return [(node.lineno, node.value) for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in documentation]


def _named_layers(path: Path) -> list[tuple[int, str]]:
    """The ``swarmtui`` layers the strings of ``path`` name, with their lines."""
    return [(line, layer) for line, text in _strings(path) for layer in MODULE_NAME.findall(text)]


def test_no_string_below_the_faces_names_a_module_above_it():
    """No string in ``core``, ``games``, ``agents``, ``mazes``, ``records`` or the referee names a
    module of a layer it may not import (``tui``, ``sim``, ``cli``, ``serve``, ``papers``, ...):
    the TUI owns the game -> board mapping, the papers their presets."""
    offenders = [f"{p.relative_to(PACKAGE)}:{line} names swarmtui.{target}" for p in _modules()
                 if _layer(p) in BELOW_THE_FACES for line, target in _named_layers(p)
                 if target != _layer(p) and target not in ALLOWED[_layer(p)]]
    assert offenders == []


def test_the_string_check_sees_module_names(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text('"""Shown by swarmtui.tui.widgets."""\nSPEC = dict(board="swarmtui.tui.widgets.b:B")\n'
                      'def f():\n    """In swarmtui.sim too."""\n    return "swarmtui.papers.p"\n')
    assert sorted(_named_layers(sample)) == [(2, "tui"), (5, "papers")]


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package at ``root`` -> the package's modules it imports anywhere: at
    the top, inside functions (a deferred import still closes a circle) and for type checking.
    ``from package import module`` counts as importing the module, not the package."""
    modules = {_module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                submodules = {f"{node.module}.{alias.name}" for alias in node.names} & modules.keys()
                found |= submodules or {node.module}
                if len(submodules) < len(node.names):
                    found.add(node.module)
        graph[name] = (found & modules.keys()) - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles():
    """No circle of imports anywhere in swarmtui, counting deferred and type-checking imports
    (the rules and their notation, the SSH server and its sessions, the panels and their
    registry each had one): a module's dependencies are below it."""
    assert cycles(import_graph(PACKAGE)) == []


def test_the_cycle_check_sees_deferred_and_type_checking_circles(tmp_path):
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "rules.py").write_text("def f():\n    from pkg.notation import g\n")
    (root / "notation.py").write_text("from typing import TYPE_CHECKING\n"
                                      "if TYPE_CHECKING:\n    from pkg import rules\n")
    (root / "alone.py").write_text("from pkg import notation\n")
    assert cycles(import_graph(root)) == [["pkg.notation", "pkg.rules"]]

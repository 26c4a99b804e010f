# ruff: noqa  (kept as it was run at commit 027531e, for provenance; not part of the test suite)
"""What swarmtui 027531e reads from each fixture: the expected values of tests/test_records_compat.py."""
import json, sys
from pathlib import Path
from swarmtui.sim.records import read_results
from swarmtui.sim.recording import Recording
from swarmtui.tui.saved_game import read_game
d = Path(sys.argv[1]); out = {}
def fingerprint(state):
    """The position after the last move: side to move, outcome, and its legal moves in notation."""
    o = state.outcome
    return {"to_move": state.to_move, "outcome": [o.winner, o.reason] if o else None,
            "legal": sorted(state.format_move(m) for m in state.legal_moves())}
for p in sorted(d.glob("result-*.jsonl")) + [d / "training-log.jsonl"]:
    r = read_results(p)
    games = []
    for i, row in enumerate(r.games):
        rec = Recording.from_record(row, f"{p.name}:{i}")
        games.append({"moves": len(rec.moves), "final": fingerprint(rec.positions[-1]),
                      "last_label": rec.labels[-1] if rec.labels else "", "result": rec.result,
                      "traces": sorted(rec.traces), "trace_kinds": sorted({t.kind for t in rec.traces.values()})})
    out[p.name] = {"header": r.header, "games": games, "generations": len(r.generations), "summary": r.summary is not None}
for p in sorted(d.glob("save-*.json")):
    g = read_game(p)
    rec = Recording.from_record(g.record(), p.name)
    out[p.name] = {"describe": g.describe(), "finished": g.finished, "table": g.table, "moves": len(g.moves), "final": fingerprint(rec.positions[-1]),
                   "last_label": rec.labels[-1] if rec.labels else "", "traces": sorted(rec.traces), "result": rec.result}
json.dump(out, open(d / "expected.json", "w"), indent=1, sort_keys=True)

"""One game log type for saves, result files and replays (DESIGN.md, layers).

``GameLog`` (``records.gamelog``) is the one record of a game and its one validated schema;
``records.saved`` reads and writes it as a TUI save file, ``records.results`` as lines of a
``swarmtui sim`` result file, and ``records.replay.Recording`` replays it position by position.
Game records of other programs and of people come in and go out through ``records.formats``
(by extension): Hive PGN (``records.pgn``), BoardSpace SGF (``records.sgf``), UHP GameStrings
and the plain-text record of any game (``records.text_record``), each read into a
``records.recorded.RecordedGame`` and checked move by move by the rules into a ``GameLog``.
Below ``sim/``, ``tui/``, ``tables/`` and ``cli/``; it imports only ``core/`` and ``games/``.
Every size and shape limit a reader applies is ``core.bounded_json.LIMITS``.
"""

from swarmtui.records.gamelog import LOG_FORMAT, LOG_KIND, GameLog
from swarmtui.records.replay import Recording
from swarmtui.records.results import RESULT_FORMAT, RecordWriteError, RecordWriter, ResultReader, Results, read_results
from swarmtui.records.saved import read_saved, write_saved

__all__ = ["LOG_FORMAT", "LOG_KIND", "RESULT_FORMAT", "GameLog", "RecordWriteError", "RecordWriter", "Recording",
           "ResultReader", "Results", "read_results", "read_saved", "write_saved"]

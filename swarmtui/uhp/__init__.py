"""The Universal Hive Protocol engine: our Hive agents speak to existing Hive viewers and engines.

Textual-free; ``swarmtui uhp`` (cli/uhp.py) connects it to stdin and stdout.
"""

from swarmtui.uhp.engine import UhpEngine
from swarmtui.uhp.session import serve

__all__ = ["UhpEngine", "serve"]

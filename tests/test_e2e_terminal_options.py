"""The terminal options without a terminal: ``--ascii``'s text fallback keeps every cell
width, ``--theme`` refuses unknown names in one line."""

from __future__ import annotations

import subprocess
import sys

from rich.cells import cell_len

from swarmtui.tui.ascii_mode import ascii_text


def test_ascii_text_is_ascii_and_keeps_the_width_of_every_cell():
    samples = ["eq. 15  moved path: α·l·τ0 (×j jumps)", "d2→e7", "…", "漢字 ok", "naïve café", "◇ ● ▲ ■ ◆ ★ ✚",
               "e\u0301"]
    for text in samples:
        plain = ascii_text(text)
        assert plain.isascii() and cell_len(plain) == cell_len(text), (text, plain)
    assert ascii_text("α·l·τ0") == "a.l.t0" and ascii_text("d2→e7") == "d2>e7" and ascii_text("naïve") == "naive"


def test_unknown_theme_is_one_line():
    done = subprocess.run([sys.executable, "-m", "swarmtui", "--theme", "bogus"], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 2 and done.stderr.startswith("swarmtui: error: unknown theme 'bogus' (known: dark, light, ansi,")
    assert len(done.stderr.strip().splitlines()) == 1

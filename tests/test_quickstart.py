"""README's quickstart and CI stay in step: .ci/run runs exactly the README's test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _quickstart_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_readme_opens_with_a_two_command_quickstart():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_section = readme.split("\n## ", 2)[1]
    assert first_section.startswith("Quickstart")
    start, test = _quickstart_commands()
    assert start.endswith("swarmtui") and "pip install" in start
    assert "pytest" in test and "[test]" in test


def test_ci_runs_exactly_the_readme_test_command():
    _, test = _quickstart_commands()
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci_lines

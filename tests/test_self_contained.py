"""A clone has nothing beside it: no file of the project reaches outside the repository.

The team's notes live in a folder beside the checkout; a user's clone has no such folder, so the
package, the tests and the benchmarks must never name it (this file builds the name from parts, so
it holds to its own rule). Facts a test needs
from elsewhere are copied into ``tests/data/`` with their provenance (its README).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = {".py", ".md", ".toml", ".tcss", ".txt"}
BESIDE = "sha" + "red"  # the folder beside the checkout, never written whole in the project
OUTSIDE = re.compile(rf"\.\./{BESIDE}|parents\[2\]\s*/\s*[\"']{BESIDE}[\"']")


def _project_files() -> list[Path]:
    files: list[Path] = []
    for folder in ("swarmtui", "tests", "benchmarks"):
        files += [p for p in (ROOT / folder).rglob("*") if p.is_file() and p.suffix in TEXT]
    return files


def test_no_file_of_the_project_reads_the_folder_beside_the_checkout():
    offenders = [str(p.relative_to(ROOT)) for p in _project_files()
                 if OUTSIDE.search(p.read_text(encoding="utf-8", errors="replace"))]
    assert offenders == []


def test_every_file_in_tests_data_has_its_provenance():
    """Each file is named in tests/data/README.md, or sits in a folder whose own README.md says
    where the whole folder comes from."""
    data = ROOT / "tests" / "data"
    readme = (data / "README.md").read_text(encoding="utf-8")
    files = [p for p in data.rglob("*") if p.is_file() and p.name != "README.md"]
    assert files
    unexplained = [p.relative_to(data).as_posix() for p in files
                   if f"`{p.relative_to(data).as_posix()}`" not in readme
                   and (p.parent == data or not (p.parent / "README.md").is_file())]
    assert unexplained == []

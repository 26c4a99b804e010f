"""`python -m swarmtui` is the `swarmtui` command."""

from swarmtui.cli import main

main()

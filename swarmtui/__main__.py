"""`python -m swarmtui` is the `swarmtui` command."""

from swarmtui.launch import main

main()

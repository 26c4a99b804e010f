"""``swarmtui serve``: a built-in SSH server that lands each player in the terminal UI.

Textual-free: the server only shuttles bytes between an SSH channel and a ``swarmtui``
child process in its own pseudo-terminal (one process per session), so a crash, a runaway
agent or a memory blow-up in one session never touches another or the server.

- ``server``: the asyncssh server (authentication, which requests are allowed, caps).
- ``terminal``: the child process and its pseudo-terminal (resize, hang-up, rlimits).
- ``session``: one SSH session channel wired to one child.
- ``players``: who a connection is (key fingerprint or a one-off guest) and their saves.
- ``environment``: the whitelisted environment a child gets.
- ``hostkey``: the server's host key, generated once and kept (mode 0600).
- ``limits``: the caps (sessions, idle and total time, memory, CPU) and their counters.
- ``admission``: places for connections not logged in yet, per source address, fairly shared.
- ``input_queue``: keystrokes on their way to the app, with back-pressure and a cap.
  (``limits``, ``admission`` and ``input_queue`` import no asyncssh: the browser door uses them too.)
- ``probe`` and ``attacks``: a scripted client and scripted attacks, for the tests and benchmarks.
"""

"""``swarmtui web``: the app in a browser, through textual-serve's terminal client.

The browser door of the same house as ``swarmtui serve``: one ``swarmtui`` process per
browser session, with the SSH door's per-player folders, confinement, environment and limits
(reused from ``swarmtui.serve``: ``players``, ``environment``, ``limits``, ``admission``,
``input_queue``, ``terminal``), and the same tables when both doors run in one process
(``serve.venue``).

- ``tokens``: the operator's list of players (a name and a secret token a line), failing closed.
- ``visitors``: logged-in browsers (a cookie per visit, never the token) and the brake on
  failed logins.
- ``child``: one app process speaking Textual's web-driver protocol, bounded.
- ``pages``: the login page, the app's page, the fixed set of static files.
- ``server``: the aiohttp server (``start_web``): admission, origin checks, sessions.
- ``probe``: a scripted browser-less client, for the tests and benchmarks.
"""

"""Tables: games between players connected to one ``swarmtui serve``.

Each SSH session runs its own app process, so players who want to play each other meet at a
*table* kept by the server (``hub``): the host's setup names the seats, one or more of them
"a connected player"; others join a free seat from the app's "Play with others" list, or
watch. The hub keeps every table's append-only move list and its own copy of the position,
so it refuses a move that is illegal, out of turn, or sent by someone not holding the seat;
each app talks to it through a ``client.TableLink``, and a seat played elsewhere is a
``remote_seat.RemoteSeat`` agent whose ``decide`` waits for the move to arrive.

No Textual and no SSH here: the hub is a Unix-socket asyncio server (``serve`` starts one and
tells each session's app where it is), the client a plain socket with a reader thread.
"""

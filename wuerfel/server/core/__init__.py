"""The live table's rules without I/O (issue 25 §1): no sockets, no database, no event loop, no clock.

Everything here is a pure function of what it is given: the time comes in as an argument, and the answers are
values (a reader's ``seq``, a refusal, the moment a window closes) for the shell around it
(:mod:`wuerfel.server.live`) to act on — store, send, arm a timer. So every rule the server enforces can be tested
in microseconds without a server, and a later owner/lease layer (issue 25 §2) can wrap the same rules in another
process. ``tests/server/core/test_core_layering.py`` keeps I/O out of this package.

- :mod:`.table`: the table as a state machine, ``TableCore.handle(command, now, dice) -> Step``: a move, a throw,
  a clock's expiry, a bot's move, a chat line in; the events to store and the effects to run out (:mod:`.steps`).
- :mod:`.steps`: the commands, the effects and the step, as values.
- :mod:`.readers`: what each reader (a set of seats, or a spectator) was told, and its own ``seq`` (protocol 7).
- :mod:`.refusals`: a refused request as a value (code, message id, parameters), raised or returned.
- :mod:`.moves`: the checks of a move, a typed throw and a throw request before the game sees them.
- :mod:`.chat`: the chat's checks and its rate limit.
- :mod:`.timing`: whose clock runs, when a window opens, narrows or closes, and the stored deadline.
- :mod:`.effects`: the timers the core asks the shell to run (arm or cancel, per kind).
- :mod:`.seating`: sitting down, leaving, bots, the start, resigning, the rematch, muting, the stand-in's kind.
- :mod:`.presence`: the seats whose person is connected, and the spectators.
- :mod:`.admission`: who may connect (the limits per address and of spectators), given the address's socket count.
- :mod:`.results`: the result every client is told, a resignation's included.
"""

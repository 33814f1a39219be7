"""A table hosted for friends' phones on the local network (issue 27): the app's side.

``hosting`` holds the one hosted table of the process; ``server`` is the guests' web server
beside the host's own; ``guest`` is the only page it serves (join, then the seat's table);
``seen`` decides what each device sees and may do; ``bots`` plays the computer for the room.
The door itself (codes, seat tokens, the room) is pure Python in ``core.host``.
"""

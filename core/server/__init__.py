"""A server for a circle of friends (``hofstaat serve``): accounts, circles and their records.

The server keeps a directory (``directory``: accounts, sign-in sessions, circles, members,
invitations; its tables in ``tables``) in the database it is given, and each circle's records
in a Hofstaat store of its own (``circles.circle_location``): a PostgreSQL schema of that
database, or a SQLite file beside it. A member reaches only the stores of their circles.
Passwords are hashed with Argon2id (``passwords``); nothing here imports Flet.
"""

"""``python -m app``: start Hofstaat (see ``app.main.cli``)."""

from app.main import cli

raise SystemExit(cli())

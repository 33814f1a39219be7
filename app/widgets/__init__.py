"""Reusable controls: the card widget (the one card-to-picture map) and home tiles."""

"""Hofstaat's engine: cards, the four games, computer players and storage.

Importing ``core`` or ``core.games`` never loads Flet or SQLModel.
"""

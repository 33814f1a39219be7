"""Screens: each module builds the ft.View of one route."""

"""A seeded fuzzer for every place hostile input can enter: the rules, state loading, the
command line, restoring a session, loading a save and importing a backup.

``python -m core.fuzz --inputs 1000000 --seed 1`` runs it; see ``core.fuzz.targets``.
"""

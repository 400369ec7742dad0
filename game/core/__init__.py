"""The rules and the match: rule sets as data, actions, the engine, saves and links (standard library only).

The floor everything else stands on; it imports nothing of the game's above it.
"""

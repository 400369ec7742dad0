"""Yacht-family dice games: pure-Python rules, engine and advisor (standard library only)."""

"""Chicken Foot dominoes: rules engine, game records and computer opponents."""

__version__ = "0.1.0"

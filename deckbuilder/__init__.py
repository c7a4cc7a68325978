"""Mythos deck builder: card catalog, deck validator, Adventure checks and goldfish draws."""

__version__ = "0.1.0"

"""Helpers the test modules share (imported as ``support.<module>``: pytest puts ``tests/`` on the path)."""

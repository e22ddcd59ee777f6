"""Tiny local samples for tests and demos: a synthetic corpus and a randomly initialised model."""

"""Leak-free train/validation/test splits and the leakage check."""

"""Signed artifacts and the safe loader: only verified, non-executable files are loaded."""

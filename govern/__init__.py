"""govern: data governance and dataset preparation for LLM fine-tuning."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("govern")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]

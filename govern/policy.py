"""Typed, strict policies: ``policies/*.yaml`` parsed into pydantic models.

Every section forbids unknown keys, so a misspelt key fails loudly with its path, file and line
instead of silently falling back to a default. Each output file records ``LoadedPolicy.sha256``.
"""

from __future__ import annotations

import hashlib
import ipaddress
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import AfterValidator, Field, ValidationError, model_validator

from govern.backup.policy import BackupPolicy
from govern.errors import PolicyError
from govern.fields import check_pattern
from govern.licenses.policy import LicensePolicy
from govern.records import ReaderOptions
from govern.retention.policy import RetentionPolicy
from govern.safe_harbor import SAFE_HARBOR_ENTITIES
from govern.schema import Probability, Section
from govern.signing.policy import SigningPolicy
from govern.splits.policy import SplitPolicy

DEFAULT_POLICY_PATH = Path("policies/default.yaml")
POLICY_ENV = "GOVERN_POLICY"
# The project file names looked for upward from the working folder, like pyproject.toml.
PROJECT_POLICY_NAMES = (DEFAULT_POLICY_PATH, Path("govern.yaml"))
# Ships inside the package, so `govern` works in any folder; tests keep it equal to
# policies/default.yaml.
PACKAGED_POLICY_PATH = Path(__file__).resolve().parent / "policies" / "default.yaml"


class DatasetPolicy(Section):
    id_field: str | None = Field(
        default=None, description="Record field holding a stable id; unset: file + line."
    )
    id_required: bool = Field(
        default=False,
        description="A record without id_field is invalid; false: its id is file + line.",
    )
    text_fields: list[str] | None = Field(
        default=None,
        description="Field paths holding text, '*' matches list items (messages.*.content); "
        "unset: chat messages, Alpaca instruction/input/output, or text.",
    )
    skip_invalid: bool = Field(
        default=False, description="Skip and count invalid records instead of failing."
    )

    def reader_options(
        self,
        id_field: str | None = None,
        text_fields: list[str] | None = None,
        skip_invalid: bool = False,
    ) -> ReaderOptions:
        """Reader options from this section, each overridden by a value given here."""
        fields = text_fields or self.text_fields
        # --id-field "" turns the policy's id field off: every id is file + line.
        chosen_id = self.id_field if id_field is None else (id_field or None)
        return ReaderOptions(
            id_field=chosen_id,
            id_required=self.id_required and chosen_id is not None,
            text_fields=tuple(fields) if fields else None,
            skip_invalid=skip_invalid or self.skip_invalid,
        )


# Addresses no person is behind: loopback, private, link-local, documentation, multicast and
# reserved ranges, and well-known public DNS resolvers. Carrier-grade NAT's shared space
# (RFC 6598, 100.64.0.0/10) is private as RFC 1918's is: a carrier gives one address to many
# subscribers behind its NAT (or an overlay such as Tailscale to a device of its own), and
# the public address the NAT shows is the one that reaches a person.
IP_NOT_PERSONAL = [
    "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
    "192.168.0.0/16",
    "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
    # the rest of IANA's IPv4 special-purpose registry (RFC 6890): protocol assignments, the
    # 6to4 relay anycast, AS112 sinks and the benchmarking range (RFC 2544, 198.18.0.0/15)
    "192.0.0.0/24", "192.88.99.0/24", "192.31.196.0/24", "192.175.48.0/24", "198.18.0.0/15",
    "::/128", "::1/128", "fe80::/10", "fc00::/7", "2001:db8::/32", "ff00::/8",
    # and its IPv6 ones that no host of a person's is in: discard-only, benchmarking
    "100::/64", "2001:2::/48",
    "8.8.8.8", "8.8.4.4", "1.1.1.1", "1.0.0.1", "9.9.9.9", "149.112.112.112", "208.67.222.222",
    "208.67.220.220", "2001:4860:4860::8888", "2001:4860:4860::8844", "2606:4700:4700::1111",
    "2606:4700:4700::1001", "2620:fe::fe", "2620:fe::9", "2620:119:35::35", "2620:119:53::53",
    # the filtering resolvers: Cloudflare for Families, OpenDNS FamilyShield, AdGuard DNS
    "1.1.1.2", "1.0.0.2", "1.1.1.3", "1.0.0.3", "208.67.222.123", "208.67.220.123",
    "94.140.14.14", "94.140.15.15", "94.140.14.15", "94.140.15.16", "2a10:50c0::ad1:ff",
    "2a10:50c0::ad2:ff",
    # and CleanBrowsing (security, adult, family filters), Quad9's other services, Yandex DNS,
    # Comodo Secure DNS, Control D, Neustar UltraDNS Public
    "185.228.168.9", "185.228.169.9", "185.228.168.10", "185.228.169.11", "185.228.168.168",
    "185.228.169.168", "2a0d:2a00:1::/48", "2a0d:2a00:2::/48", "9.9.9.10", "149.112.112.10",
    "9.9.9.11", "149.112.112.11", "77.88.8.8", "77.88.8.1", "77.88.8.88", "77.88.8.7",
    "8.26.56.26", "8.20.247.20", "76.76.2.0", "76.76.10.0", "64.6.64.6", "64.6.65.6",
    # Level 3's (now Lumen's) anycast resolvers, written in resolv.conf since the 1990s
    "4.2.2.1", "4.2.2.2", "4.2.2.3", "4.2.2.4", "4.2.2.5", "4.2.2.6", "209.244.0.3", "209.244.0.4",
    # IANA's IPv6 special-purpose registry (RFC 6890 and its updates): the NAT64 well-known
    # and local-use prefixes (RFC 6052, 8215; "64:ff9b::1" is a translator, not a host of a
    # person's), ORCHIDv2, AS112-v6, the newer documentation range (RFC 9637) and SRv6 SIDs
    "64:ff9b::/96", "64:ff9b:1::/48", "2001:20::/28", "2620:4f:8000::/48", "3fff::/20",
    "5f00::/16",
    # the clouds' documented platform addresses: Azure's wireserver and virtual DNS / DHCP
    # (168.63.129.16); AWS, GCP, Oracle and OpenStack metadata (169.254.169.254, above),
    # AWS's DNS (169.254.169.253), the EC2 IPv6 metadata and DNS (fd00:ec2::254, ::253),
    # Alibaba's metadata (100.100.100.200) are in ranges above
    "168.63.129.16",
    # public resolvers of other regions: DNS.WATCH, 114DNS, AliDNS, DNSPod, Baidu, CNNIC
    "84.200.69.80", "84.200.70.40", "114.114.114.114", "114.114.115.115", "223.5.5.5",
    "223.6.6.6", "2400:3200::1", "2400:3200:baba::1", "119.29.29.29", "180.76.76.76",
    "1.2.4.8", "210.2.4.8",
]  # fmt: skip


def check_networks(networks: list[str]) -> list[str]:
    """Each entry must parse as an IP network or address."""
    for network in networks:
        try:
            ipaddress.ip_network(network, strict=False)
        except ValueError:
            raise ValueError(f"not an IP network or address: {network!r}") from None
    return networks


class PiiPolicy(Section):
    enabled: bool = True
    entities: list[str] = Field(
        default=[*SAFE_HARBOR_ENTITIES, "CREDIT_CARD", "IBAN_CODE"],
        description="Entity types to detect: presidio's and govern's (every HIPAA Safe Harbor "
        "identifier that occurs in text, govern/safe_harbor.py). LOCATION and NRP, found only "
        "by an NER model reading whole texts (~25 CPU-s per MB), only when listed here.",
    )
    score_threshold: Probability = 0.5
    language: str = "en"
    phone_regions: list[str] = Field(default=["US", "GB", "DE", "FR"])
    disabled_recognizers: list[str] = Field(
        default=["UsLicenseRecognizer", "NhsRecognizer"],
        description="Presidio recognizers switched off; driver-license and NHS numbers "
        "flood chat data with false positives.",
    )
    ip_not_personal: Annotated[list[str], AfterValidator(check_networks)] = Field(
        default=IP_NOT_PERSONAL,
        description="IP networks or addresses no person is behind (loopback, private, "
        "link-local, carrier-grade NAT, documentation, reserved, public resolvers): never "
        "IP_ADDRESS findings.",
    )
    name_patterns: bool = Field(
        default=True,
        description="Find PERSON where chat and clinical text introduce a name (greetings, "
        "sign-offs, 'my name is', titles, 'patient'), with or without an NER model.",
    )
    name_lexicon: bool = Field(
        default=True,
        description="Find PERSON with the US Census name lexicon (public domain) and context "
        "(roles, degrees, lower-case greetings, 'SURNAME, First'); with an NER model, NER "
        "reads only the text around the candidates this finds, not whole texts.",
    )
    person_model: bool = Field(
        default=True,
        description="With an NER model (nlp_model), decide PERSON with the learned judge "
        "(govern/scan/data/person_model.json.gz, a logistic regression over each candidate word's "
        "lexicon, dictionary, shape and surrounding words, and the rules' and NER's verdicts) "
        "instead of the hand-written rules alone; needs name_lexicon. Without an NER model the "
        "rules decide: the judge's dictionary comes from the model's lemmatizer.",
    )
    username_model: bool = Field(
        default=True,
        description="Decide USERNAME candidates after the rules with the learned judge "
        "(govern/scan/data/username_model.json, a linear model over each handle-shaped "
        "token's syntax (@x, <x>, x@host, user=x, a chat speaker...), key, surrounding words, "
        "shape and the rules' verdict): it adds handles the rules missed, and a name the "
        "rules took for PERSON inside a handle it keeps (TODO(ana_r)) is dropped.",
    )
    identifier_model: bool = Field(
        default=True,
        description="Decide record, health plan, account, licence, device serial and plate "
        "numbers also with the learned identifier judge (govern/scan/data/"
        "identifier_model.json.gz, a linear model over each code-like token's label, key, CSV "
        "column, HL7 / X12 field, shape and the rules' verdict): it adds what the rules missed, "
        "re-types their hits of these types and drops those it is sure are none; off: the "
        "hand-written rules alone.",
    )
    date_model: bool = Field(
        default=True,
        description="Decide PERSONAL_DATE, AGE_OVER_89 and ZIP_CODE candidates (dates of every "
        "format and language, numbers 90-130, five-digit numbers) also with the learned judge "
        "(govern/scan/data/date_model.json.gz, a linear model over the words, label, field and "
        "shape of each) after the rules: it adds what the rules missed where it is sure and "
        "keeps the rules' hits; off: the hand-written rules alone (docs/DESIGN.md).",
    )
    public_figures: list[str] = Field(
        default=[],
        description="Names never reported as PERSON (whole names, any case): people the data "
        "may name freely, such as public figures.",
    )
    nlp_model: str | None = Field(
        default=None, description="Installed spaCy pipeline for PERSON/LOCATION/NRP; unset: none."
    )
    block_on: list[str] = Field(
        default=["*"], description="Entity types whose presence fails the scan ('*' = all)."
    )
    must_cover: list[str] = Field(
        default=list(SAFE_HARBOR_ENTITIES),
        description="Entity types a detector must cover: while one is not covered in a run, "
        "its scan fails and the review is blocked, never ready ('*' = every type in entities).",
    )
    uncovered: Literal["warn", "fail"] = Field(
        default="warn",
        description="A listed entity no detector covers (LOCATION without an NER model) and "
        "must_cover does not name: a reason in the report (warn) or a failed scan (fail).",
    )

    def required(self) -> list[str]:
        """The types ``must_cover`` names, '*' read as every type in ``entities``."""
        if "*" in self.must_cover:
            return list(dict.fromkeys([*self.entities, *(t for t in self.must_cover if t != "*")]))
        return list(self.must_cover)


class SecretsPolicy(Section):
    enabled: bool = True
    disabled_plugins: list[str] = Field(default=[])
    hex_needs_keyword: bool = Field(
        default=True,
        description="Hex strings, git SHAs and UUIDs count only next to a secret keyword.",
    )
    block: bool = Field(default=True, description="Any secret fails the scan.")
    breadth_engine: bool = Field(
        default=True,
        description="Also run the Kingfisher SDK's rules (gitleaks/trufflehog formats), offline.",
    )


def _compiles(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"not a regular expression: {exc}") from None
    return pattern


class AllowEntry(Section):
    """One ``scan.allow`` entry: a value allowed by its keyed hash or by a regex."""

    hash: str | None = Field(
        default=None,
        pattern=r"^hmac-sha256:[0-9a-f]{64}$",
        description="The value's keyed hash as the scan report or baseline prints it "
        "(value_hash); never write the value itself into a policy.",
    )
    regex: Annotated[str, AfterValidator(_compiles)] | None = Field(
        default=None, description="A Python regex the whole value must match (fullmatch)."
    )
    reason: str = Field(default="", description="Why the value is allowed, for reviewers.")

    @model_validator(mode="after")
    def _one_of(self) -> AllowEntry:
        if (self.hash is None) == (self.regex is None):
            raise ValueError("give exactly one of hash or regex")
        return self


class ScanPolicy(Section):
    allow: list[AllowEntry] = Field(
        default=[],
        description="Values the scan allows (not findings, not redacted), by keyed hash or "
        "regex; the report counts them by rule. Inline markers: see govern/scan/allow.py.",
    )
    skip_fields: list[Annotated[str, AfterValidator(check_pattern)]] = Field(
        default=[],
        description="Field path patterns the scan does not read (every other string in a "
        "record is read): '*' matches one key or list index, '**' any number; a pattern that "
        "names a parent (meta) excludes all below it. The report lists each with its count.",
    )


class TrainingPolicy(Section):
    require_signed_manifest: bool = True
    required_verdicts: list[Literal["scan", "licenses", "leakage"]] = Field(
        default=["scan", "licenses", "leakage"]
    )


# The reports the review reads (govern.review.collect.INPUTS; a test keeps the two in step).
ReviewReport = Literal[
    "scan",
    "scan_redacted",
    "sarif",
    "licenses",
    "split",
    "leaks",
    "metrics",
    "manifest",
    "backup",
    "retention_plan",
    "retention",
    "preflight",
    "train_metrics",
    "gates",
    "replay",
    "artifact_scan",
    "memorization",
    "retention_log",
]


class ReviewPolicy(Section):
    required: list[ReviewReport] = Field(
        default=["scan", "scan_redacted", "licenses", "split", "leaks", "manifest"],
        description="Reports whose absence blocks the compliance review; any other missing "
        "report is shown as not run (pipeline layout) or not provided (reports given).",
    )


class Policy(Section):
    version: Literal[1] = 1
    name: str = Field(min_length=1)
    description: str = ""
    dataset: DatasetPolicy = DatasetPolicy()
    pii: PiiPolicy = PiiPolicy()
    secrets: SecretsPolicy = SecretsPolicy()
    scan: ScanPolicy = ScanPolicy()
    licenses: LicensePolicy = LicensePolicy()
    splits: SplitPolicy = SplitPolicy()
    retention: RetentionPolicy = RetentionPolicy()
    signing: SigningPolicy = SigningPolicy()
    backup: BackupPolicy = BackupPolicy()
    training: TrainingPolicy = TrainingPolicy()
    review: ReviewPolicy = ReviewPolicy()


@dataclass(frozen=True, slots=True)
class LoadedPolicy:
    """A validated policy with the file it came from and the sha256 of its exact bytes."""

    policy: Policy
    path: Path
    sha256: str

    def provenance(self) -> dict[str, str]:
        """The block every output records: which policy produced it."""
        return {"path": str(self.path), "sha256": self.sha256, "name": self.policy.name}


@dataclass(frozen=True, slots=True)
class PolicyChoice:
    """Which policy file is in effect, and by which rule it was chosen."""

    path: Path
    source: Literal["--policy", "$GOVERN_POLICY", "project", "packaged default"]


def find_policy(explicit: Path | None = None, start: Path | None = None) -> PolicyChoice:
    """The policy in effect: ``explicit``, else ``$GOVERN_POLICY``, else the project's, else ours.

    The project's is ``policies/default.yaml`` or ``govern.yaml`` in the working folder or the
    nearest folder above it that has one; without any, the default that ships in the package.
    """
    if explicit is not None:
        return PolicyChoice(explicit, "--policy")
    from_env = os.environ.get(POLICY_ENV)
    if from_env:
        return PolicyChoice(Path(from_env), "$GOVERN_POLICY")
    folder = (start or Path.cwd()).resolve()
    for candidate_folder in (folder, *folder.parents):
        for name in PROJECT_POLICY_NAMES:
            candidate = candidate_folder / name
            if candidate.is_file():
                return PolicyChoice(_relative_if_below(candidate, folder), "project")
    return PolicyChoice(PACKAGED_POLICY_PATH, "packaged default")


def _relative_if_below(path: Path, folder: Path) -> Path:
    # Reports record the policy path: keep it as short and stable as the user would write it.
    try:
        return path.relative_to(folder)
    except ValueError:
        return path


def load_policy(path: str | Path = DEFAULT_POLICY_PATH) -> LoadedPolicy:
    """Read and validate a policy file.

    Raises PolicyError with ``file:line: key.path: problem`` for every way it can be wrong.
    """
    policy_path = Path(path)
    try:
        raw = policy_path.read_bytes()
    except FileNotFoundError:
        raise PolicyError(f"{policy_path}: policy file not found") from None
    except OSError as exc:
        raise PolicyError(f"{policy_path}: cannot read policy: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
        document = yaml.compose(text)
        data = yaml.safe_load(text)
    except UnicodeDecodeError as exc:
        raise PolicyError(f"{policy_path}: not UTF-8 (byte {exc.start})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{policy_path}:{mark.line + 1}" if mark is not None else str(policy_path)
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise PolicyError(f"{where}: invalid YAML: {problem}") from None
    if not isinstance(data, dict):
        raise PolicyError(f"{policy_path}: a policy must be a YAML mapping of sections")
    try:
        policy = Policy.model_validate(data)
    except ValidationError as exc:
        raise PolicyError(_describe(exc, policy_path, document)) from None
    return LoadedPolicy(policy=policy, path=policy_path, sha256=hashlib.sha256(raw).hexdigest())


def _describe(exc: ValidationError, path: Path, document: yaml.Node | None) -> str:
    """One line per schema error, each naming the file, the line and the dotted key path."""
    lines = []
    for error in exc.errors():
        location = [str(part) for part in error["loc"]]
        key = ".".join(location) or "(top level)"
        line = _line_of(document, location)
        where = f"{path}:{line}" if line else str(path)
        if error["type"] == "extra_forbidden":
            message = "unknown key"
        elif error["type"] == "missing":
            message = "required key is missing"
        else:
            message = error["msg"]
        lines.append(f"{where}: {key}: {message}")
    return "; ".join(lines)


def _line_of(node: yaml.Node | None, location: list[str]) -> int | None:
    """1-based line of the YAML node at ``location``, or of its nearest existing parent."""
    line = None
    for part in location:
        if isinstance(node, yaml.MappingNode):
            child: Any = next((v for k, v in node.value if k.value == part), None)
            key_node = next((k for k, v in node.value if k.value == part), None)
            if key_node is None:
                break
            line = key_node.start_mark.line + 1
            node = child
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
            line = node.start_mark.line + 1
        else:
            break
    if line is None and node is not None:
        line = node.start_mark.line + 1
    return line


def policy_schema() -> dict[str, Any]:
    """The JSON schema of a policy file, for editors and documentation."""
    return Policy.model_json_schema()

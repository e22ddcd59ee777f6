"""SecretsDetector: each plugin's positive and near miss, exact offsets, policy switches, and the
prefilter losing nothing against detect-secrets run on every line.

No secret-looking literal lives in this file: every token is assembled from pieces and a seeded
``random.Random`` at run time (as ``govern.sample.fakes`` does).
"""

from __future__ import annotations

import base64
import json
import logging
import random
import re
import string
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from govern.errors import PolicyError
from govern.policy import Policy, SecretsPolicy
from govern.records import ReaderOptions, read_records, text_fields
from govern.sample import fakes
from govern.sample.corpus import write_corpus
from govern.scan.base import Hit
from govern.scan.merge import resolve
from govern.scan.secrets import SecretsDetector

ALNUM = string.ascii_letters + string.digits
_LENIENT = SecretsDetector(Policy(name="lenient", secrets=SecretsPolicy(hex_needs_keyword=False)))
HEX = "0123456789abcdef"
PRIVATE_KEY = " ".join(("PRIVATE", "KEY"))


def draw(rng: random.Random, alphabet: str, length: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(length))


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


# --- tokens, built from pieces ------------------------------------------------------------------


def openai_project(rng: random.Random) -> str:
    return "sk" + "-proj-" + draw(rng, ALNUM + "_-", 100) + draw(rng, ALNUM, 20)


def openai_service(rng: random.Random) -> str:
    return "sk" + "-svcacct-" + draw(rng, ALNUM, 64)


def openai_legacy(rng: random.Random) -> str:
    return "sk" + "-" + draw(rng, ALNUM, 48)


def anthropic(rng: random.Random) -> str:
    return "sk" + "-ant-" + "api03-" + draw(rng, ALNUM + "_-", 93) + "AA"


def google(rng: random.Random) -> str:
    return "AI" + "za" + draw(rng, ALNUM, 35)


def wandb_key(rng: random.Random) -> str:
    return draw(rng, HEX, 40)


def slack(rng: random.Random) -> str:
    digits = string.digits
    return (
        "xo"
        + "xb-"
        + draw(rng, digits, 12)
        + "-"
        + draw(rng, digits, 13)
        + "-"
        + draw(rng, string.ascii_lowercase + digits, 24)
    )


def gitlab(rng: random.Random) -> str:
    return "gl" + "pat-" + draw(rng, ALNUM, 20)


def artifactory(rng: random.Random) -> str:
    return "AK" + "C" + draw(rng, ALNUM, 60)


def azure_key(rng: random.Random) -> str:
    return draw(rng, ALNUM + "+/", 86) + "=="


def telegram(rng: random.Random) -> str:
    return draw(rng, string.digits, 9) + ":" + draw(rng, ALNUM + "_-", 35)


def stripe(rng: random.Random) -> str:
    return "sk" + "_live_" + draw(rng, ALNUM, 24)


def jwt(rng: random.Random) -> str:
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = b64url(json.dumps({"sub": str(rng.randint(1, 10**9)), "iat": 1700000000}).encode())
    return f"{header}.{payload}.{b64url(rng.randbytes(32))}"


LOWER_ALNUM = string.ascii_lowercase + string.digits


# Formats of the ML and developer stack (gitleaks' and trufflehog's rules, vendors' docs).
NEW_FORMATS: dict[str, tuple[Callable[[random.Random], str], str]] = {
    "hf_with_digits": (lambda r: "hf" + "_" + draw(r, ALNUM, 30) + "1234", "huggingface"),
    "hf_org": (lambda r: "api" + "_org_" + draw(r, string.ascii_letters, 34), "huggingface"),
    "databricks": (lambda r: "da" + "pi" + draw(r, HEX, 32), "databricks"),
    "replicate": (lambda r: "r8" + "_" + draw(r, ALNUM, 37), "replicate"),
    "groq": (lambda r: "gs" + "k_" + draw(r, ALNUM, 52), "groq"),
    "xai": (lambda r: "xa" + "i-" + draw(r, ALNUM + "_", 80), "xai"),
    "openrouter": (lambda r: "sk" + "-or-v1-" + draw(r, HEX, 64), "openrouter"),
    "langsmith": (
        lambda r: "lsv2" + "_pt_" + draw(r, HEX, 32) + "_" + draw(r, HEX, 10),
        "langsmith",
    ),
    "perplexity": (lambda r: "pp" + "lx-" + draw(r, ALNUM, 48), "perplexity"),
    "bedrock_long": (lambda r: "AB" + "SK" + draw(r, ALNUM + "+/", 130) + "=", "aws_bedrock"),
    "bedrock_short": (
        lambda r: "bedrock" + "-api-key-" + draw(r, ALNUM, 120) + "%3D%3D",
        "aws_bedrock",
    ),
    "npm": (lambda r: "np" + "m_" + draw(r, ALNUM, 36), "npm"),
    "docker_pat": (lambda r: "dckr" + "_pat_" + draw(r, ALNUM + "_-", 27), "dockerhub"),
    "docker_oat": (lambda r: "dckr" + "_oat_" + draw(r, ALNUM + "_-", 32), "dockerhub"),
    "slack_app": (
        lambda r: (
            "xa"
            + "pp-1-A"
            + draw(r, string.ascii_uppercase + string.digits, 10)
            + "-"
            + draw(r, string.digits, 13)
            + "-"
            + draw(r, LOWER_ALNUM, 64)
        ),
        "slack",
    ),
    "slack_config_refresh": (
        lambda r: "xo" + "xe-1-" + draw(r, string.ascii_uppercase + string.digits, 146),
        "slack",
    ),
    "gitlab_job": (
        lambda r: "gl" + "cbt-" + draw(r, ALNUM, 3) + "_" + draw(r, ALNUM, 20),
        "gitlab",
    ),
    "gitlab_feature_flag": (lambda r: "gl" + "ffct-" + draw(r, ALNUM, 20), "gitlab"),
    "base64_jwt": (lambda r: base64.b64encode(jwt(r).encode()).decode(), "jwt"),
}
NEW_FORMAT_NEAR_MISSES: dict[str, Callable[[random.Random], str]] = {
    "hf_33": lambda r: "hf" + "_" + draw(r, ALNUM, 33),
    "databricks_not_hex": lambda r: "da" + "pi" + draw(r, "ghijklmnopqrstuvwxyz", 32),
    "replicate_short": lambda r: "r8" + "_" + draw(r, ALNUM, 20),
    "groq_short": lambda r: "gs" + "k_" + draw(r, ALNUM, 40),
    "xai_short": lambda r: "xa" + "i-" + draw(r, ALNUM, 40),
    "openrouter_not_hex": lambda r: "sk" + "-or-v1-" + draw(r, "ghijklmnop", 64),
    "langsmith_no_suffix": lambda r: "lsv2" + "_pt_" + draw(r, HEX, 32),
    "perplexity_short": lambda r: "pp" + "lx-" + draw(r, ALNUM, 20),
    "bedrock_short_body": lambda r: "AB" + "SK" + draw(r, ALNUM, 40),
    "npm_short": lambda r: "np" + "m_" + draw(r, ALNUM, 20),
    "docker_other_kind": lambda r: "dckr" + "_xyz_" + draw(r, ALNUM, 27),
    "slack_app_short": lambda r: "xa" + "pp-1-AB-12-abc",
    "gitlab_job_short": lambda r: "gl" + "cbt-" + draw(r, ALNUM, 3) + "_" + draw(r, ALNUM, 10),
    "base64_not_jwt": lambda r: base64.b64encode(r.randbytes(80)).decode().replace("Z", "Q"),
}


def pem_header(kind: str = "RSA") -> str:
    return f"-----BEGIN {kind} {PRIVATE_KEY}-----"


def assign(key: str, value: str, quote: str = '"', sep: str = " = ") -> str:
    return f"{key}{sep}{quote}{value}{quote}"


# Each case: rng -> (text, [(planted value, subtype)]).
Case = Callable[[random.Random], tuple[str, list[tuple[str, str]]]]


def _one(template: str, make: Callable[[random.Random], str], subtype: str) -> Case:
    def case(rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
        value = make(rng)
        return template.format(value), [(value, subtype)]

    return case


def _aws_pair(rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
    key_id, secret = fakes.aws_access_key_id(rng), fakes.aws_secret_access_key(rng)
    text = f"aws s3 ls with aws_access_key_id={key_id} aws_secret_access_key={secret} fails"
    return text, [(key_id, "aws_access_key"), (secret, "aws_secret_key")]


def _aws_quoted(rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
    key_id, secret = fakes.aws_access_key_id(rng), fakes.aws_secret_access_key(rng)
    text = (
        f's3 = boto3.client("s3", aws_access_key_id="{key_id}", aws_secret_access_key="{secret}")'
    )
    return text, [(key_id, "aws_access_key"), (secret, "aws_secret_key")]


def _pem(rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
    block = fakes.private_key_pem(rng)
    return f"here is the key I use:\n{block}\ndon't share it", [(block, "private_key")]


def _pem_escaped(rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
    # A service-account JSON pasted verbatim: the newlines are backslash-n on one line.
    block = fakes.private_key_pem(rng).replace("\n", "\\n")
    return '{"private_key": "' + block + '\\n", "type": "service_account"}', [
        (block, "private_key")
    ]


def _password_url(scheme: str, user: str = "app") -> Case:
    def case(rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
        password = fakes.url_password(rng)
        return f"DATABASE_URL={scheme}://{user}:{password}@db.internal:5432/prod", [
            (password, "password_in_url")
        ]

    return case


POSITIVES: dict[str, Case] = {
    "huggingface": _one("huggingface-cli login --token {}", fakes.huggingface_token, "huggingface"),
    "openai_project": _one('client = OpenAI(api_key="{}")', openai_project, "openai"),
    "openai_service_account": _one("OPENAI_API_KEY={}", openai_service, "openai"),
    "openai_legacy": _one("my key is {} but it fails", openai_legacy, "openai"),
    "anthropic": _one("export ANTHROPIC_API_KEY={}", anthropic, "anthropic"),
    "github_classic": _one("git clone https://{}@github.com/o/r.git", fakes.github_token, "github"),
    "github_fine_grained": _one(
        "env:\n  GITHUB_TOKEN: {}", fakes.github_fine_grained_token, "github"
    ),
    "google": _one("GOOGLE_API_KEY={} in my .env", google, "google_api_key"),
    "wandb_env": _one("export WANDB_API_KEY={}", wandb_key, "wandb"),
    "wandb_login": _one("I ran wandb login {} and it hangs", wandb_key, "wandb"),
    "aws_pair": _aws_pair,
    "aws_quoted": _aws_quoted,
    "postgres": _password_url("postgres"),
    "postgresql_driver": _password_url("postgresql+psycopg2"),
    "mysql": _password_url("mysql"),
    "mongodb_srv": _password_url("mongodb+srv"),
    "redis_no_user": _password_url("redis", user=""),
    "amqp": _password_url("amqp", user="guest"),
    "ado_connection_string": _one(
        "Server=db;Database=app;User Id=sa;Password={};",
        fakes.url_password,
        "password_in_connection_string",
    ),
    "basic_auth": _one(
        "curl https://admin:{}@api.internal/v1/health", lambda r: draw(r, ALNUM, 16), "basic_auth"
    ),
    "private_key_block": _pem,
    "private_key_escaped": _pem_escaped,
    "slack": _one("SLACK_BOT_TOKEN={}", slack, "slack"),
    "gitlab": _one("git push https://oauth2:{}@gitlab.com/o/r", gitlab, "gitlab"),
    "artifactory": _one('ARTIFACTORY_API_KEY="{}"', artifactory, "artifactory"),
    "azure_storage": _one(
        "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={};EndpointSuffix=core",
        azure_key,
        "azure_storage_key",
    ),
    "telegram": _one("bot token {} from BotFather", telegram, "telegram"),
    "stripe": _one("stripe.api_key = {}", stripe, "stripe"),
    "jwt": _one("Authorization: Bearer {}", jwt, "jwt"),
    "keyword_hex": _one(assign("api_key", "{}"), wandb_key, "secret_keyword"),
    "keyword_uuid": _one(assign("api_key", "{}", quote="'"), fakes.uuid4, "secret_keyword"),
    "keyword_password": _one(assign("DB_PASSWORD", "{}"), fakes.url_password, "secret_keyword"),
}


NEGATIVES: dict[str, Callable[[random.Random], str]] = {
    "hf_too_short": lambda r: "token hf_" + draw(r, string.ascii_letters, 33) + " here",
    "hf_too_long": lambda r: "token hf_" + draw(r, string.ascii_letters, 35) + " here",
    "openai_too_short": lambda r: "the key sk-" + draw(r, ALNUM, 20) + " is wrong",
    "openai_project_too_short": lambda r: "sk" + "-proj-" + draw(r, ALNUM, 12),
    "openai_wrong_prefix": lambda r: "risk-" + draw(r, ALNUM, 48),
    "anthropic_too_short": lambda r: "sk" + "-ant-api03-" + draw(r, ALNUM, 30),
    "github_pat_too_short": lambda r: "github" + "_pat_" + draw(r, ALNUM, 50),
    "github_wrong_prefix": lambda r: "ghx_" + draw(r, ALNUM, 36),
    "google_too_short": lambda r: "key AI" + "za" + draw(r, ALNUM, 30) + " end",
    "wandb_hex_without_keyword": lambda r: "the run id is " + wandb_key(r),
    "git_sha": lambda r: f"This was fixed in commit {fakes.git_sha(r)}; upgrade.",
    "git_sha_colon": lambda r: f"commit: {fakes.git_sha(r)}",
    "uuid": lambda r: f"The error page only shows a request id: {fakes.uuid4(r)}.",
    "request_id_assignment": lambda r: f"request_id={fakes.uuid4(r)}",
    "sha256": lambda r: f"The download's sha256 is {fakes.sha256_hex(r)} but it differs.",
    "url_without_password": lambda r: "clone https://user@github.com/org/repo.git",
    "db_url_without_password": lambda r: "postgres://app@db.internal:5432/prod",
    "templated_password": lambda r: assign("password", "${DB_PASSWORD}"),
    "unquoted_env_password": lambda r: "password = ${DB_PASSWORD}",
    "angle_placeholder": lambda r: assign("password", "<your-password>", sep=": "),
    "x_placeholder": lambda r: assign("password", "x" * 8),
    "changeme": lambda r: assign("password", "changeme"),
    "sequential": lambda r: assign("password", "12345678"),
    "indirect_reference": lambda r: 'password = get_secret("db")',
    "environ_lookup": lambda r: 'password = os.environ["DB_PASSWORD"]',
    "url_templated_password": lambda r: "postgres://app:${DB_PASSWORD}@db:5432/prod",
    "aws_docs_example": lambda r: "aws_access_key_id=" + "AK" + "IA" + "IOSFODNN7" + "EXAMPLE",
    "id_suffix": lambda r: assign("client_secret_id", draw(r, ALNUM, 20)),
    "prose_password": lambda r: "my password is the one on the sticky note",
    "tokenizer_talk": lambda r: "The tokenizer's pad token id is 0 and the key padding mask is on.",
}


@pytest.fixture(scope="module")
def detector() -> SecretsDetector:
    return SecretsDetector(Policy(name="test"))


def _found(hits: list[Hit], text: str) -> list[tuple[str, str | None]]:
    return [(text[hit.start : hit.end], hit.subtype) for hit in hits]


@pytest.mark.parametrize("name", sorted(POSITIVES))
def test_positive_offsets_are_exact(detector: SecretsDetector, name: str) -> None:
    text, planted = POSITIVES[name](random.Random(name))
    hits = detector.detect(text)
    assert _found(hits, text) == planted
    assert all(hit.type == "SECRET" and 0 < hit.score <= 1 for hit in hits)


def reported(detector: SecretsDetector, text: str) -> list[Hit]:
    """What the scan reports: the detector's hits after the placeholder/example filters."""
    return resolve(text, detector.detect(text))[0]


def test_url_password_may_hold_a_quote_unless_a_quote_opens_the_url(
    detector: SecretsDetector,
) -> None:
    # RFC 3986 lets a URL's user and password hold "'" (trufflehog's URL rules match it); a URL
    # opened by a quote, as in code, ends at the next one.
    rng = random.Random(15)
    password = draw(rng, ALNUM, 9) + "'" + draw(rng, ALNUM, 6)
    text = f"FTP_URL=ftp://o'brien:{password}@files.internal/in"
    assert _found(reported(detector, text), text) == [(password, "password_in_url")]
    plain = draw(rng, ALNUM, 10) + "!*" + draw(rng, ALNUM, 4)  # past BasicAuthDetector's stop
    quoted = f"ftp.login_url('ftp://app:{plain}@files.internal/in')"
    assert _found(reported(detector, quoted), quoted) == [(plain, "password_in_url")]
    # Near misses: two quoted strings, a port and a mailbox, are not one URL with a password.
    for near in (
        "mirrors = ['ftp://files.internal:21','ops@files.internal']",
        "mirrors = ['ftp://files.internal:ftp','x'] # ops@files.internal",
    ):
        assert reported(detector, near) == []


@pytest.mark.parametrize("name", sorted(NEGATIVES))
def test_near_miss_is_not_reported(detector: SecretsDetector, name: str) -> None:
    text = NEGATIVES[name](random.Random(name))
    assert reported(detector, text) == []


@pytest.mark.parametrize("name", sorted(NEW_FORMATS))
@pytest.mark.parametrize(
    "template",
    ["export TOKEN={}", '{{"api_token": "{}"}}', "curl -H 'X-Token: {}' https://x", "use {} now"],
)
def test_new_format_is_found_in_context(
    detector: SecretsDetector, name: str, template: str
) -> None:
    make, subtype = NEW_FORMATS[name]
    value = make(random.Random(name))
    text = template.format(value)
    assert _found(reported(detector, text), text) == [(value, subtype)]


@pytest.mark.parametrize("name", sorted(NEW_FORMAT_NEAR_MISSES))
def test_new_format_near_miss_is_not_found(detector: SecretsDetector, name: str) -> None:
    text = "see " + NEW_FORMAT_NEAR_MISSES[name](random.Random(name)) + " there"
    assert reported(detector, text) == []


KEYWORD_POSITIVES: dict[str, tuple[str, Callable[[random.Random], str], str]] = {
    "cohere": ("COHERE_API_KEY={}", lambda r: draw(r, ALNUM, 40), "provider_keyword"),
    "deepseek": (
        "deepseek key: {}",
        lambda r: "sk" + "-" + draw(r, LOWER_ALNUM, 32),
        "provider_keyword",
    ),
    "azure_openai": ("AZURE_OPENAI_KEY={}", lambda r: draw(r, HEX, 32), "provider_keyword"),
    "twilio_auth": ("twilio auth token {}", lambda r: draw(r, HEX, 32), "provider_keyword"),
    "github_classic_hex": ("GH_TOKEN={}", lambda r: draw(r, HEX, 40), "provider_keyword"),
    "curl_user": (
        "curl -u deploy:{} https://ci.internal/api",
        lambda r: draw(r, ALNUM, 12) + "!7",
        "http_credential",
    ),
    "bearer": ('-H "Authorization: Bearer {}"', lambda r: draw(r, ALNUM, 40), "http_credential"),
    "basic": ("Authorization: Basic {}", lambda r: b64url(r.randbytes(24)), "http_credential"),
    "token_header": ("Authorization: Token {}", lambda r: draw(r, HEX, 40), "http_credential"),
    "x_api_key": ("X-API-Key: {}", lambda r: draw(r, ALNUM, 32), "http_credential"),
    "url_bang": (
        "amqp://svc:{}@mq.internal:5672",
        lambda r: draw(r, ALNUM, 10) + "!*" + draw(r, ALNUM, 4),
        "password_in_url",
    ),
    "jdbc": (
        "jdbc:mysql://db:3306/app?user=app&password={}&ssl=true",
        lambda r: draw(r, ALNUM, 14),
        "password_in_url",
    ),
    "generic_assignment": (
        "export ACME_API_KEY={}",
        lambda r: draw(r, ALNUM, 32),
        "secret_keyword",
    ),
    "generic_prose": (
        "the acme api key for staging is {} - rotate it",
        lambda r: draw(r, ALNUM, 32),
        "secret_keyword",
    ),
    "generic_digits": (  # Cloudinary's keys are 15 digits
        "CLOUDINARY_API_KEY={}",
        lambda r: str(r.randrange(10**14, 10**15)),
        "secret_keyword",
    ),
    "generic_dash_first": (
        "python train.py --acme-api-key {} --epochs 3",
        lambda r: "-" + draw(r, ALNUM, 39),
        "secret_keyword",
    ),
    "generic_bracket_first": ("ACME_API_KEY=[{}", lambda r: draw(r, ALNUM, 31), "secret_keyword"),
    "generic_json_escaped": (
        '{{"name": "prod", "acme_api_key": "{}"}}',
        lambda r: draw(r, ALNUM, 8) + '\\"#(' + draw(r, ALNUM, 12) + "\\\\;?",
        "secret_keyword",
    ),
}
KEYWORD_VALUE_NEAR_MISSES: dict[str, str] = {
    "digits_too_few": "ACME_API_KEY=415555013212",  # a phone's length
    "digits_repeated": "ACME_API_KEY=100000000000000000",
    "digits_id": "acme_key_id = 415926535897932384",
    "quoted_variable": '{"api_key": "${ACME_API_KEY_2}"}',
    "flag_after_flag": "python train.py --acme-api-key --epochs 3",
}
KEYWORD_NEAR_MISSES: dict[str, str] = {
    "cohere_no_keyword": "model output {}",
    "hex_without_provider": "checksum {}",
    "bearer_word": "Authorization: Bearer test",
    "curl_no_password": "curl -u deploy https://ci.internal/api {}",
    "generic_key_path": "tokenizer_path = models/llama-3-8b/tokenizer.json {}",
    "generic_word_value": "api_key = load_from_vault_on_start {}",
    "generic_token_id": "pad_token_id = {}",
}


@pytest.mark.parametrize("name", sorted(KEYWORD_POSITIVES))
def test_keyword_anchored_secret_is_found(detector: SecretsDetector, name: str) -> None:
    template, make, subtype = KEYWORD_POSITIVES[name]
    value = make(random.Random(name))
    text = template.format(value)
    assert _found(reported(detector, text), text) == [(value, subtype)]


@pytest.mark.parametrize("name", sorted(KEYWORD_NEAR_MISSES))
def test_keyword_near_miss_is_not_found(detector: SecretsDetector, name: str) -> None:
    # The same random values as the positives, without the keyword that makes them secrets.
    text = KEYWORD_NEAR_MISSES[name].format(draw(random.Random(name), HEX, 40))
    assert reported(detector, text) == []


@pytest.mark.parametrize("name", sorted(KEYWORD_VALUE_NEAR_MISSES))
def test_keyword_value_near_miss_is_not_found(detector: SecretsDetector, name: str) -> None:
    assert reported(detector, KEYWORD_VALUE_NEAR_MISSES[name]) == []


def test_punctuation_cut_password_is_not_a_placeholder(detector: SecretsDetector) -> None:
    # Its longest letter run ("ttn") repeats two letters: too short to say it was typed.
    value = "Ym[ttn>By]I3j}8c=Q],C[I03>i0z"
    text = f'{{"name": "prod", "acme_api_key": "{value}"}}'
    assert _found(reported(detector, text), text) == [(value, "secret_keyword")]


PLACEHOLDERS: dict[str, tuple[str, str]] = {
    "ghp_x": ("token: " + "gh" + "p_" + "x" * 36, "placeholder"),
    "glpat_X": ("GITLAB_TOKEN=" + "gl" + "pat-" + "X" * 20, "placeholder"),
    "hf_repeated": ("HF_TOKEN=" + "hf" + "_" + "a" * 34, "placeholder"),
    "changeme": (assign("password", "changeme"), "placeholder"),
    "x_password": (assign("password", "x" * 8), "placeholder"),
    "sequence": ("sk" + "-ant-api03-" + "abcdefghijklmnopqrstuvwxyz" * 4, "placeholder"),
    "aws_docs": ("aws_access_key_id=" + "AK" + "IA" + "IOSFODNN7" + "EXAMPLE", "example_key"),
}


@pytest.mark.parametrize("name", sorted(PLACEHOLDERS))
def test_placeholders_and_example_keys_are_dropped_and_counted(
    detector: SecretsDetector, name: str
) -> None:
    text, reason = PLACEHOLDERS[name]
    candidates = detector.detect(text)
    assert candidates, "the detectors must see the candidate for the filter to count it"
    kept, dropped = resolve(text, candidates)
    assert kept == []
    assert dropped == {reason: 1}


def test_real_value_beside_a_placeholder_is_kept(detector: SecretsDetector) -> None:
    real = "gh" + "p_" + draw(random.Random(9), ALNUM, 36)
    text = f"old: {'gh' + 'p_' + 'x' * 36} new: {real}"
    kept, dropped = resolve(text, detector.detect(text))
    assert _found(kept, text) == [(real, "github")]
    assert dropped == {"placeholder": 1}


def test_pem_header_without_key_material_is_not_a_finding(detector: SecretsDetector) -> None:
    for text in (
        f"look for the line {pem_header()} in the file",
        f'if line.startswith("{pem_header("OPENSSH")}"):\n    return True',
    ):
        kept, dropped = resolve(text, detector.detect(text))
        assert kept == []
        assert dropped == {"no_key_material": 1}


def test_detector_names_plugin(detector: SecretsDetector) -> None:
    rng = random.Random(1)
    token, key_id = fakes.huggingface_token(rng), fakes.aws_access_key_id(rng)
    hits = detector.detect(f"{token} {key_id}")
    assert [hit.detector for hit in hits] == [
        "govern:HuggingFaceTokenDetector",
        "detect-secrets:AWSKeyDetector",
    ]


def test_many_secrets_on_one_line_and_offsets_into_whole_text(detector: SecretsDetector) -> None:
    rng = random.Random(2)
    hf, gh, key_id = fakes.huggingface_token(rng), fakes.github_token(rng), google(rng)
    text = f"first line\n\nthird: HF={hf} GH={gh} and {key_id} and again {hf}\nlast"
    hits = detector.detect(text)
    assert _found(hits, text) == [
        (hf, "huggingface"),
        (gh, "github"),
        (key_id, "google_api_key"),
        (hf, "huggingface"),
    ]
    assert [hit.start for hit in hits] == sorted(hit.start for hit in hits)


def test_pem_block_spans_lines_and_hides_its_header(detector: SecretsDetector) -> None:
    block = fakes.private_key_pem(random.Random(3))
    text = f"key:\n{block}\n"
    [hit] = detector.detect(text)
    assert (hit.start, hit.end, hit.detector) == (
        5,
        5 + len(block),
        "govern:PrivateKeyBlockDetector",
    )


def test_truncated_pem_reports_the_header_line(detector: SecretsDetector) -> None:
    body = draw(random.Random(4), ALNUM + "+/", 64)
    text = f"the file starts with\n{pem_header()}\n{body}\nand then it is cut off"
    [hit] = detector.detect(text)
    assert text[hit.start : hit.end] == pem_header()
    assert hit.detector == "detect-secrets:PrivateKeyDetector"


def test_same_span_from_two_plugins_is_reported_once(detector: SecretsDetector) -> None:
    rng = random.Random(5)
    secret, password = fakes.aws_secret_access_key(rng), draw(rng, ALNUM, 14)
    # AWSKeyDetector, KeywordDetector and AWSSecretKeyDetector all see the quoted secret.
    text = assign("aws_secret_access_key", secret) + f" postgres://app:{password}@db/x"
    hits = detector.detect(text)
    assert _found(hits, text) == [(secret, "aws_secret_key"), (password, "password_in_url")]
    assert hits[1].detector == "govern:DatabaseUrlPasswordDetector"  # not BasicAuthDetector


def test_disabled_plugins_are_switched_off() -> None:
    rng = random.Random(6)
    token, key_id = fakes.huggingface_token(rng), fakes.aws_access_key_id(rng)
    policy = Policy(
        name="test",
        secrets=SecretsPolicy(disabled_plugins=["HuggingFaceTokenDetector", "AWSKeyDetector"]),
    )
    detector = SecretsDetector(policy)
    assert detector.detect(f"{token} {key_id}") == []
    assert "huggingface" in detector.coverage()["not_covered"]


def test_unknown_disabled_plugin_is_a_policy_error() -> None:
    policy = Policy(name="test", secrets=SecretsPolicy(disabled_plugins=["NoSuchDetector"]))
    with pytest.raises(PolicyError, match="NoSuchDetector"):
        SecretsDetector(policy)


def test_hex_without_keyword_only_when_policy_allows(detector: SecretsDetector) -> None:
    text = f'checksum = "{fakes.git_sha(random.Random(7))}"'
    assert detector.detect(text) == []
    lenient = SecretsDetector(Policy(name="t", secrets=SecretsPolicy(hex_needs_keyword=False)))
    [hit] = lenient.detect(text)
    assert (hit.detector, hit.subtype) == (
        "detect-secrets:HexHighEntropyString",
        "hex_high_entropy",
    )


def test_coverage_lists_hex_only_when_the_policy_asks_for_it(detector: SecretsDetector) -> None:
    # hex_needs_keyword: true asks for hex next to a keyword (covered), not for bare hex
    assert detector.coverage()["not_covered"] == []
    assert "hex_high_entropy" not in detector.coverage()["covered"]
    lenient = SecretsDetector(Policy(name="t", secrets=SecretsPolicy(hex_needs_keyword=False)))
    assert "hex_high_entropy" in lenient.coverage()["covered"]
    assert lenient.coverage()["not_covered"] == []
    # switched off by name while asked for: a gap the report lists
    off = SecretsPolicy(hex_needs_keyword=False, disabled_plugins=["HexHighEntropyString"])
    assert SecretsDetector(Policy(name="t", secrets=off)).coverage()["not_covered"] == [
        "hex_high_entropy"
    ]


def test_secret_values_never_reach_the_log(
    detector: SecretsDetector, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    text, planted = POSITIVES["keyword_password"](random.Random(8))
    detector.detect(text + "\n" + assign("password", "x" * 8))
    assert planted[0][0] not in caplog.text


# --- the prefilter loses nothing ------------------------------------------------------------


def _lines(rng: random.Random) -> list[str]:
    """Positives, near misses and noise, in varied case and with Unicode case-fold oddities."""
    lines = []
    for name in sorted(POSITIVES):
        text, _ = POSITIVES[name](rng)
        lines += [text, text.upper(), text.lower()]
    for name in sorted(NEGATIVES):
        lines.append(NEGATIVES[name](rng))
    words = ["key", "Pass", "PWD", "secret", "token", "aws", "wandb", "api_key", "://", "=", "'"]
    for _ in range(200):
        lines.append(" ".join(rng.choice(words + ["the", "loss", "epoch"]) for _ in range(8)))
    for _ in range(150):  # keyword assignments in the shapes the keyword plugins parse
        key = rng.choice(["", "aws_", "cloudant_", "sl_", "ibm_cos_", "db_", '["']) + rng.choice(
            ["api_key", "password", "pwd", "token", "secret_access_key", "passwd", "my_id"]
        )
        quote = rng.choice(["", "'", '"'])
        sep = rng.choice(["=", " = ", ": ", ":=", "=>", " ", "::", "!="])
        key = "".join(c.upper() if rng.random() < 0.3 else c for c in key)
        value = draw(rng, rng.choice([ALNUM, HEX, ALNUM + "/+"]), rng.choice([16, 24, 40, 44, 48]))
        lines.append(f"{key}{sep}{quote}{value}{quote}{rng.choice(['', ';', ')'])}")
    value = draw(rng, ALNUM, 16)
    lines += [
        assign("PASSWORD", value),
        assign("pa\u017fsword", value),  # long s: re.IGNORECASE reads it as 's'
        assign("\u0130_secret", value),  # dotted capital I lower-cases to two characters
        assign("api_key", value, quote="'", sep=": "),
        f'if "{value}" == db_password:',
        f'std::string secret("{value}");',
        f"private_key '{value}';",
        f"ibm_cloud_iam_api_key = {draw(rng, ALNUM, 44)}",
        f"cloudant_password = {draw(rng, HEX, 64)}",
        f"{draw(rng, string.digits, 9)}:{draw(rng, ALNUM, 35)}",
        "AC" + draw(rng, string.ascii_lowercase + string.digits, 32),
        "//registry.npmjs.org/:_authToken=" + fakes.uuid4(rng),
    ]
    return lines


@pytest.mark.parametrize("hex_needs_keyword", [True, False])
def test_prefilter_finds_what_every_line_finds(hex_needs_keyword: bool) -> None:
    policy = Policy(name="test", secrets=SecretsPolicy(hex_needs_keyword=hex_needs_keyword))
    detector = SecretsDetector(policy)
    reference = SecretsDetector(policy, prefilter=False)
    rng = random.Random(9)
    lines = _lines(rng)
    assert len(lines) > 300
    found = 0
    for line in lines:
        expected = reference.detect(line)
        assert detector.detect(line) == expected
        found += bool(expected)
    assert found > 60
    texts = ["\n".join(rng.sample(lines, rng.randint(2, 8))) for _ in range(60)]
    for text in texts:
        assert detector.detect(text) == reference.detect(text)
    # the batch path (triggers searched over all texts joined) answers per text the same
    batch = [*lines, *texts, "", "key", "\x00"]
    assert detector.detect_many(batch) == [reference.detect(text) for text in batch]


def test_sample_corpus_secrets_found_exactly(tmp_path: Path, detector: SecretsDetector) -> None:
    summary = write_corpus(
        tmp_path, seed=3, n_support=120, n_clinic=40, n_forum=80, n_instructions=80, n_code=80
    )
    labels = (summary.root / "labels/planted.jsonl").read_text().splitlines()
    expected = {
        (row["record_id"], row["field"], row["start"], row["end"])
        for row in map(json.loads, labels)
        if row["type"] == "SECRET"
    }
    fields = [
        (record.id, field)
        for record in read_records([summary.root / "corpus"], ReaderOptions(id_field="id"))
        for field in text_fields(record)
    ]
    texts = [field.text for _, field in fields]
    hits = detector.detect_many(texts)
    found = {
        (record_id, field.path, hit.start, hit.end)
        for (record_id, field), field_hits in zip(fields, hits, strict=True)
        for hit in field_hits
    }
    assert expected and found == expected
    # the prefilter loses nothing every plugin on every line would find
    reference = SecretsDetector(detector.policy, prefilter=False)
    assert hits == [reference.detect(text) for text in texts]


def test_key_material_with_a_run_of_one_character_is_kept(detector: SecretsDetector) -> None:
    # OpenSSH keys encode runs of zero bytes as runs of "A": structure, not a placeholder.
    block = fakes.private_key_pem(random.Random(12))
    lines = block.split("\n")
    lines[2] = "A" * 16 + lines[2][16:]
    block = "\n".join(lines)
    text = f"key:\n{block}\n"
    kept, dropped = resolve(text, detector.detect(text))
    assert _found(kept, text) == [(block, "private_key")]
    assert not dropped


# --- the Hyperscan trigger search and the linear filter --------------------------------------


_TRIGGER_PIECES = [
    "key",
    "KEY",
    "pass",
    "password",
    "Pwd",
    "pwd",
    "secret",
    "token",
    "://",
    "u:p@h",
    "@",
    ":",
    "=",
    "==",
    "!=",
    "'",
    '"',
    "`",
    " ",
    "\t",
    "\x1c",
    "\x1f",
    "\n",
    "\x00",
    "aws",
    "cohere",
    "github_token",
    "openai",
    "azure",
    "twilio",
    "curl",
    " -u ",
    "x-api-key",
    "authorization",
    "sg.",
    ".",
    "-us1",
    "ghp_",
    "glpat-",
    "hooks.slack.com",
    "]",
    "[",
    "akia",
    "ap1",
    "sk",
    "ac",
    "0123456789abcdef",
    "0123456789abcdef" * 3,
    "ZxLk",
    "eyJ",
    "-----BEGIN",
    "cloudant_api_key",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_TRIGGER_PIECES), max_size=12), min_size=1, max_size=8))
# one Hyperscan database of all triggers missed KeywordDetector's comparison trigger here
@example([["0123456789abcdef", "==", "pass"]])
def test_prefilter_finds_what_every_line_finds_in_generated_texts(pieces: list[list[str]]) -> None:
    # Trigger fragments, separators and case mixed at random: the triggers, searched over the
    # texts joined, wake every plugin that finds something in a line.
    texts = ["".join(parts) for parts in pieces]
    reference = SecretsDetector(_LENIENT.policy, prefilter=False)
    assert _LENIENT.detect_many(texts) == [reference.detect(text) for text in texts]


def test_python_space_separators_wake_the_keyword_plugins() -> None:
    # Python's \s matches \x1c-\x1f: a trigger that did not would hide the secret after it
    value = draw(random.Random(13), ALNUM, 16)
    text = f"password\x1c=\x1c'{value}'"
    assert "KeywordDetector" in _LENIENT._triggered([text])[0]
    assert _LENIENT.detect(text) == SecretsDetector(_LENIENT.policy, prefilter=False).detect(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab_.-:=! ()[]\x0b\t'\"x", max_size=60))
def test_linear_indirect_reference_filter_agrees_with_detect_secrets(line: str) -> None:
    from detect_secrets.filters.heuristic import is_indirect_reference

    from govern.scan.secrets import _is_indirect_reference

    assert _is_indirect_reference(line) == is_indirect_reference(line)


def test_indirect_reference_filter_is_linear_and_keeps_its_limit() -> None:
    from detect_secrets.filters.heuristic import is_indirect_reference

    from govern.scan.secrets import _is_indirect_reference

    for line in ("secret = get_secret_key()", "k = request.headers['apikey']", "a = b", "x" * 999):
        assert _is_indirect_reference(line) == is_indirect_reference(line)
    # over 1000 characters detect-secrets never calls it an indirect reference
    long_line = "token = fetch(" + "a" * 1000 + ")"
    assert not _is_indirect_reference(long_line) and not is_indirect_reference(long_line)


def _secrets_suite(monkeypatch: pytest.MonkeyPatch) -> Any:
    """benchmarks/secrets_suite.py, loaded as a module."""
    import importlib.util

    pytest.importorskip("rstr")
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "secrets_suite.py"
    spec = importlib.util.spec_from_file_location("secrets_suite", path)
    assert spec is not None and spec.loader is not None
    suite = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "secrets_suite", suite)  # its dataclasses look it up
    monkeypatch.setattr(sys, "path", list(sys.path))  # it puts the repository first
    spec.loader.exec_module(suite)
    return suite


def test_secret_suite_plants_a_url_rules_password_inside_its_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # trufflehog's rabbitmq rule matches a password only in its amqp:// URL: the suite draws the
    # whole URL, one a client parses, and plants its password (not a bare value after a key).
    from urllib.parse import urlsplit

    suite = _secrets_suite(monkeypatch)
    rules = json.loads(suite.RULES_FILE.read_text())["rules"]
    by_id = {(rule["source"], rule["rule_id"]): rule for rule in rules}
    url_rules = sorted(rule_id for (_, rule_id), rule in by_id.items() if "match_regex" in rule)
    assert url_rules == ["ftp", "rabbitmq", "redis", "uri"]
    rabbitmq = by_id[("trufflehog", "rabbitmq")]
    for seed in range(20):
        cases, skipped = suite.build_cases([rabbitmq], seed)
        assert skipped == [] and len(cases) == len(suite.CONTEXTS)
        for case in cases:
            password = case.text[case.start : case.end]
            match = re.search(rabbitmq["match_regex"], case.text)
            assert match is not None and match.span(1) == (case.start, case.end)
            assert urlsplit(match.group()).password == password and len(password) >= 8
    # A rule whose value is not a URL's password is drawn bare, as before.
    openai = by_id[("trufflehog", "openai")]
    assert "match_regex" not in openai
    case = suite.build_cases([openai], 7)[0][0]
    assert re.fullmatch(openai["value_regex"], case.text[case.start : case.end])


def test_prefilter_finds_what_every_line_finds_on_the_secret_suite(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every value the suite draws from gitleaks' and trufflehog's rules, in its ten contexts,
    # each as it is and upper-cased (a third of the rules, to keep the test short): the
    # triggers (Hyperscan for ASCII, re for the rest) wake every plugin that finds something.
    suite = _secrets_suite(monkeypatch)
    rules = json.loads(suite.RULES_FILE.read_text())["rules"][::3]
    cases, _ = suite.build_cases(rules, 7)
    texts = [case.text for case in cases]
    texts += [text.upper() for text in texts[::4]] + ["\u00e9 " + text for text in texts[::9]]
    assert len(texts) > 3000
    detector, reference = _LENIENT, SecretsDetector(_LENIENT.policy, prefilter=False)
    found = [
        hits
        for start in range(0, len(texts), 256)
        for hits in detector.detect_many(texts[start : start + 256])
    ]
    assert found == [reference.detect(text) for text in texts]
    assert sum(map(bool, found)) > len(texts) / 2

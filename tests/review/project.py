"""A small synthetic project tree: every pipeline output the review reads, built at run time.

Reports are written in the pipeline's formats; the manifest, signatures and deletion log are
made with the real govern functions. Planted values (an e-mail, an SSN-shaped number, a name
left in the redacted copy) are generated from a seeded RNG and
returned, so tests can check that none reaches any output.
"""

from __future__ import annotations

import hashlib
import json
import random
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from govern.hashing import sha256_tree
from govern.io import atomic_write_json, atomic_write_text
from govern.manifest import build_manifest, write_manifest
from govern.policy import LoadedPolicy
from govern.retention.log import DeletionLog
from govern.safe_harbor import SAFE_HARBOR
from govern.signing import ArtifactStatement, generate_keys, sign_artifact
from govern.signing.keys import load_private_key
from tests.reports import read_summary


@dataclass(frozen=True)
class Project:
    root: Path
    planted: list[str]  # raw values that must never appear in a review output
    policy: LoadedPolicy


def _word(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(n))


def _hmac(value: str) -> str:
    return "hmac-sha256:" + hashlib.sha256(b"test-key" + value.encode()).hexdigest()


def _prov(policy: LoadedPolicy, inputs: list[tuple[str, str]]) -> dict[str, Any]:
    return {
        "tool": {"name": "govern", "version": "0.1.0"},
        "policy": policy.provenance(),
        "params": {},
        "inputs": [{"path": p, "sha256": s} for p, s in inputs],
    }


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    atomic_write_text(path, "".join(json.dumps(r) + "\n" for r in rows))


def make_project(root: Path, policy: LoadedPolicy, seed: int = 7) -> Project:
    """Write a complete, passing project (ready, with attention items) under ``root``."""
    rng = random.Random(seed)
    email = f"{_word(rng, 7)}.{_word(rng, 5)}@example.invalid"
    ssn = f"{rng.randint(100, 665)}-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}"
    person = f"{_word(rng, 8).title()} {_word(rng, 9).title()}"
    planted = [email, ssn, person]

    raw_rows, redacted_rows = [], []
    for i in range(6):
        raw = f"hello, my email is {email} and my ssn is {ssn}, thanks"
        red = "hello, my email is <EMAIL_ADDRESS> and my ssn is <US_SSN>, thanks"
        if i == 0:  # a name no detector covers: left in the redacted copy
            raw, red = f"I am {person}, email {email}", f"I am {person}, email <EMAIL_ADDRESS>"
        messages = [{"role": "user", "content": red}, {"role": "assistant", "content": "ok."}]
        raw_messages = [{"role": "user", "content": raw}, messages[1]]
        raw_rows.append({"id": f"chat-{i}", "messages": raw_messages, "source": "chat"})
        redacted_rows.append({"id": f"chat-{i}", "messages": messages, "source": "chat"})
    write_jsonl(root / "data/sample/corpus/chat/data.jsonl", raw_rows)
    write_jsonl(root / "data/redacted/chat/data.jsonl", redacted_rows)
    write_jsonl(root / "data/licensed/chat/data.jsonl", redacted_rows)
    redacted_sha = sha256_tree(root / "data/redacted")

    findings = []
    for i in range(6):
        found = [("EMAIL_ADDRESS", email)] + ([("US_SSN", ssn)] if i != 0 else [])
        for kind, value in found:
            findings.append(
                {
                    "path": "data/sample/corpus/chat/data.jsonl",
                    "record_id": f"chat-{i}",
                    "line": i + 1,
                    "field": "messages.0.content",
                    "type": kind,
                    "start": 0,
                    "end": len(value),
                    "detector": f"presidio:{kind}",
                    "detectors": [f"presidio:{kind}"],
                    "score": 0.9,
                    "subtype": None,
                    "value_hash": _hmac(value),
                }
            )
    coverage = {  # as a scan under the default policy without an NER model
        "covered": [*SAFE_HARBOR, "CREDIT_CARD", "IBAN_CODE"],
        "not_covered": ["LOCATION"],
        "detectors": ["presidio"],
        "must_cover": list(policy.policy.pii.required()),
    }
    by_type = {"EMAIL_ADDRESS": 6, "US_SSN": 5}
    atomic_write_json(
        root / "reports/scan/scan.json",
        {
            "findings": findings,
            "coverage": coverage,
            "verdict": "fail",
            "files": [
                {
                    "path": "data/sample/corpus/chat/data.jsonl",
                    "kind": "dataset",
                    "records": 6,
                    "status": "scanned",
                }
            ],
            "reasons": ["6 EMAIL_ADDRESS finding(s) block under the policy"],
            "summary": {
                "findings": 11,
                "files": 1,
                "records": 6,
                "files_not_fully_scanned": 0,
                **_scan_counts(6),
                "by_type": by_type,
                "by_source": {"data/sample/corpus/chat/data.jsonl": by_type},
                "by_detector": {"presidio:EMAIL_ADDRESS": 6, "presidio:US_SSN": 5},
                "redacted_outputs": ["data/redacted/chat/data.jsonl"],
            },
            "policy": policy.provenance(),
            "provenance": _prov(
                policy, [("data/sample/corpus", sha256_tree(root / "data/sample/corpus"))]
            ),
            "baseline": None,
            "fields": _fields(),
            "allowed_findings": [],
        },
    )
    atomic_write_text(
        root / "reports/scan/scan.sarif", json.dumps({"version": "2.1.0", "runs": []})
    )
    atomic_write_json(
        root / "reports/scan/scan_redacted.json",
        {
            "findings": [],
            "coverage": coverage,
            "verdict": "pass",
            "reasons": [],
            "files": [
                {
                    "path": "data/redacted/chat/data.jsonl",
                    "kind": "dataset",
                    "records": 6,
                    "status": "scanned",
                }
            ],
            "summary": {
                "findings": 0,
                "files": 1,
                "records": 6,
                "files_not_fully_scanned": 0,
                **_scan_counts(6),
                "by_type": {},
                "by_source": {},
                "by_detector": {},
                "redacted_outputs": [],
            },
            "policy": policy.provenance(),
            "provenance": _prov(policy, [("data/redacted", redacted_sha)]),
            "baseline": None,
            "fields": _fields(),
            "allowed_findings": [],
        },
    )
    licensed_files = {"chat/data.jsonl": sha256_tree(root / "data/licensed/chat/data.jsonl")}
    atomic_write_json(
        root / "reports/licenses.json",
        {
            "kind": "licenses",
            "verdict": "deny",
            "checked": "2026-01-01",
            "use": {"commercial": True},
            "policy_sha256": policy.sha256,
            "exit_code": 1,
            "summary": {
                "sources": 4,
                "allow": 2,
                "review": 1,
                "deny": 1,
                "records_approved": 6,
                "records_left_out": {"clinic": 4, "forum": 3},
                "awaiting_review": ["forum"],
                "denied": ["clinic"],
            },
            "sources": [
                _source("chat", "allow", "MIT", "MIT is listed in allow", 6),
                _source("clinic", "deny", "CC-BY-NC-4.0", "non-commercial; use is commercial", 4),
                _source("forum", "review", None, "license declared as 'unknown'", 3),
                {**_source("model", "allow", "Apache-2.0", "listed in allow", 0), "kind": "model"},
            ],
            "approved": {
                "path": "data/licensed",
                "written": {"chat": 6},
                "records_written": 6,
                "records_left_out": 7,
                "files": licensed_files,
                "left_out": {
                    "clinic": {"reason": "deny", "records": 4},
                    "forum": {"reason": "review", "records": 3},
                },
            },
            "provenance": _prov(policy, [("data/redacted", redacted_sha)]),
        },
    )
    atomic_write_json(
        root / "reports/split.json",
        {
            "mode": "group",
            "plan": {
                "by": ["conversation_id"],
                "fallback_by": [],
                "ratios": [0.8, 0.1, 0.1],
                "salt": "",
                "time_field": None,
                "cutoff": None,
                "gap_seconds": 0.0,
                "large_unit_share": 0.01,
            },
            "layout": "<split>/<path relative to the input>",
            "groups": {"total": 6, "excluded": 0},
            "rules": {"hash": {"groups": 6, "rows": 10}},
            "moved_groups": [],
            "large_groups": [],
            "large_group_threshold": "rows > 0.01 of all rows and > the mean group",
            "rule_of_each_group": "ledger.jsonl: split and rule per group key",
            "read": read_summary(10, ("chat/data.jsonl",)),
            "splits": {
                name: {
                    "files": [f"{name}/chat/data.jsonl"],
                    "rows": rows,
                    "tokens": rows * 10,
                    "groups": rows,
                    "target": target,
                    "row_ratio": rows / 10,
                    "token_ratio": rows / 10,
                }
                for name, rows, target in (
                    ("train", 8, 0.8),
                    ("validation", 1, 0.1),
                    ("test", 1, 0.1),
                )
            },
            "provenance": _prov(policy, []),
        },
    )
    checks = {
        "exact_duplicate": {"leaks": 2},
        "near_duplicate": {"leaks": 1},
        "group_key": {"leaks": 0},
    }
    atomic_write_json(
        root / "reports/leaks.json",
        {
            **_leak_check(passed=False),
            "checks": checks,
            "after": {
                **_leak_check(passed=True),
                "checks": {k: {"leaks": 0} for k in checks},
            },
            "fix": {
                "moved_records": 2,
                "moves": {"test->train": 2},
                "linked_sets_moved": 1,
                "largest_linked_set": 2,
                "records_after": {"train": 10, "validation": 1, "test": 0},
                "not_fixable": 0,
            },
            "provenance": _prov(policy, []),
        },
    )
    atomic_write_json(root / "reports/metrics.json", {"scan": {"verdict": "pass"}})
    reports = {
        k: root / p
        for k, p in (
            ("scan", "reports/scan/scan_redacted.json"),
            ("licenses", "reports/licenses.json"),
            ("split", "reports/split.json"),
            ("leaks", "reports/leaks.json"),
        )
    }
    manifest = build_manifest(
        [root / "data/licensed"], policy, base=root, reports=reports, workers=1
    )
    write_manifest(manifest, root / "data/manifest.json")
    key, _ = generate_keys(root / ".govern/signing.key")
    sign_artifact(
        root / "data/manifest.json",
        key,
        ArtifactStatement(kind="data-manifest", policy_sha256=policy.sha256),
    )
    _training(root, policy, key)
    _backup_and_retention(root, policy, licensed_files, key)
    return Project(root, planted, policy)


def _scan_counts(records: int) -> dict[str, Any]:
    """The scan summary's counters the review does not show."""
    return {
        "records_skipped": 0,
        "records_skipped_at": [],
        "texts": records * 2,
        "values": records * 2,
        "values_not_strings": 0,
        "values_skipped": 0,
        "characters": records * 60,
        "filtered": {},
        "exempt": {},
        "redacted_on_rescan": {},
        "allowed": {"findings": 0, "by_rule": {}, "by_type": {}},
    }


def _fields() -> dict[str, Any]:
    """The scan's per-field counts (the review does not show them)."""
    totals = {f"total_{metric}": 0 for metric in ("read", "text", "findings", "not_strings")}
    return {"by_path": {}, "skip_fields": [], **totals, "total_skipped": 0}


def _leak_check(passed: bool) -> dict[str, Any]:
    """A leak check's fields besides its checks (which the callers set)."""
    return {
        "split_dir": "data/splits",
        "passed": passed,
        "by": ["conversation_id"],
        "fallback_by": [],
        "records": {"train": 8, "validation": 1, "test": 1},
        "leaks": [],
        "read": read_summary(10, ("chat/data.jsonl",)),
    }


def _source(name: str, verdict: str, spdx: str | None, reason: str, records: int) -> dict[str, Any]:
    return {
        "source": name,
        "kind": "dataset",
        "root": f"data/redacted/{name}",
        "checked": "2026-01-01",
        "policy_sha256": "0" * 64,
        "verdict": verdict,
        "spdx": spdx,
        "reason": reason,
        "records": records,
        "declared": [spdx or "unknown"],
        "waiver": None,
        "attribution": [f"{name.title()} dataset"],
        "obligations": [
            {
                "license": spdx,
                "id": "attribution",
                "text": "credit",
                "when": "always",
                "applies": True,
            }
        ]
        if spdx
        else [],
        "evidence": [
            {
                "method": "card-field",
                "path": f"data/redacted/{name}/README.md",
                "sha256": "ab" * 32,
                "label": f"card field 'license' data/redacted/{name}/README.md",
            }
        ],
    }


def _training(root: Path, policy: LoadedPolicy, key: Path) -> None:
    prov = _prov(policy, [("data/manifest.json", sha256_tree(root / "data/manifest.json"))])
    atomic_write_json(
        root / "reports/train/preflight.json",
        {
            "verdict": "pass",
            "sizing": {
                "expected_result": "30 updates of 2 examples over 6 training examples",
                "lengths": None,
                "memory_per_device": {"host_peak_rss_mb": 420.5, "cuda_max_allocated_mb": None},
                "max_seq_length": 256,
                "longest_sequence": 200,
                "precision": "fp32",
                "micro_batch": 2,
                "accumulation": 1,
                "examples_per_update": 2,
                "distribution": "single process",
                "updates": 30,
                "expected_seconds": 125.4,
                "reserve_seconds": 62.7,
            },
            "provenance": prov,
            "checks": [
                {
                    "check": c,
                    "inputs": {"sequence_length": 256} if c == "longest step" else {},
                    "measured": {"host_peak_rss_mb": 420.5, "eval_seconds": 0.0123}
                    if c == "longest step"
                    else {"free_bytes": 52_000_000_000, "needed_bytes": 1_200_000, "ok": True},
                    "duration_s": 0.1,
                    "verdict": "pass",
                    "advice": "",
                }
                for c in ("environment", "masking", "longest step")
            ],
        },
    )
    losses = [2.0 * 0.9**i + 0.1 for i in range(30)]
    atomic_write_json(
        root / "reports/train/metrics.json",
        {
            "config": {"learning_rate": 1e-4, "max_steps": 30},
            "stopped_in_phase": None,
            "resume_from": None,
            "skipped": {"train": 2, "validation": 0},
            "truncated": {"train": 3, "validation": 0},
            "packages": {"torch": "2.5.0", "peft": None},
            "hardware": {"python": "3.11.7", "machine": "x86_64", "device": "cpu"},
            "stop_reason": "completed",
            "steps": 30,
            "final_loss": losses[-1],
            "seconds": 3.2,
            "accounting_summary": "60 examples; 2 per update; held fixed: updates (30 updates)",
            "records_trained": 6,
            "tokens_supervised": 4321,
            "records": {
                "train": {
                    "by_source": {"chat": 6},
                    "skipped": {"no_answer_left": 2},
                    "truncated": 3,
                },
                "validation": {"by_source": {"chat": 2}, "skipped": {}, "truncated": 0},
            },
            "data_gate": {
                "manifest_sha256": "cd" * 32,
                "trained_sources": {"chat": 6},
                "excluded_sources": {"clinic": "deny", "forum": "review"},
            },
            "loss_curve": [{"step": i + 1, "loss": v} for i, v in enumerate(losses)],
            "validation": [{"step": s, "loss": losses[s - 1] + 0.05} for s in (10, 20, 30)],
            "provenance": prov,
        },
    )
    atomic_write_json(
        root / "reports/train/gates.json",
        [
            {
                "phase": p,
                "step": 1,
                "passed": True,
                "seconds": 0.1 * (n + 1),
                "host_peak_rss_mb": 300.0 + 40 * n,
                "cuda_max_allocated_mb": "n/a on CPU",
                "cuda_max_reserved_mb": "n/a on CPU",
                "detail": "",
            }
            for n, p in enumerate(("data", "forward", "backward", "save"))
        ],
    )
    atomic_write_json(
        root / "reports/train/replay.json",
        {
            "verdict": "pass",
            "tolerance": 1e-4,
            "controls": [
                {"id": "c1", "match": True, "max_abs_diff": 0.0, "greedy_tokens_equal": True}
            ],
            "adapter": "models/adapter",
            "adapter_sha256": {"adapter_model.safetensors": "ef" * 32},
            "predictions": "reports/train/predictions.jsonl",
            "predictions_sha256": "12" * 32,
            "loader": "in-run sha256 (read once, no symlinks, data formats only)",
            "provenance": {key: prov[key] for key in ("tool", "policy", "inputs")},
        },
    )
    atomic_write_json(
        root / "reports/train/artifact_scan.json",
        {
            "verdict": "pass",
            "findings": [],
            "reasons": [],
            "files": [
                {
                    "path": "models/adapter/a.safetensors",
                    "kind": "safetensors",
                    "status": "scanned",
                    "reason": None,
                    "bytes": 64,
                }
            ],
            "summary": {
                "findings": 0,
                "files": 1,
                "records": 0,
                "files_not_fully_scanned": 0,
                **_scan_counts(0),
                "by_type": {},
                "by_source": {},
                "by_detector": {},
                "redacted_outputs": [],
            },
            "coverage": {"covered": [], "not_covered": [], "must_cover": []},
            "policy": policy.provenance(),
            "provenance": prov,
            "baseline": None,
            "fields": _fields(),
            "allowed_findings": [],
        },
    )
    atomic_write_json(
        root / "reports/train/memorization.json",
        {
            "verdict": "pass",
            "probes": 4,
            "completed_values": 0,
            "by_type": {"EMAIL_ADDRESS": {"probes": 4, "completed": 0}},
            "skipped": {},
            "planted_in_training": 4,
            "items": [
                {
                    "record_id": f"chat-{i}",
                    "type": "EMAIL_ADDRESS",
                    "field": "messages.1.content",
                    "value_hash": _hmac(str(i)),
                    "completed": False,
                }
                for i in range(4)
            ],
            "provenance": {**prov, "labels": "data/sample/labels/planted.jsonl"},
        },
    )
    runs = []
    for n, (lr, reason) in enumerate(
        ((1e-4, "completed"), (3e-4, "completed"), (3e-2, "diverged: loss is nan at step 4"))
    ):
        curve = [2.0 * (0.9 - n * 0.05) ** i + 0.1 for i in range(20 if n < 2 else 4)]
        runs.append(
            {
                "run_id": f"lr{n}-s0",
                "variant": f"lr{n}",
                "seed": 0,
                "params": {"learning_rate": lr},
                "loss_curve": curve,
                "validation": [{"step": 10, "loss": curve[9]}] if n < 2 else [],
                "final_validation_loss": curve[9] if n < 2 else None,
                "stop_reason": reason,
                "artifacts": {},
            }
        )
    write_jsonl(root / "runs/lr-sweep/ledger.jsonl", runs)
    atomic_write_json(
        root / "runs/lr-sweep/summary.json",
        {
            "name": "lr-sweep",
            "variants": [
                {
                    "variant": r["variant"],
                    "runs": 1,
                    "completed": int(r["stop_reason"] == "completed"),
                    "stop_reasons": [r["stop_reason"]],
                    "mean_validation_loss": r["final_validation_loss"],
                    "stdev_validation_loss": None,
                }
                for r in runs
            ],
        },
    )
    adapter = root / "models/adapter"
    atomic_write_json(adapter / "adapter_config.json", {"r": 4})
    atomic_write_text(adapter / "adapter_model.safetensors", "stand-in bytes")
    sign_artifact(adapter, key, ArtifactStatement(kind="adapter", policy_sha256=policy.sha256))


def _backup_and_retention(
    root: Path, policy: LoadedPolicy, files: dict[str, str], signing_key: Path
) -> None:
    atomic_write_json(
        root / "reports/backup.json",
        {
            "backup": {
                "path": "backups/approved.gbak",
                "files": len(files),
                "bytes": 100,
                "key_id": "k1",
                "created": "2026-01-01T00:00:00+00:00",
                "segment_bytes": 1 << 20,
                "digest": "sha256",
                "entries": [
                    {
                        "kind": "file",
                        "name": f"licensed/{n}",
                        "mode": "0600",
                        "mtime_ns": 0,
                        "size": 100 // len(files),
                        "sha256": s,
                    }
                    for n, s in files.items()
                ],
            },
            "key_store": ".govern/keys",
            "provenance": _prov(policy, []),
        },
    )
    atomic_write_json(
        root / "reports/retention_plan.json",
        {
            "format": "govern-retention-plan",
            "version": 2,
            "root": "data/scratch",
            "paths": "clear",
            "tool": {"name": "govern", "version": "0.1.0"},
            "now": "2026-01-01",
            "totals": {"items": 1, "kept": 0, "files": 1, "bytes": 3},
            "deletions": [
                {
                    "rule": "raw-data",
                    "artifact": "raw data",
                    "item": "data/raw/old.jsonl",
                    "method": "unlink",
                    "unit": "file",
                    "key_id": None,
                    "reason": "older than 365 days",
                    "files": [
                        {
                            "path": "data/raw/old.jsonl",
                            "size": 3,
                            "mtime_ns": 0,
                            "mtime": "1970-01-01T00:00:00+00:00",
                            "digest": "ab" * 32,
                        }
                    ],
                }
            ],
            "kept": [],
            "policy": policy.provenance(),
        },
    )
    anchor = root / ".govern/retention-anchor.json"
    with DeletionLog(root / "audit/retention.jsonl", load_private_key(signing_key), anchor) as log:
        log.append({"rule": "raw-data", "item": "data/raw/old.jsonl", "method": "unlink"})

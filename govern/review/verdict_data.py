"""Verdict rules over the data stages after the scan: licenses, the split, the leak check and
the data manifest. The rules are listed in ``govern.review.verdict``."""

from __future__ import annotations

from collections.abc import Iterator

from govern.review.inputs import Collected
from govern.review.reasons import Reason, get_path

RATIO_TOLERANCE = 0.05


def license_rules(c: Collected) -> Iterator[Reason]:
    """Sources denied or awaiting review, left out or still in the approved data; waivers."""
    report = c.data("licenses")
    if not isinstance(report, dict):
        return
    path = c.path("licenses")
    written = get_path(report, "approved", "written") or {}
    left_out = get_path(report, "approved", "left_out") or {}
    for source in report.get("sources") or []:
        if not isinstance(source, dict):
            continue
        name, verdict = str(source.get("source")), source.get("verdict")
        why = source.get("reason") or ""
        if source.get("waiver"):
            waiver = source["waiver"]
            yield Reason(
                "attention",
                "licenses",
                f"{name}: allowed under a waiver by "
                f"{get_path(waiver, 'approver')} until {get_path(waiver, 'expires')}",
                path,
                means="its records are used on a person's sign-off, not on a known license",
                change="a card or LICENSE with a license the policy allows; the waiver lapses "
                "on its expiry date",
            )
        if verdict == "allow":
            continue
        records = written.get(name, 0)
        if source.get("kind") == "model":
            yield Reason("blocking", "licenses", f"model {name}: {verdict}: {why}", path)
        elif records:
            yield Reason(
                "blocking",
                "licenses",
                f"{name}: {verdict} but {records} records are in the approved data",
                path,
            )
        elif verdict == "deny":
            count = get_path(left_out, name, "records")
            yield Reason("resolved", "licenses", f"{name} excluded ({count} records): {why}", path)
        else:
            count = get_path(left_out, name, "records")
            yield Reason(
                "attention",
                "licenses",
                f"{name} awaits license review and was left out ({count} records): {why}",
                path,
                means=f"its {count} records are not in the approved data; the model is not "
                "trained on them",
                change="a person checks the license: a waiver in licenses.waivers, or a card or "
                "LICENSE naming an allowed license, then rerun the pipeline",
            )


def effective_ratios(c: Collected) -> dict[str, tuple[float, float]]:
    """Split -> (row ratio after the leak fix, target ratio)."""
    split, leaks = c.data("split"), c.data("leaks")
    targets = {
        name: s.get("target")
        for name, s in (get_path(split, "splits") or {}).items()
        if isinstance(s, dict)
    }
    after = (
        get_path(leaks, "after", "records")
        or get_path(leaks, "fix", "records_after")
        or {
            name: s.get("rows")
            for name, s in (get_path(split, "splits") or {}).items()
            if isinstance(s, dict)
        }
    )
    total = sum(n for n in after.values() if isinstance(n, int))
    return {
        name: (after[name] / total, float(target))
        for name, target in targets.items()
        if isinstance(target, int | float) and isinstance(after.get(name), int) and total
    }


def split_rules(c: Collected) -> Iterator[Reason]:
    """Attention: split ratios off target after the leak fix, and large groups."""
    split = c.data("split")
    if not isinstance(split, dict):
        return
    for name, (ratio, target) in sorted(effective_ratios(c).items()):
        if abs(ratio - target) > RATIO_TOLERANCE:
            yield Reason(
                "attention",
                "split",
                f"{name} holds {ratio:.1%} of the rows after the leak fix, target {target:.0%}",
                c.path("leaks"),
                means="the leak fix moved whole groups between splits; evaluation rests on "
                "more or fewer held-out rows than planned",
                change="more, smaller groups (split.by), other split.ratios, or accept it",
            )
    if split.get("large_groups"):
        yield Reason(
            "attention",
            "split",
            f"{len(split['large_groups'])} groups flagged as large",
            c.path("split"),
            means="a few groups hold many rows, so the split ratios cannot be met exactly",
            change="a finer group key in split.by",
        )


def leak_rules(c: Collected) -> Iterator[Reason]:
    """Blocking when the check after the fix does not pass; leaks fixed are resolved."""
    leaks = c.data("leaks")
    if not isinstance(leaks, dict):
        return
    path = c.path("leaks")
    if get_path(leaks, "after", "passed") is not True:
        yield Reason("blocking", "leaks", "the leak check after the fix does not pass", path)
        return
    found = sum(get_path(check, "leaks") or 0 for check in (leaks.get("checks") or {}).values())
    moved = get_path(leaks, "fix", "moved_records") or 0
    if found:
        yield Reason(
            "resolved",
            "leaks",
            f"{found} leaks between splits were fixed by moving "
            f"{moved} records; the check after the fix passes",
            path,
        )


def manifest_rules(c: Collected) -> Iterator[Reason]:
    """Blocking: the manifest's files, its signature, or a pinned report that changed."""
    manifest = c.data("manifest")
    signature = c.checks.get("manifest_signature")
    files = c.checks.get("manifest_files")
    if manifest is None:
        return
    if files is not None and files.status == "failed":
        yield Reason(
            "blocking", "manifest", f"manifest check failed: {files.detail}", c.path("manifest")
        )
    if signature is not None and signature.status != "ok":
        yield Reason(
            "blocking",
            "signatures",
            f"data manifest signature {signature.status}: {signature.detail}",
            "data/manifest.json.sig",
        )
    by_path = {found.path: found for found in c.inputs.values()}
    for kind, summary in sorted((get_path(manifest, "summaries") or {}).items()):
        report, pinned = get_path(summary, "report"), get_path(summary, "sha256")
        found = by_path.get(report) if isinstance(report, str) else None
        if found is not None and found.ok and pinned and pinned != found.sha256:
            yield Reason(
                "blocking",
                "lineage",
                f"the manifest pins a different {kind} report than {report} on disk",
                c.path("manifest"),
            )

"""DVC stage `review`: the compliance review of everything the pipeline produced (last stage).

Params: review.html, review.markdown, review.json (where the report goes) and
review.trusted_keys (public keys the signatures are checked against). The report is the
deliverable, so the stage writes it and exits 0 whatever the verdict, printing the verdict, its
reasons and the report's path; `govern review` is the command that exits 1 on "blocked".
Errors (an unreadable policy or params) exit 2.

The report shows key fingerprints, data key ids and run times, so it is evidence of this run:
DVC tracks the receipt, the verdict and its reasons.
"""

from pathlib import Path

from govern.policy import load_policy
from govern.review import write_review
from govern.stage import run_stage, stage_params, write_receipt


def main() -> int:
    params = stage_params("review")
    written = write_review(
        Path("."),
        load_policy(params["policy"]),
        html=Path(params["html"]),
        markdown=Path(params["markdown"]),
        json_path=Path(params["json"]),
        trusted=[Path(key) for key in params.get("trusted_keys") or []] or None,
    )
    verdict = written.review.verdict
    write_receipt("review", {"verdict": verdict.to_json()}, measured=())
    print(f"review: verdict {verdict.status.upper()}")
    for reason in verdict.reasons:
        print(f"  {reason.level}: {reason.section}: {reason.text}")
    print(f"review: {written.html_path} (also {written.markdown_path}, {written.json_path})")
    return 0


if __name__ == "__main__":
    run_stage("review", main)

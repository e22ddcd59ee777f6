"""DVC stage `campaign`: variants (any training keys) over seeds, every run kept in the ledger.

Params: ``campaign.*`` are CampaignConfig keys (``pipelines/campaign.yaml`` is the full-size
example); its ``train`` block overrides the `train` section for every run (budget, validation
frequency and stop rules are fixed there, before any run). Writes
``<out_dir>/<name>/ledger.jsonl`` (appended across runs: never replaced) and ``summary.json``
(the decision rule, written before the runs; a row per run, ``interrupted`` until it ends; the
winner by the rule).

The folder is the evidence (run ids are random, runs are timed, the ledger grows on each rerun);
DVC tracks the receipt, the summary less run ids, times and ledger counts.
"""

from __future__ import annotations

from govern.policy import load_policy
from govern.stage import run_stage, stage_params, write_receipt
from govern.train import campaign_from_sections, run_campaign

MEASURED = ("run_id", "runs", "started", "ledger", "ledger_runs", "artifacts", "output_dir")


def main() -> int:
    params = stage_params("campaign")
    train = stage_params("train")
    loaded = load_policy(params.pop("policy"))
    train.pop("policy")
    summary = run_campaign(campaign_from_sections(params, train), loaded)
    write_receipt("campaign", summary, MEASURED)
    for row in summary["variants"]:
        print(
            f"campaign: {row['variant']}: {row['completed']}/{row['runs']} completed, "
            f"validation loss {row['mean_validation_loss']} ± {row['stdev_validation_loss']}"
        )
    print(f"campaign: winner {summary['winner']} ({summary['decision_rule']})")
    return 0


if __name__ == "__main__":
    run_stage("campaign", main)

"""The compliance review: one report a reviewer reads and signs off, built from every output.

``collect`` reads the pipeline's outputs (missing ones are "not run"), ``verdict.decide`` turns
them into ready / blocked with reasons, ``document`` lays out the sections, ``render_html`` and
``render_md`` write the pages and ``approve`` records the reviewer's signed decision.
"""

from govern.review.approve import approve_review
from govern.review.collect import collect
from govern.review.inputs import INPUTS, Collected, Input
from govern.review.report import Review, build_review, write_review
from govern.review.verdict import Reason, Verdict, decide

__all__ = [
    "INPUTS",
    "Collected",
    "Input",
    "Reason",
    "Review",
    "Verdict",
    "approve_review",
    "build_review",
    "collect",
    "decide",
    "write_review",
]

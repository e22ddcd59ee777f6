"""Connected components over integer nodes, vectorized (union-find for arrays of edges)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]


def connected_components(n_nodes: int, left: IntArray, right: IntArray) -> IntArray:
    """Per node, the smallest node of its component; ``left[i]``-``right[i]`` are the edges.

    Hook-and-compress: every edge hooks the larger root under the smaller, then pointer jumping
    flattens the trees; it repeats until both ends of every edge share a root, which takes a
    few rounds (logarithmic in the longest chain) instead of one Python step per edge.
    """
    parent = np.arange(n_nodes, dtype=np.int64)
    if len(left) == 0:
        return parent
    while True:
        root_left, root_right = parent[left], parent[right]
        differ = root_left != root_right
        if not differ.any():
            return parent
        low = np.minimum(root_left[differ], root_right[differ])
        np.minimum.at(parent, root_left[differ], low)
        np.minimum.at(parent, root_right[differ], low)
        while True:
            grand = parent[parent]
            if np.array_equal(grand, parent):
                break
            parent = grand


def dense_labels(labels: IntArray) -> IntArray:
    """``labels`` renumbered 0..k-1 in order of first appearance."""
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first, kind="stable"), kind="stable")
    dense: IntArray = order[inverse].astype(np.int64)
    return dense

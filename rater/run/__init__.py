"""The run of one rating: the solving loop (``engine``), which found steps a mode applies
(``modes``), ratings in the canonical orientation (``orientation``), the soundness check against
the solution (``verify``) and the solution count (``count``)."""

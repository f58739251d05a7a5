"""The global sweep on a Dask cluster (``canon sweep DIR --cluster ADDRESS|local[:N]``).

Every missing chunk is one task running :func:`canon.studies.sweep.run_chunk`
on a worker; its small :class:`~canon.studies.sweep.ChunkResult` comes back
and the client saves it with :func:`canon.studies.sweep.save_result` as soon
as it arrives, so the directory is the same as with ``--jobs`` and either may
continue the other's sweep.  A killed client loses only the chunks in flight.
Reaching the cluster is :mod:`puzzles.cluster`, shared with ``rate --cluster``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from canon.studies.sweep import missing_chunks, run_chunk, save_result
from puzzles.cluster import ClusterConnection, ClusterError, first_line

#: Times the scheduler reruns a chunk whose task failed by an exception.
RETRIES = 2


def run_sweep_on_cluster(
    directory: Path, chunks: Sequence[int], connection: ClusterConnection,
    done: Callable[[int, float], None] | None = None,
) -> None:
    """Run every chunk of ``chunks`` not yet done on the cluster; resumable at any point.

    ClusterError when a task fails or the scheduler is lost: the chunks saved
    so far stay, and a rerun goes on from there.
    """
    from distributed import as_completed

    directory.mkdir(parents=True, exist_ok=True)
    client = connection.client
    futures = [client.submit(run_chunk, k, pure=False, retries=RETRIES) for k in missing_chunks(directory, chunks)]
    try:
        for future in as_completed(futures):
            try:
                result = future.result()
            except Exception as exc:  # noqa: BLE001 - KilledWorker, a lost scheduler, a failed task
                if client.status != "running":
                    raise ClusterError("lost the Dask scheduler; the chunks saved so far stay, rerun to go on") from exc
                raise ClusterError(f"a cluster task failed ({type(exc).__name__}: {first_line(exc)}); the "
                                   "scheduler and workers need this package and Dask installed") from exc
            save_result(directory, result)
            if done:
                done(result.chunk, result.seconds)
    finally:
        for future in futures:
            future.cancel()

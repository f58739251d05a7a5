"""``canon sweep --cluster`` (canon.studies.sweep_cluster): the chunk files equal run_chunk's results, a rerun
submits only the missing chunks, and the one-line errors of puzzles.cluster."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest
from click.testing import CliRunner

pytest.importorskip("distributed")

from canon.cli import main  # noqa: E402
from canon.studies.sweep import ChunkResult, chunk_path, run_chunk  # noqa: E402

#: Chunk 0 (the 170 classes (e, v)) and two of the last chunks: a second of work in all.
CHOSEN = (0, 168, 169)


def without_time(result: ChunkResult) -> ChunkResult:
    return replace(result, seconds=0.0)


def test_cluster_sweep_saves_run_chunk_results_and_resumes(tmp_path):
    args = ["sweep", str(tmp_path), "--chunks", "0,168-169", "--cluster", "local:2", "--jobs", "2"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.stderr
    assert "--jobs 2 ignored with --cluster" in first.stderr and "running 3" in first.stderr
    for k in CHOSEN:
        saved = ChunkResult.from_json(chunk_path(tmp_path, k).read_text(encoding="utf-8"))
        assert without_time(saved) == without_time(run_chunk(k))
    chunk_path(tmp_path, 168).unlink()  # a chunk lost with a killed client
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 0, again.stderr
    assert "2 of 3 chosen chunks already done, running 1" in again.stderr
    assert "chunk 168 done" in again.stderr and chunk_path(tmp_path, 168).exists()


def test_missing_dask_is_one_line_naming_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    result = CliRunner().invoke(main, ["sweep", str(tmp_path), "--chunks", "169", "--cluster", "local:1"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == 'error: --cluster needs Dask: pip install "sudoku-rater[cluster]"'
    assert not chunk_path(tmp_path, 169).exists()


def test_bad_local_worker_count(tmp_path):
    result = CliRunner().invoke(main, ["sweep", str(tmp_path), "--chunks", "169", "--cluster", "local:0"])
    assert result.exit_code == 2 and result.stderr.splitlines()[-1].startswith("error: --cluster local:N needs")

"""The global sweep of seed 002 (sections 2.3-2.4 and 4.4) in independent, resumable chunks.

Chunk k takes the k-th word u (ascending) that is least in its Q0-orbit;
only such words can start a class representative (:mod:`canon.studies.words`).
It finds every class (u, v) with v >= u, its size m(u, v), counts N(u, v)
and the fix-sudokus N_f(u, v) by sets (:mod:`canon.studies.set_count`) and
returns a small :class:`ChunkResult`.  Chunks share nothing, so a
distributed runner only needs :func:`chunk_count` and :func:`run_chunk`;
locally :func:`run_sweep` runs the missing ones on N processes, writing one
JSON file per finished chunk (:mod:`canon.studies.sweep_cluster` does the
same on a Dask cluster), and :func:`merge` adds the files up.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from pathlib import Path

import numpy as np

from canon.studies.diagonal import format_word
from canon.studies.set_count import SetJoin
from canon.studies.words import WORD_COUNT, q0_minimal_words, representatives_with_first_word, word_tables
from puzzles.lifeline import start_worker

#: All normalised pairs (w, y): a complete sweep has classes of these sizes summing to this.
TOTAL_PAIRS = WORD_COUNT * WORD_COUNT
FIX_CATEGORIES = ("R", "S", "RS", "RSS", "superfix")


@dataclass
class ChunkResult:
    """Everything the figures need from one chunk (JSON of up to about 120 kB, mostly the N values).

    ``n_values`` maps N(u, v) to how many classes of the chunk have it;
    ``fix_pairs`` lists (v, m, N_f, {category: count}) for the classes with
    fix-sudokus; ``extremes`` the two smallest and two largest (N, v).
    ``types`` counts the fix-sudokus of the representatives by type, as the
    paper's (4.9) does (the weighted split needs the orbits, see
    :func:`canon.studies.sweep_report.weighted_types`).
    """

    chunk: int
    u: str
    classes: int = 0
    self_pairs: int = 0
    pairs: int = 0
    sizes: dict[int, int] = field(default_factory=dict)
    n0: int = 0
    n_values: dict[int, int] = field(default_factory=dict)
    n_f: int = 0
    fix_pairs: list[tuple[str, int, int, dict[str, int]]] = field(default_factory=list)
    types: dict[str, int] = field(default_factory=dict)
    extremes: list[tuple[int, str]] = field(default_factory=list)
    vertical_mod3: int = 0
    mod3: int = 0
    seconds: float = 0.0

    def to_json(self) -> str:
        """One JSON object (integer keys written as strings)."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> ChunkResult:
        """Read :meth:`to_json` back."""
        data = json.loads(text)
        data["sizes"] = {int(k): v for k, v in data["sizes"].items()}
        data["n_values"] = {int(k): v for k, v in data["n_values"].items()}
        data["fix_pairs"] = [tuple(p) for p in data["fix_pairs"]]
        data["extremes"] = [tuple(p) for p in data["extremes"]]
        return cls(**data)


def chunk_count() -> int:
    """Number of chunks: the Q0-minimal words (170)."""
    return len(q0_minimal_words())


def run_chunk(chunk: int) -> ChunkResult:
    """Classes (u, v) with u the chunk's word: sizes, N, N_f and fix types."""
    start = time.perf_counter()
    tables = word_tables()
    u = int(q0_minimal_words()[chunk])
    result = ChunkResult(chunk=chunk, u=format_word(int(tables.words[u])))
    reps, sizes = representatives_with_first_word(u)
    sizes_counter: Counter[int] = Counter()
    n_values: Counter[int] = Counter()
    types: Counter[str] = Counter()
    counted_pairs: list[tuple[int, str]] = []
    for v, m in zip(reps.tolist(), sizes.tolist()):
        join = SetJoin(np.stack([np.arange(1, 10), tables.blocks[u], tables.blocks[v]]))
        counted = join.classify()
        sizes_counter[m] += 1
        n_values[counted.total] += 1
        counted_pairs.append((counted.total, format_word(int(tables.words[v]))))
        result.pairs += m
        result.n0 += m * counted.total
        result.vertical_mod3 += counted.vertical_mod3
        result.mod3 += counted.mod3
        if counted.fixed_count:
            result.n_f += m * counted.fixed_count
            categories = {name: counted.categories[name] for name in FIX_CATEGORIES if counted.categories[name]}
            result.fix_pairs.append((format_word(int(tables.words[v])), m, counted.fixed_count, categories))
            for name, count in categories.items():
                types[name] += count
    result.classes = len(reps)
    result.self_pairs = int((reps == u).sum())
    result.sizes = dict(sorted(sizes_counter.items()))
    result.n_values = dict(sorted(n_values.items()))
    counted_pairs.sort()
    result.extremes = counted_pairs[:2] + counted_pairs[-2:] if len(counted_pairs) > 4 else counted_pairs
    result.types = dict(types)
    result.seconds = time.perf_counter() - start
    return result


def chunk_path(directory: Path, chunk: int) -> Path:
    """Where chunk k's result is kept."""
    return directory / f"chunk-{chunk:03d}.json"


def save_result(directory: Path, result: ChunkResult) -> None:
    """Keep a chunk's result at :func:`chunk_path`, atomically: a chunk file is either complete or absent."""
    target = chunk_path(directory, result.chunk)
    partial = target.with_suffix(".part")
    partial.write_text(result.to_json() + "\n", encoding="utf-8")
    os.replace(partial, target)


def _run_and_save(job: tuple[str, int]) -> tuple[int, float]:
    result = run_chunk(job[1])
    save_result(Path(job[0]), result)
    return result.chunk, result.seconds


def missing_chunks(directory: Path, chunks: Iterable[int]) -> list[int]:
    """The chunks of ``chunks`` without a result file in ``directory``."""
    return [k for k in chunks if not chunk_path(directory, k).exists()]


def run_sweep(
    directory: Path, chunks: Sequence[int], jobs: int, done: Callable[[int, float], None] | None = None
) -> None:
    """Run every chunk of ``chunks`` not yet done, on ``jobs`` processes; resumable at any point."""
    directory.mkdir(parents=True, exist_ok=True)
    todo = [(str(directory), k) for k in missing_chunks(directory, chunks)]
    if jobs <= 1:
        for job in todo:
            chunk, seconds = _run_and_save(job)
            if done:
                done(chunk, seconds)
        return
    with get_context("fork").Pool(jobs, initializer=start_worker, initargs=(os.getpid(),)) as pool:
        for chunk, seconds in pool.imap_unordered(_run_and_save, todo):
            if done:
                done(chunk, seconds)


def load_results(directory: Path) -> list[ChunkResult]:
    """Every finished chunk of a sweep directory; ValueError naming a file that is not a chunk result."""
    results = []
    for path in sorted(directory.glob("chunk-*.json")):
        try:
            results.append(ChunkResult.from_json(path.read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path} is not a chunk result ({exc}); delete it and rerun") from None
    return results


@dataclass
class Summary:
    """The merged figures of some (or all) chunks."""

    chunks: int
    classes: int
    self_pairs: int
    first_words: int
    pairs: int
    sizes: Counter[int]
    sizes_e: Counter[int]
    n0: int
    n_values: Counter[int]
    n_f: int
    fix_pairs: list[tuple[str, str, int, int, dict[str, int]]]
    extremes: list[tuple[int, str, str]]
    types: Counter[str]
    vertical_mod3: int
    mod3: int
    seconds: float

    @property
    def complete(self) -> bool:
        """True when the chunks cover all 10080^2 normalised pairs."""
        return self.pairs == TOTAL_PAIRS


def merge(results: Sequence[ChunkResult]) -> Summary:
    """Add chunk results up (chunks are disjoint, so every figure is a sum)."""
    summary = Summary(len(results), 0, 0, 0, 0, Counter(), Counter(), 0, Counter(), 0, [], [], Counter(), 0, 0, 0.0)
    for r in results:
        summary.classes += r.classes
        summary.self_pairs += r.self_pairs
        summary.first_words += r.classes > 0
        summary.pairs += r.pairs
        summary.sizes.update(r.sizes)
        if r.u == "76543210":
            summary.sizes_e.update(r.sizes)
        summary.n0 += r.n0
        summary.n_values.update(r.n_values)
        summary.n_f += r.n_f
        summary.fix_pairs += [(r.u,) + tuple(p) for p in r.fix_pairs]  # type: ignore[misc]
        summary.extremes += [(n, r.u, v) for n, v in r.extremes]
        summary.types.update(r.types)
        summary.vertical_mod3 += r.vertical_mod3
        summary.mod3 += r.mod3
        summary.seconds += r.seconds
    summary.extremes.sort()
    return summary

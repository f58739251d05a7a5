"""Commands for the tools of seed 002 ("Einige Sudoku-Studien"), registered on ``canon``.

Kept apart from :mod:`canon.cli` so the core commands and the studies can change independently:
``canon.cli`` calls :func:`register` once and this module never imports it.
Bad input is one line ``error: ...`` on stderr and exit code 2; with
``--file`` a bad line becomes ``line N: error: ...`` in the output and the
run goes on, as in the other ``canon`` commands.  ``canon sweep`` exits 1
when a complete sweep differs from the paper and 130 when interrupted;
with ``--cluster``, Dask missing or no cluster to reach is exit code 2.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import click

from canon.cli_input import fail as _fail
from canon.cli_input import read_one, run_on_inputs
from canon.studies.completions import CompletionJoin, classify
from canon.studies.diagonal import BlockDiagonal, equivalence_class, normalise, parse_word
from canon.studies.fix import TYPE_NAMES, FixResult, fix_test
from canon.studies.group_orders import group_orders
from canon.studies.sweep import TOTAL_PAIRS, chunk_count, load_results, merge, missing_chunks, run_sweep
from canon.studies.sweep_cluster import run_sweep_on_cluster
from canon.studies.sweep_report import lines
from canon.studies.triples import invariants
from puzzles.cli_common import AsciiIntRange
from puzzles.cluster import ClusterConnection, ClusterError, available_cores
from puzzles.geometry import Grid
from puzzles.parsing import PuzzleError, format_line


def _each_grid(grid: str | None, file: Path | None, handle: Callable[[Grid, bool], str]) -> None:
    """Run ``handle(grid, single)`` on the GRID argument or on every line of ``file``."""
    run_on_inputs(grid, file, handle, name="GRID")


def _diagonal(grid: str | None, words: str | None) -> BlockDiagonal:
    """The block diagonal from ``--diagonal u,v`` or from a GRID filling only the diagonal blocks."""
    if (grid is None) == (words is None):
        _fail("give exactly one of GRID (a block-diagonal grid) or --diagonal U,V")
    try:
        if words is not None:
            parts = words.split(",")
            if len(parts) != 2:
                raise ValueError(f"--diagonal needs two words U,V, got {words!r}")
            return BlockDiagonal.from_words(parse_word(parts[0]), parse_word(parts[1]))
        assert grid is not None
        return BlockDiagonal.from_grid(read_one(grid))
    except (PuzzleError, ValueError) as exc:
        _fail(str(exc))


def _fix_lines(result: FixResult) -> str:
    if not result.is_fixed:
        verdict = "neutral (stabiliser in G is trivial)"
        if not result.mod3:
            verdict += "; fails the mod-3 criterion"
        return verdict
    types = " ".join(f"[{t}]" for t in result.types)
    head = "superfix" if result.is_superfix else f"fix-sudoku of type {types}"
    lines = [f"{head}; stabiliser order {result.stabilizer_order}"]
    for name, f in result.fixers.items():
        lines.append(f"{name}: {f}")
    return "\n".join(lines)


@click.command(name="invariants")
@click.argument("grid", required=False)
@click.option("--file", type=click.Path(dir_okay=False, path_type=Path), help="One full grid per line.")
def invariants_command(grid: str | None, file: Path | None) -> None:
    """Dreier-Mengen of a full grid: p_A, q_A and the multiplicity maps v_A, w_A (seed 002, 1.4)."""

    def handle(cells: Grid, single: bool) -> str:
        inv = invariants(cells)
        if single:
            return inv.report()
        return f"{format_line(cells)}\tp={'+'.join(map(str, inv.p))}\tq={'+'.join(map(str, inv.q))}"

    _each_grid(grid, file, handle)


@click.command(name="fix")
@click.argument("grid", required=False)
@click.option("--file", type=click.Path(dir_okay=False, path_type=Path), help="One full grid per line.")
def fix_command(grid: str | None, file: Path | None) -> None:
    """Is a full grid fixed by some f != id in G?  Type [R]/[S]/[RS]/[RSS] or superfix, and f."""

    def handle(cells: Grid, single: bool) -> str:
        result = fix_test(cells)
        if single:
            return _fix_lines(result)
        return f"{format_line(cells)}\t{result.category}\tstabilizer={result.stabilizer_order}"

    _each_grid(grid, file, handle)


@click.command(name="count-completions")
@click.argument("grid", required=False)
@click.option("--diagonal", "words", help="Coded pair U,V for P(U,V) = E \\ B(U) \\ B(V); 'e' is 76543210.")
@click.option("--time", "show_time", is_flag=True, help="Also print the counting time.")
@click.option("--class", "show_class", is_flag=True, help="Also print the H*-class representative and size m (2.3).")
def count_completions_command(grid: str | None, words: str | None, show_time: bool, show_class: bool) -> None:
    """N(u, v): full grids extending a block-diagonal pre-sudoku (seed 002, 2.1-2.2)."""
    diagonal = _diagonal(grid, words)
    start = time.perf_counter()
    count = CompletionJoin(diagonal).count()
    elapsed = time.perf_counter() - start
    norm = normalise(diagonal)
    line = f"N({norm.words}) = {count}"
    if show_time:
        line += f"\t{elapsed:.3f} s"
    click.echo(line)
    if show_class:
        cls = equivalence_class(norm.u, norm.v)
        click.echo(f"class representative ({cls.words}), m = {cls.size}")


@click.command(name="completions")
@click.argument("grid", required=False)
@click.option("--diagonal", "words", help="Coded pair U,V for P(U,V) = E \\ B(U) \\ B(V); 'e' is 76543210.")
@click.option("--fixed", is_flag=True, help="Only the fix-sudokus, each with its type and stabiliser order.")
@click.option("--summary", is_flag=True, help="Only the counts per class (neutral, R, S, RS, RSS, superfix).")
def completions_command(grid: str | None, words: str | None, fixed: bool, summary: bool) -> None:
    """Enumerate the completions of a block diagonal, one per line, or classify them for fixness."""
    diagonal = _diagonal(grid, words)
    if not (fixed or summary):
        for cells in CompletionJoin(diagonal).grids():
            click.echo(format_line(cells))
        return
    result = classify(diagonal)
    if fixed:
        for cells, fix in result.fixed:
            click.echo(f"{format_line(cells)}\t{fix.category}\tstabilizer={fix.stabilizer_order}")
    if summary:
        click.echo(f"diagonal {normalise(diagonal).words}")
        click.echo(f"completions {result.total}")
        click.echo(f"full fix tests {result.tested} (after the vertical mod-3 test on column sets)")
        click.echo(f"mod-3 criterion passed {result.mod3}")
        click.echo(f"fix-sudokus {result.fixed_count}")
        for name in ("neutral",) + TYPE_NAMES + ("superfix",):
            click.echo(f"  {name} {result.categories.get(name, 0)}")


INTERRUPTED = 130


def _chunk_selection(text: str | None, total: int) -> list[int]:
    """``3``, ``0-9``, ``0-9,20`` -> chunk ids; every chunk when ``text`` is None."""
    if text is None:
        return list(range(total))
    chosen: list[int] = []
    try:
        for part in text.split(","):
            first, _, last = part.partition("-")
            chosen += range(int(first), int(last or first) + 1)
    except ValueError:
        _fail(f"--chunks wants ids like 0-9,20, got {text!r}")
    bad = [k for k in chosen if not 0 <= k < total]
    if bad:
        _fail(f"chunk {bad[0]} does not exist (there are {total}, 0-{total - 1})")
    return sorted(set(chosen))


def _sweep_report(directory: Path, jobs: int) -> bool:
    """Print the merged figures beside the paper's; True when a complete sweep differs somewhere."""
    try:
        summary = merge(load_results(directory))
    except ValueError as exc:
        _fail(str(exc))
    fraction = summary.pairs / TOTAL_PAIRS
    click.echo(f"chunks done {summary.chunks} of {chunk_count()}; pairs covered {summary.pairs} ({100 * fraction:.2f} %)")
    if summary.chunks:
        click.echo(f"time of the chunks (wall clock inside each worker, summed) {summary.seconds:.0f} s")
    if summary.chunks and not summary.complete:
        projected = summary.seconds / fraction
        click.echo(
            f"projected time for all chunks {projected:.0f} s, on {jobs} worker(s) about {projected / jobs:.0f} s"
            " (classes are spread unevenly over the chunks: a rough figure)"
        )
    differs = False
    for line in lines(summary):
        mark = {True: "ok", False: "DIFFERS", None: ""}[line.agrees]
        differs |= line.agrees is False
        click.echo(f"{line.label}\n  paper {line.paper}\n  ours  {line.ours}  {mark}".rstrip())
    return differs


def _sweep_on_cluster(directory: Path, chosen: list[int], target: str, jobs: int,
                      done: Callable[[int, float], None]) -> int:
    """``--cluster``: the missing chunks on a Dask cluster, and its worker threads; ClusterError without one."""
    if jobs != 1:
        click.echo(f"note: --jobs {jobs} ignored with --cluster (the cluster's workers run the chunks)", err=True)
    def note(text: str) -> None:
        click.echo(f"note: {text}", err=True)

    with ClusterConnection(target, available_cores(), note=note) as connection:
        run_sweep_on_cluster(directory, chosen, connection, done)
        return connection.threads()


@click.command(name="sweep")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--jobs", type=AsciiIntRange(1, 64), default=1, show_default=True, help="Worker processes.")
@click.option("--chunks", "selection", help="Run only these chunk ids, e.g. 0-9,20 (default: all).")
@click.option("--report-only", is_flag=True, help="Run nothing; print the figures of the chunks done so far.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Run the chunks on a Dask cluster: a scheduler address (tcp://host:8786), or local[:N] for N "
                   "worker processes on this machine (default: the cores). Needs the cluster extra. "
                   "--jobs is then ignored.")
def sweep_command(directory: Path, jobs: int, selection: str | None, report_only: bool, cluster: str | None) -> None:
    """Global sweep of seed 002: all classes, N_0, N_f and the fix types, in resumable chunks.

    Each finished chunk is kept as DIRECTORY/chunk-NNN.json; a rerun skips
    those, with --jobs or --cluster alike.  Exit code 0; 1 when a complete
    sweep differs from the paper; 2 bad input, an unreadable chunk file or no
    cluster to run on; 130 interrupted (rerun to go on).
    """
    total = chunk_count()
    chosen = _chunk_selection(selection, total)
    if directory.exists() and not directory.is_dir():
        _fail(f"{directory} is not a directory")
    if not report_only:
        todo = missing_chunks(directory, chosen)
        click.echo(f"{len(chosen) - len(todo)} of {len(chosen)} chosen chunks already done, running {len(todo)}", err=True)
        finished = 0

        def done(chunk: int, seconds: float) -> None:
            nonlocal finished
            finished += 1
            click.echo(f"chunk {chunk} done in {seconds:.1f} s ({finished}/{len(todo)})", err=True)

        try:
            if cluster is None:
                run_sweep(directory, chosen, jobs, done)
            else:
                jobs = _sweep_on_cluster(directory, chosen, cluster, jobs, done)  # the projection's workers
        except OSError as exc:
            _fail(f"cannot write to {directory}: {exc.strerror}")
        except ClusterError as exc:
            _fail(str(exc))
        except KeyboardInterrupt:
            click.echo("interrupted: finished chunks are kept, rerun the same command to go on", err=True)
            raise SystemExit(INTERRUPTED) from None
    if not directory.is_dir():
        _fail(f"{directory} does not exist")
    if _sweep_report(directory, jobs):
        raise SystemExit(1)


@click.command(name="group-orders")
@click.option("--rules", "rules_name", default=None, metavar="RULES",
              help="Instead: the order of this Sudoku variant's symmetry group (diagonal, colour, "
                   "colour-diagonal), computed by testing every element of G (canon.variant_group).")
def group_orders_command(rules_name: str | None) -> None:
    """|G|, |G0| and |M| computed from generators by Schreier-Sims (seed 002, 1.2-1.3)."""
    if rules_name is not None:
        _variant_group_order(rules_name)
        return
    for name, order in group_orders().items():
        click.echo(f"|{name}| = {order}")


def _variant_group_order(rules_name: str) -> None:
    """The geometric order |H| of a variant's group and |H*| with the 9! digit relabellings."""
    from canon.variant_group import group_order
    from puzzles.rules import RulesError, parse_rules

    try:
        rules = parse_rules(rules_name)
    except RulesError as exc:
        _fail(str(exc))
    click.echo(f"{rules.name}: |H| = {group_order(rules, digits=False)}, |H*| = {group_order(rules)}")


def register(group: click.Group) -> None:
    """Add the seed-002 commands to the ``canon`` group."""
    for command in (
        invariants_command,
        fix_command,
        count_completions_command,
        completions_command,
        group_orders_command,
        sweep_command,
    ):
        group.add_command(command)

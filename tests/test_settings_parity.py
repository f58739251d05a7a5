"""Every run setting gives the same records through --jobs 1, --jobs 2 and a cluster of one worker.

The engine of every way of rating is built from one RunSettings; this test
runs each setting the command line has for files through all three and
compares the records field by field (all but the timing).  One LocalCluster
of one worker process serves the whole module (what ``--cluster local:1``
starts), so the cluster is started once.
"""

from __future__ import annotations

import json
import pickle

import pytest
from click.testing import CliRunner

from puzzles.errors import InputError
from rater.cli import main
from rater.settings import RunSettings
from techniques.catalogue import DEFAULT_PATH
from tests.conftest import data_file, local_cluster, read_puzzles

pytest.importorskip("distributed")

SEVERAL = ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
#: top95 puzzles 7 and 9: 723 and 795 points with Bowman's Bingo, 581 and 533 without.
BINGO = ["6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
         "6.2.5.........4.3..........43...8....1....2........7..5..27...........81...6....."]
EASY = read_puzzles("sample1000_every3.txt", count=3)
#: The first two diagonal puzzles (each line carries a ``# diagonal`` comment after the puzzle).
DIAGONAL = [line.split()[0] for line in data_file("variant_diagonal_200.txt").read_text().splitlines()[:2]]


@pytest.fixture(scope="module")
def scheduler():
    with local_cluster(1) as address:
        yield address


@pytest.fixture(scope="module")
def technique_file(tmp_path_factory):
    """A tuned technique file: hidden singles in a box cost one point more in every band."""
    path = tmp_path_factory.mktemp("techniques") / "tuned.yaml"
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    tuned = text.replace("{band1_max: 6, band1_points: 0, band2_points: 1}", "{band1_max: 6, band1_points: 1, "
                                                                          "band2_points: 2}", 1)
    assert tuned != text
    path.write_text(tuned, encoding="utf-8")
    return path


def records(tmp_path, name: str, puzzles: list[str], args: list[str]) -> list[dict]:
    source, out = tmp_path / "in.txt", tmp_path / f"{name}.jsonl"
    source.write_text("\n".join([*puzzles, "not a puzzle", SEVERAL]) + "\n")
    result = CliRunner().invoke(main, ["--file", str(source), "--output", str(out), "--format", "jsonl", "-q",
                                       *args])
    assert result.exit_code in (0, 4), result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    for row in rows:
        row.pop("seconds")
    return rows


CASES = {
    "default": (BINGO + EASY, []),
    "disable BB": (BINGO, ["--disable", "BB"]),
    "option 2000": (EASY, ["--option", "2000"]),
    "option 2002": (EASY, ["--option", "2002"]),
    "option 1101": (EASY, ["--option", "1101"]),
    "techniques file": (EASY, ["--techniques", "TUNED"]),
    "allow multiple": (EASY, ["--allow-multiple"]),
    "reduce": (EASY[:2], ["--reduce"]),
    "canonical": (EASY, ["--canonical"]),
    "lang de": (EASY, ["--lang", "de"]),
    "rules diagonal": (DIAGONAL, ["--rules", "diagonal"]),
    "timeout": (EASY, ["--timeout", "120"]),
    "with minlex": (EASY[:2], ["--with-minlex"]),
    "with minlex diagonal": ([".8.9.........75..8...6..1..1......4.3.9..4.2.8...52.........6.......1...........4"],
                             ["--with-minlex", "--rules", "diagonal"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_setting_rates_alike_on_the_pool_and_the_cluster(tmp_path, scheduler, technique_file, case):
    puzzles, args = CASES[case]
    args = [str(technique_file) if a == "TUNED" else a for a in args]
    one = records(tmp_path, "one", puzzles, [*args, "--jobs", "1"])
    two = records(tmp_path, "two", puzzles, [*args, "--jobs", "2"])
    dask = records(tmp_path, "dask", puzzles, [*args, "--cluster", scheduler])
    for a, b, c in zip(one, two, dask):
        for field in a:
            assert a[field] == b[field] == c[field], (case, a["line"], field)
    assert len(one) == len(two) == len(dask) == len(puzzles) + 2
    if case == "disable BB":
        assert [r["points"] for r in one[:2]] == [581, 533] and not any("BB" in r["techniques"] for r in dask)
    if case == "default":
        assert [r["points"] for r in dask[:2]] == [723, 795]


def test_settings_are_checked_once_and_travel_as_they_are():
    settings = RunSettings(option="2002", disable=("BB",), canonical=True, lang="de", rules="diagonal")
    assert pickle.loads(pickle.dumps(settings)) == settings
    assert settings.engine().canonical and "BB" not in {t.code for t in settings.engine().catalogue.enabled()}
    for bad in ({"option": "9999"}, {"rules": "hexagon"}, {"disable": ("XX",)}, {"lang": "xx"},
                {"disable": ("BB",), "enable": ("BB",)}, {"techniques": "techniques: 3"}, {"timeout": -1.0}):
        with pytest.raises(InputError):
            RunSettings(**bad)


def test_a_file_run_builds_its_catalogue_once(tmp_path, monkeypatch):
    """The CLI builds the run's catalogue; forked workers inherit it instead of reading the file again."""
    import multiprocessing
    import os
    import threading

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("workers that are not forked build the catalogue once each, from the settings' text")

    from rater import settings as settings_module
    from techniques.catalogue import Catalogue

    log = tmp_path / "built.log"
    build = Catalogue.from_data.__func__  # type: ignore[attr-defined]

    def counted(cls, *args, **kwargs):
        with log.open("a") as fh:
            fh.write(f"{os.getpid()}\n")
        return build(cls, *args, **kwargs)

    monkeypatch.setattr(Catalogue, "from_data", classmethod(counted))
    monkeypatch.setattr(settings_module, "_LOCAL", threading.local())
    monkeypatch.setattr("rater.run.engine._DEFAULT", None)
    records(tmp_path, "once", EASY, ["--jobs", "2", "--disable", "BB"])
    assert len(log.read_text().splitlines()) == 1

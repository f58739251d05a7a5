"""``rate --html`` and ``--svg``: well-formed, self-contained, one section per step, exactly the step's marks.

The page and the pictures are parsed as XML.  Expected marks are read from
the rating's own steps (``Step.used``, the eliminations, the placements into
cells still empty, the chain nodes of the finding), so these tests check the
drawing against the findings, not against fixed coordinates.
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from puzzles.parsing import format_line
from rater.cli import main
from rater.run.engine import Engine
from rater.views.marks import chains_of, replay, start_board
from rater.views.render import html, position, svg
from rater.views.report import fmt_points, step_text
from techniques.findings import Chain

#: A chain with strong and weak links (SC, step 8), a unique rectangle (UR, step 9), closed
#: implication and contradiction chains, Bowman's Bingo: top95.txt.
PUZZLE = "2.5..6....9..7.8....6.5.2....2......98....57....1....4.2.6.8...5...4.7........13."
#: Steps of PUZZLE (top1465): a single-digit chain (strong and weak links), then a unique rectangle.
CHAIN_STEP, UR_STEP = 24, 25
SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def rated():
    engine = Engine("2001")
    return engine, engine.rate(PUZZLE)


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> str:
    target = tmp_path_factory.mktemp("page") / "rating.html"
    result = CliRunner().invoke(main, [PUZZLE, "--html", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    return target.read_text(encoding="utf-8")


def sections(root: ET.Element) -> list[ET.Element]:
    return [s for s in root.iter("section") if "step" in s.get("class", "").split()]


def marks(picture: ET.Element) -> dict[str, set]:
    """The marked cells, candidates and links of one picture, by kind (namespace-free tags)."""
    found: dict[str, set] = {"cell": set(), "used": set(), "removed": set(), "place": set(), "strong": set(),
                             "weak": set()}
    for element in picture.iter():
        classes = element.get("class", "").split()
        for kind in ("cell", "used", "removed", "place"):
            if f"sd-{kind}" in classes:
                c, d = element.get("data-c"), element.get("data-d")
                found[kind].add(int(c) if d is None else (int(c), int(d)))
        if "sd-link" in classes:
            a, b = (tuple(map(int, element.get(k).split("."))) for k in ("data-a", "data-b"))
            found["strong" if "sd-strong" in classes else "weak"].add((a, b))
    return found


def test_the_page_is_well_formed_and_has_one_section_per_step_of_the_json_rating(page):
    root = ET.fromstring(page)
    data = json.loads(CliRunner().invoke(main, [PUZZLE, "--json"]).stdout)
    steps = sections(root)
    assert [s.get("data-code") for s in steps] == [s["code"] for s in data["steps"]]
    assert [int(s.get("data-n")) for s in steps] == [s["index"] for s in data["steps"]]
    running = 0.0
    for section, step in zip(steps, data["steps"]):
        running += step["points"]
        header = "".join(section.find("h2").itertext())
        assert header == (f"Step {step['index']} {step['code']} {section.find('h2')[2].text} "
                          f"{fmt_points(step['points'])} {'point' if step['points'] == 1 else 'points'} "
                          f"(total {fmt_points(running)})")
        assert section.find("p").text == step["text"]
        assert len(list(section.iter("svg"))) == 1
    finals = [s for s in root.iter("section") if "final" in s.get("class", "").split()]
    assert len(finals) == 1 and finals[0].get("data-n") == str(len(steps) + 1)
    options = list(root.iter("option"))
    assert len(options) == len(steps) + 1 and options[CHAIN_STEP - 1].text.startswith(f"{CHAIN_STEP} · SC · ")


def test_the_page_names_no_address_and_loads_nothing(page):
    assert "http://" not in page and "https://" not in page and "//" not in page
    root = ET.fromstring(page)
    for element in root.iter():
        assert element.get("src") is None
        href = element.get("href")
        assert href is None or re.fullmatch(r"#step-\d+", href)
    assert [e.tag for e in root.iter() if e.tag in ("link", "iframe", "img", "object", "embed", "base")] == []


def test_the_page_shows_figures_option_and_version(page, rated):
    _engine, rating = rated
    figures = "".join(ET.fromstring(page).find(".//ul[@class='figures']").itertext())
    for part in (f"Total: {fmt_points(rating.points)}", f"Euclidean norm: {rating.norm2:.2f}",
                 f"maximum norm: {fmt_points(rating.max)}", f"Level: {rating.level_text('en')}", "Option: 2001",
                 f"Program version: {rating.version}", f"thinning steps: {rating.thinning_steps}"):
        assert part in figures
    assert format_line(rating.puzzle) in page


def check_marks(page: str, rating) -> set[str]:
    """Every picture of the page carries exactly its step's marks; the kinds of marks seen."""
    pictures = [s.find(".//svg") for s in sections(ET.fromstring(page))]
    board, placed_by = start_board(rating), [""] * 81
    kinds_seen: set[str] = set()
    for number, step in replay(rating.steps, board, placed_by):
        found = marks(pictures[number - 1])
        placing = {(c, d) for c, d in step.placements if not board.values[c]}
        assert found["place"] == placing
        assert found["cell"] == {c for c, d in step.used if d == 0}
        # the digit placed stands for its candidates in the cell it goes to (as in the terminal)
        assert found["used"] == {(c, d) for c, d in step.used if d and c not in dict(placing)}
        assert found["removed"] == set(step.eliminations)
        nodes = {(int(n.cell), int(d)) for chain in chains_of(step.detail)
                 for n in chain.nodes + ((chain.closing,) if chain.closing else ()) for d in n.digits}
        linked = {end for link in found["strong"] | found["weak"] for end in link}
        # every link joins candidates of the chains, and every node is linked (an XYZ-wing's pivot holds
        # a third digit that no link of the wing uses)
        assert linked <= nodes and {c for c, _ in linked} == {c for c, _ in nodes}
        for chain in chains_of(step.detail):
            assert isinstance(chain, Chain)
            if "=" in chain.links:
                assert found["strong"]
            if "-" in chain.links or chain.closing:
                assert found["weak"]
        kinds_seen |= {kind for kind, values in found.items() if values}
    return kinds_seen


def test_every_picture_marks_exactly_the_findings_of_its_step(page, rated):
    _engine, rating = rated
    assert check_marks(page, rating) == {"cell", "used", "removed", "place", "strong", "weak"}


@pytest.mark.parametrize("option", ["2000", "2005"])
def test_marks_in_the_other_modes(option):
    """Half-synchronous (the canonical form's steps shown on this grid) and synchronous (rounds)."""
    rating = Engine(option).rate(PUZZLE)
    assert check_marks(html(rating), rating) >= {"used", "removed", "place"}


def test_a_strong_and_a_weak_link_of_a_single_digit_chain(rated):
    """SC (3:6)1 = (8:6)1 - (8:2)1 = (4:2)1 - (5:3)1 = (5:9)1: solid and dashed in turn, candidate to candidate."""
    _engine, rating = rated
    assert rating.steps[CHAIN_STEP - 1].code == "SC"
    found = marks(ET.fromstring(position(rating, CHAIN_STEP - 1).svg(marked=True)))
    assert found["strong"] == {((23, 1), (68, 1)), ((64, 1), (28, 1)), ((38, 1), (44, 1))}
    assert found["weak"] == {((68, 1), (64, 1)), ((28, 1), (38, 1))}


def test_svg_after_step_n_is_that_position(tmp_path, rated):
    _engine, rating = rated
    target = tmp_path / "grid.svg"
    for number in (0, 9, len(rating.steps)):
        result = CliRunner().invoke(main, [PUZZLE, "--svg", str(target), "--step", str(number)])
        assert result.exit_code == 0, result.output
        text = target.read_text(encoding="utf-8")
        root = ET.fromstring(text)
        assert root.tag == f"{SVG_NS}svg"
        assert text.replace('xmlns="http://www.w3.org/2000/svg"', "").count("//") == 0
        board = position(rating, number).board
        big = "".join(e.text for e in root.find(f".//{SVG_NS}g[@font-size='38']"))  # digits, not candidates
        assert sorted(big) == sorted(str(v) for v in board.values if v)
        assert not any(marks(root).values())
    marked = CliRunner().invoke(main, [PUZZLE, "--svg", "-", "--step", str(UR_STEP - 1), "--marked"])
    assert marked.exit_code == 0
    found = marks(ET.fromstring(marked.stdout))
    step = rating.steps[UR_STEP - 1]
    assert step.code == "UR" and found["used"] == {(c, d) for c, d in step.used if d}
    assert found["removed"] == set(step.eliminations)


def test_german_page(tmp_path, rated):
    engine, rating = rated
    target = tmp_path / "de.html"
    assert CliRunner().invoke(main, [PUZZLE, "--html", str(target), "--lang", "de"]).exit_code == 0
    root = ET.fromstring(target.read_text(encoding="utf-8"))
    assert root.get("lang") == "de"
    first = sections(root)[0]
    assert first.find("h2")[0].text == "Schritt 1"
    assert first.find("p").text == step_text(rating.steps[0], engine.catalogue, "de")
    assert "Endstand" in "".join(root.itertext()) and "So liest man die Gitter" in "".join(root.itertext())


def test_the_page_opens_at_step_n(tmp_path):
    result = CliRunner().invoke(main, [PUZZLE, "--html", "-", "--step", "9"])
    assert result.exit_code == 0
    opening = [s.get("data-n") for s in ET.fromstring(result.stdout).iter("section") if "on" in s.get("class").split()]
    assert opening == ["9"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--html", "{missing}/x.html"), "no such directory"),
        (("--svg", "{tmp}"), "it is a directory"),
        (("--html", "{file}/x.html"), "no such directory"),
        (("--html", "/dev/full"), "cannot write /dev/full"),
        (("--svg", "{tmp}/g.svg", "--step", "99"), "the rating has 82 steps"),
        (("--html", "{tmp}/p.html", "--json"), "cannot be combined with --json"),
        (("--svg", "{tmp}/g.svg", "--step"), "--step without N"),
        (("--step", "3"), "--step N and --marked go with --svg or --html"),
        (("--html", "{tmp}/p.html", "--marked"), "--marked without --svg"),
        (("--html", "-", "--svg", "-"), "both write to stdout"),
    ],
)
def test_bad_targets_and_options_are_one_line_and_exit_2(tmp_path, args, words):
    (tmp_path / "plain").write_text("x")
    names = {"missing": str(tmp_path / "missing"), "tmp": str(tmp_path), "file": str(tmp_path / "plain")}
    if "/dev/full" in args and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    result = CliRunner().invoke(main, [PUZZLE, *(a.format(**names) for a in args)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rate: error: ") and words in lines[0], result.stderr
    assert not (tmp_path / "p.html").exists()


def test_html_with_file_is_refused(tmp_path):
    source = tmp_path / "p.txt"
    source.write_text(PUZZLE + "\n")
    result = CliRunner().invoke(main, ["--file", str(source), "--html", str(tmp_path / "out.html")])
    assert result.exit_code == 2 and "draw one PUZZLE, not a --file" in result.stderr
    assert not (tmp_path / "out.html").exists()


def test_step_before_the_puzzle_still_waits_for_keys(monkeypatch):
    """``--step`` takes an optional number; ``rate --step PUZZLE`` is still the walkthrough that waits."""
    monkeypatch.setattr("rater.cli._has_terminal", lambda: True)  # the runner's input stands for the keys
    result = CliRunner().invoke(main, ["--step", PUZZLE, "--walk", "--no-color"], input="q")
    assert result.exit_code == 0
    assert re.findall(r"^Step (\d+)  ", result.output, re.MULTILINE) == ["1"]


def test_notebook_displays(rated):
    _engine, rating = rated
    frame = ET.fromstring(rating._repr_html_())
    assert frame.tag == "iframe"
    inner = ET.fromstring(frame.get("srcdoc"))
    assert len(sections(inner)) == len(rating.steps)
    picture = ET.fromstring(rating.position(3)._repr_svg_())
    assert picture.tag == f"{SVG_NS}svg"
    board = start_board(rating)
    assert ET.fromstring(svg(board, rating.steps[0])).tag == f"{SVG_NS}svg"
    with pytest.raises(ValueError):
        rating.position(len(rating.steps) + 1)

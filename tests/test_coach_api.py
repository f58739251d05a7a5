"""The coach's JSON API in process (Starlette's TestClient), and its server on loopback.

``/api/rate`` must be ``rate --json`` (random puzzles of tests/data), a hint
from the player's own position must be sound and name the player's
mistakes, every kind of bad input must be a 4xx JSON answer after which the
server still works, and 20 requests at once must all be served.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import rater
from puzzles.geometry import COL_OF, PEERS, ROW_OF
from puzzles.parsing import format_line
from rater.cli import main as rate_main
from rater.coach.app import create_app
from rater.coach.service import Limits
from rater.coach.serving import served
from techniques.board import Board

with warnings.catch_warnings():  # Starlette 1.x would rather drive its TestClient with httpx2; httpx still works
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "data" / "sample1000_every3.txt"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: A puzzle whose givens clash nowhere but which has no solution (r1c9 can take no digit).
UNSOLVABLE = "12345678." + "........9" + "." * 63


def sample(count: int, seed: int) -> list[str]:
    lines = [line.split()[0] for line in SAMPLE.read_text().splitlines() if line.strip()]
    return random.Random(seed).sample(lines, count)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Limits(workers=1, rate_seconds=60))) as opened:
        yield opened


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(rate_main, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def without_seconds(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "seconds"}


# -- /api/rate is rate --json ---------------------------------------------------------------


@pytest.mark.parametrize("puzzle", sample(4, 39))
def test_rate_is_rate_json(client, puzzle):
    answer = client.get("/api/rate", params={"puzzle": puzzle})
    assert answer.status_code == 200, answer.text
    assert without_seconds(answer.json()) == without_seconds(cli_json(puzzle))


def test_rate_with_option_and_language_is_rate_json(client):
    puzzle = sample(1, 7)[0]
    answer = client.get("/api/rate", params={"puzzle": puzzle, "option": "2016", "lang": "de"})
    assert answer.status_code == 200, answer.text
    assert without_seconds(answer.json()) == without_seconds(cli_json(puzzle, "--option", "2016", "--lang", "de"))


def test_rate_of_a_candidate_line_is_rate_json(client):
    board = Board.from_grid(tuple(int(ch) if ch.isdigit() else 0 for ch in EASY))
    line = candidate_line(board)
    answer = client.get("/api/rate", params={"puzzle": line})
    assert answer.status_code == 200, answer.text
    assert without_seconds(answer.json()) == without_seconds(cli_json(line))


def test_walkthrough_has_a_picture_per_step_and_the_end(client):
    data = client.get("/api/walkthrough", params={"puzzle": EASY}).json()
    assert len(data["pictures"]) == len(data["record"]["steps"]) + 1 == len(data["names"]) + 1
    assert all(p.startswith("<svg") for p in data["pictures"])


def test_notations_are_accepted(client):
    for notation in ("giese", "eureka"):
        assert client.get("/api/rate", params={"puzzle": EASY, "notation": notation}).status_code == 200


def test_rate_in_eureka_is_rate_json_in_eureka(client):
    puzzle = sample(1, 11)[0]
    answer = client.get("/api/rate", params={"puzzle": puzzle, "notation": "eureka"})
    assert answer.status_code == 200, answer.text
    assert without_seconds(answer.json()) == without_seconds(cli_json(puzzle, "--notation", "eureka"))
    assert not any(re.search(r"\(\d:\d\)", step["text"]) for step in answer.json()["steps"])


# -- hints from the player's position --------------------------------------------------------


def candidate_line(board: Board) -> str:
    return "".join(
        "".join(str(d) if (board.values[c] == d if board.values[c] else board.cands[c] >> (d - 1) & 1) else "."
                for d in range(1, 10))
        for c in range(81))


def midway(puzzle: str) -> tuple[Board, str]:
    """The board halfway through the puzzle's rating, and its solution as a line of digits (as the API takes it)."""
    rating = rater.rate(puzzle)
    assert rating.solution is not None
    board = Board.from_grid(tuple(int(ch) if ch.isdigit() else 0 for ch in puzzle))
    for step in rating.steps[: len(rating.steps) // 2]:
        board.apply(step)
    return board, format_line(rating.solution)


def position_of(board: Board) -> str:
    return "".join(str(d) if d else "." for d in board.values)


def assert_sound(step: dict, solution: str) -> None:
    assert step["placements"] or step["eliminations"]
    for r, c, d in step["placements"]:
        assert solution[(r - 1) * 9 + c - 1] == str(d)
    for r, c, d in step["eliminations"]:
        assert solution[(r - 1) * 9 + c - 1] != str(d)


@pytest.mark.parametrize("puzzle", sample(3, 11))
def test_hint_from_a_position_with_marks_is_sound(client, puzzle):
    board, solution = midway(puzzle)
    answer = client.post("/api/hint", json={"puzzle": puzzle, "position": position_of(board),
                                            "candidates": candidate_line(board)})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["mistakes"] == []
    assert_sound(data["step"], solution)
    assert data["show"]["name"] and data["show"]["picture"].startswith("<svg") and data["show"]["cells"]


@pytest.mark.parametrize("puzzle", sample(2, 12))
def test_hint_from_digits_alone_is_sound(client, puzzle):
    board, solution = midway(puzzle)
    data = client.post("/api/hint", json={"puzzle": puzzle, "position": position_of(board)}).json()
    assert data["mistakes"] == []
    assert data["step"]["code"] != "PM"
    assert_sound(data["step"], solution)


def unruled_wrong_digit(board: Board, solution: str) -> tuple[int, int]:
    """An empty cell and a wrong digit for it that no placed peer rules out."""
    for c in range(81):
        if board.values[c]:
            continue
        for d in range(1, 10):
            if str(d) != solution[c] and all(board.values[p] != d for p in PEERS[c]):
                return c, d
    raise AssertionError("no such cell")


def test_hint_marks_a_wrong_digit_and_stays_sound(client):
    puzzle = sample(1, 13)[0]
    board, solution = midway(puzzle)
    cell, digit = unruled_wrong_digit(board, solution)
    position = position_of(board)
    position = position[:cell] + str(digit) + position[cell + 1:]
    for marks in (None, candidate_line(board)):
        body = {"puzzle": puzzle, "position": position, **({"candidates": marks} if marks else {})}
        data = client.post("/api/hint", json=body).json()
        assert data["mistakes"] == [[ROW_OF[cell] + 1, COL_OF[cell] + 1, digit]]
        assert_sound(data["step"], solution)


def test_hint_marks_a_removed_true_candidate(client):
    puzzle = sample(1, 14)[0]
    board, solution = midway(puzzle)
    cell = next(c for c in range(81) if not board.values[c] and board.cands[c].bit_count() > 1)
    true = int(solution[cell])
    line = candidate_line(board)
    line = line[:9 * cell + true - 1] + "." + line[9 * cell + true:]
    data = client.post("/api/hint", json={"puzzle": puzzle, "position": position_of(board),
                                          "candidates": line}).json()
    assert data["mistakes"] == [[ROW_OF[cell] + 1, COL_OF[cell] + 1, true]]
    assert_sound(data["step"], solution)


def test_hint_of_a_solved_position_has_no_step(client):
    rating = rater.rate(EASY)
    assert rating.solution is not None
    solution = format_line(rating.solution)
    data = client.post("/api/hint", json={"puzzle": EASY, "position": solution}).json()
    assert data == {"mistakes": [], "step": None}


# -- generation and bulk ---------------------------------------------------------------------


def test_generate_passes_the_conditions_on(client):
    answer = client.post("/api/generate", json={"count": 2, "seed": 3, "symmetry": "central"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["seed"] == 3 and len(data["records"]) == 2
    for record in data["records"]:
        assert record["status"] == "solved"
        puzzle = record["puzzle"]
        assert all((puzzle[c] == ".") == (puzzle[80 - c] == ".") for c in range(81))
    again = client.post("/api/generate", json={"count": 2, "seed": 3, "symmetry": "central"}).json()
    assert [r["puzzle"] for r in again["records"]] == [r["puzzle"] for r in data["records"]]


def wait_done(client: TestClient, ident: str, seconds: float = 120) -> dict:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status = client.get(f"/api/bulk/{ident}").json()
        if status["state"] in ("done", "failed"):
            return status
        time.sleep(0.2)
    raise AssertionError("the bulk job did not finish")


def test_bulk_end_to_end_as_rate_file(client, tmp_path):
    puzzles = sample(6, 21)
    text = "\n".join([*puzzles, "not a puzzle"]) + "\n"
    answer = client.post("/api/bulk", files={"file": ("p.txt", text.encode())})
    assert answer.status_code == 202, answer.text
    status = wait_done(client, answer.json()["id"])
    assert status == {"state": "done", "done": 7, "total": 7}
    source = tmp_path / "p.txt"
    source.write_text(text)
    for fmt in ("csv", "jsonl"):
        out = tmp_path / f"out.{fmt}"
        CliRunner().invoke(rate_main, ["--file", str(source), "--format", fmt, "--output", str(out), "--quiet",
                                       "--jobs", "1"])
        got = client.get(f"/api/bulk/{answer.json()['id']}/records", params={"format": fmt}).text
        assert strip_seconds(got, fmt) == strip_seconds(out.read_text(), fmt)


def strip_seconds(text: str, fmt: str) -> list:
    if fmt == "jsonl":
        return [without_seconds(json.loads(line)) for line in text.splitlines()]
    rows = [line.split(",") for line in text.splitlines()]
    column = rows[0].index("seconds")
    return [row[:column] + row[column + 1:] for row in rows]


def test_bulk_as_a_raw_body(client):
    answer = client.post("/api/bulk", content="\n".join(sample(2, 22)).encode())
    assert answer.status_code == 202
    assert wait_done(client, answer.json()["id"])["done"] == 2


def test_bulk_jobs_beyond_the_limit_are_refused():
    body = "\n".join(sample(40, 23)).encode()
    with TestClient(create_app(Limits(workers=1, bulk_jobs=1))) as small:
        assert small.post("/api/bulk", content=body).status_code == 202
        refused = small.post("/api/bulk", content=body)
        assert refused.status_code == 429 and "bulk jobs" in refused.json()["error"]


# -- bad input: one line of JSON, a 4xx status, and the server lives on ---------------------


@pytest.mark.parametrize(("method", "path", "kwargs", "status", "words"), [
    ("get", "/api/rate", {"params": {"puzzle": "123"}}, 400, "81 cells"),
    ("get", "/api/rate", {"params": {"puzzle": EASY[:40] + "\x07" + EASY[41:]}}, 400, "illegal character"),
    ("get", "/api/rate", {"params": {"puzzle": "11" + EASY[2:]}}, 400, "twice"),
    ("get", "/api/rate", {}, 400, "missing parameter puzzle"),
    ("get", "/api/rate", {"params": {"puzzle": "1" * 3000}}, 400, "longer than"),
    ("get", "/api/rate", {"params": {"puzzle": UNSOLVABLE}}, 422, "no solution"),
    ("get", "/api/rate", {"params": {"puzzle": "." * 81}}, 422, "more than one solution"),
    ("get", "/api/rate", {"params": {"puzzle": EASY, "option": "99"}}, 400, "option"),
    ("get", "/api/rate", {"params": {"puzzle": EASY, "lang": "xx"}}, 400, "language"),
    ("get", "/api/rate", {"params": {"puzzle": EASY, "notation": "xx"}}, 400, "notation"),
    ("get", "/api/walkthrough", {"params": {"puzzle": "12"}}, 400, "81 cells"),
    ("post", "/api/hint", {"content": b"{broken"}, 400, "not JSON"),
    ("post", "/api/hint", {"content": b"\xff\xfe"}, 400, "not JSON"),
    ("post", "/api/hint", {"json": [1, 2]}, 400, "JSON object"),
    ("post", "/api/hint", {"json": {"puzzle": EASY}}, 400, "position"),
    ("post", "/api/hint", {"json": {"puzzle": EASY, "position": "1"}}, 400, "position"),
    ("post", "/api/hint", {"json": {"puzzle": EASY, "position": "." * 81}}, 400, "given"),
    ("post", "/api/hint", {"json": {"puzzle": EASY, "position": EASY, "candidates": "1"}}, 400, "729"),
    ("post", "/api/hint", {"json": {"puzzle": EASY, "position": EASY, "candidates": 5}}, 400, "str"),
    ("post", "/api/hint", {"json": {"puzzle": UNSOLVABLE, "position": UNSOLVABLE}}, 422, "no solution"),
    ("post", "/api/generate", {"json": {"count": 0}}, 400, "count"),
    ("post", "/api/generate", {"json": {"count": 1000}}, 400, "count"),
    ("post", "/api/generate", {"json": {"colour": "red"}}, 400, "unknown field"),
    ("post", "/api/generate", {"json": {"level": "impossible level"}}, 400, "level"),
    ("post", "/api/generate", {"json": {"require": "X2"}}, 400, "list"),
    ("post", "/api/generate", {"json": {"seed": -1}}, 400, "seed"),
    ("post", "/api/bulk", {"content": b"\n\n"}, 400, "no puzzle"),
    ("post", "/api/bulk", {"content": EASY.encode(), "params": {"option": "x"}}, 400, "option"),
    ("get", "/api/bulk/nothing", {}, 404, "no bulk job"),
    ("get", "/api/bulk/nothing/records", {}, 404, "no bulk job"),
    ("get", "/api/nothing", {}, 404, "Not Found"),
    ("post", "/api/rate", {}, 405, "Method Not Allowed"),
])
def test_bad_input_is_a_json_error(client, method, path, kwargs, status, words):
    answer = getattr(client, method)(path, **kwargs)
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    message = answer.json()["error"]
    assert words in message and "\n" not in message
    assert client.get("/api/rate", params={"puzzle": EASY}).status_code == 200


def test_a_12_mb_body_is_413(client):
    for kwargs in ({"content": b"x" * (12 * 1024 * 1024)},
                   {"content": iter([b"x" * (1024 * 1024)] * 12)}):  # no Content-Length: counted while read
        answer = client.post("/api/bulk", **kwargs)
        assert answer.status_code == 413
        assert "larger than" in answer.json()["error"]
    assert client.get("/api/rate", params={"puzzle": EASY}).status_code == 200


def test_bulk_records_format_is_checked(client):
    ident = client.post("/api/bulk", content=EASY.encode()).json()["id"]
    answer = client.get(f"/api/bulk/{ident}/records", params={"format": "xml"})
    assert answer.status_code == 400 and "format" in answer.json()["error"]


def test_every_answer_has_the_security_policy(client):
    for path in ("/", "/static/app.js", "/api/meta", "/api/nothing"):
        policy = client.get(path).headers["content-security-policy"]
        assert "default-src 'self'" in policy


def test_the_page_loads_nothing_from_outside(client):
    for name in ("/", "/static/app.js", "/static/style.css"):
        text = client.get(name).text
        assert not re.search(r"(src|href)=[\"']?(https?:)?//", text), name
        assert "@import" not in text and "url(http" not in text


# -- the server: loopback only, 20 requests at once -------------------------------------------


def listening_addresses(port: int) -> set[str]:
    """The local addresses of the sockets listening on ``port`` (from /proc/net/tcp and tcp6)."""
    found = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


def get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=120) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as exc:
        return exc.code, json.load(exc)


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs /proc/net/tcp")
def test_the_server_listens_on_loopback_only_and_serves_20_at_once():
    with served() as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        assert listening_addresses(port) == {"0100007F"}  # 127.0.0.1, and nothing else
        puzzles = sample(20, 31)
        results: list[tuple[int, dict]] = [(0, {})] * 20

        def ask(i: int) -> None:
            results[i] = get(url + "api/rate?" + urllib.parse.urlencode({"puzzle": puzzles[i]}))

        threads = [threading.Thread(target=ask, args=(i,)) for i in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [status for status, _ in results] == [200] * 20
        assert [data["puzzle"] for _, data in results] == puzzles
        status, data = get(url + "api/rate?puzzle=12")
        assert status == 400 and "81 cells" in data["error"]


def test_a_host_beyond_loopback_is_warned_about():
    from rater.coach.cli import is_loopback

    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.2")


def test_anything_unexpected_is_still_json():
    app = create_app(Limits(workers=1))
    with TestClient(app, raise_server_exceptions=False) as broken:
        async def fails(*_args, **_kwargs):
            raise RuntimeError("a bug\nover two lines")

        app.state.service.call = fails
        answer = broken.get("/api/rate", params={"puzzle": EASY})
        assert answer.status_code == 500
        assert answer.json() == {"error": "internal error (RuntimeError)"}
        assert "default-src 'self'" in answer.headers["content-security-policy"]


def test_a_rating_past_the_time_limit_is_refused():
    hardest = sample(1, 5)[0]  # a puzzle that needs pencil marks: many rounds, each checks the deadline
    with TestClient(create_app(Limits(workers=1, rate_seconds=0.0001))) as hurried:
        answer = hurried.get("/api/rate", params={"puzzle": hardest})
        assert answer.status_code == 422, answer.text
        assert "longer than the limit" in answer.json()["error"]
        # a hint needs one step: found before the first round's deadline check, it is given (or refused
        # when the search for it outlasts the limit), never a 5xx
        hinted = hurried.post("/api/hint", json={"puzzle": hardest, "position": hardest})
        assert hinted.status_code in (200, 422), hinted.text


def test_an_address_in_use_is_one_line_and_exit_2():
    import socket

    from rater.coach.cli import main as coach_main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(coach_main, ["--port", str(port), "--no-browser"])
    assert result.exit_code == 2
    assert result.output.startswith(f"coach: error: cannot listen on 127.0.0.1:{port}")
    assert result.output.count("\n") == 1


def test_a_host_beyond_loopback_gets_a_warning_first():
    import socket

    from rater.coach.cli import main as coach_main

    with socket.socket() as taken:  # the port is taken, so nothing ever listens beyond loopback here
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(coach_main, ["--host", "0.0.0.0", "--port", str(port), "--no-browser"])
    assert result.output.startswith("coach: warning: listening on 0.0.0.0: other machines can reach the coach")
    assert result.exit_code == 2

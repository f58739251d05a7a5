"""The ``coach`` command: serve the coach on this machine and open it in the browser.

It listens on 127.0.0.1 unless ``--host`` names another address (a warning
then says that other machines can reach it), prints the address, and opens
the default browser unless ``--no-browser``.  An address it cannot listen on
is one line on stderr and exit 2.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import webbrowser

import click

from puzzles.cli_common import OneLineCommand, version_option

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def is_loopback(host: str) -> bool:
    """Whether ``host`` only reaches this machine (``localhost`` or a loopback address)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_of(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


@click.command(cls=OneLineCommand, error_prefix="coach: ", context_settings={"help_option_names": ["-h", "--help"]})
@version_option("coach")
@click.option("--host", default=DEFAULT_HOST, show_default=True,
              help="Address to listen on; anything but a loopback address lets other machines in (a warning says so).")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="Port to listen on (0: a free one).")
@click.option("--no-browser", "no_browser", is_flag=True, help="Do not open the page in the browser.")
@click.option("--workers", type=click.IntRange(min=1), default=None, metavar="N",
              help="Worker processes for ratings (default: the cores).")
def main(host: str, port: int, no_browser: bool, workers: int | None) -> None:
    """Serve the coach, a local web app to rate, play with hints, generate and rate files of Sudoku puzzles."""
    import uvicorn

    from rater.coach.app import create_app
    from rater.coach.service import Limits

    if not is_loopback(host):
        click.echo(f"coach: warning: listening on {host}: other machines can reach the coach", err=True)
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
    except OSError as exc:
        click.echo(f"coach: error: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    port = listener.getsockname()[1]
    url = url_of(host, port)
    click.echo(f"coach: serving on {url} (Ctrl-C stops it)")
    server = uvicorn.Server(uvicorn.Config(create_app(Limits(workers=workers)), log_level="warning",
                                           limit_concurrency=200, timeout_graceful_shutdown=5))
    if not no_browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    server.run(sockets=[listener])


if __name__ == "__main__":
    main()

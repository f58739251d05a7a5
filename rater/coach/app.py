"""The coach's routes: the page, its static files and the JSON API (docs/http.md).

Every answer of the API is JSON; an error is ``{"error": "one line"}`` with
a 4xx status (413 for a body over the limit), and anything unexpected is
still a JSON answer, never a traceback.  Every response carries a
Content-Security-Policy that lets the page load only from this server.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from puzzles.errors import InputError
from puzzles.version import __version__
from rater.coach import work
from rater.coach.service import FORMATS, Limits, Service
from rater.coach.work import CoachError
from rater.levels import load_levels
from rater.options import DEFAULT_OPTION
from techniques.notation import NOTATIONS
from techniques.texts import available_languages

STATIC: Final = Path(__file__).parent / "static"
#: Everything from this server; inline SVG pictures use presentation attributes, so no inline styles are needed.
SECURITY_HEADERS: Final = (
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; object-src 'none'; "
                                 b"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
#: Longest value of a query parameter (a 729-character candidate line fits).
MAX_PARAMETER: Final = 2000
LOG = logging.getLogger("rater.coach")
#: The conditions of ``generate`` the API passes on (``pattern`` and ``seed`` when given).
GENERATE_FIELDS: Final = ("count", "level", "points", "symmetry", "require", "exclude", "pattern", "seed", "clues")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyTooLarge(CoachError):
    """A request body over the limit, told by its Content-Length or found while reading it."""


class Guard:
    """ASGI middleware: security headers on every response, request bodies within the limit (413 JSON)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        length = dict(scope.get("headers", [])).get(b"content-length", b"")
        if length.isdigit() and int(length) > self.limit:
            await error(BodyTooLarge(self._too_large(), 413))(scope, receive, send_secured)
            return
        seen = 0

        async def receive_counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise BodyTooLarge(self._too_large(), 413)
            return message

        started = False

        async def send_tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send_secured(message)

        try:
            await self.app(scope, receive_counted, send_tracked)
        except Exception as exc:
            # the answer to a bug is JSON with the headers too; the traceback goes to the server's log only
            LOG.exception("unexpected error on %s", scope.get("path"))
            if started:
                raise
            await JSONResponse({"error": f"internal error ({type(exc).__name__})"}, status_code=500)(
                scope, receive, send_secured)

    def _too_large(self) -> str:
        return f"the request body is larger than {self.limit // (1024 * 1024)} MiB"


def error(exc: CoachError) -> JSONResponse:
    return JSONResponse({"error": " ".join(exc.message.split())}, status_code=exc.status)


async def _input_error(_request: Request, exc: Exception) -> Response:
    if isinstance(exc, CoachError):
        return error(exc)
    return error(CoachError(str(exc)))


async def _http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)


def _text(request: Request, name: str, default: str | None = None) -> str:
    """A query parameter, required unless it has a default; over-long values are refused."""
    value = request.query_params.get(name, default)
    if value is None:
        raise CoachError(f"missing parameter {name}")
    if len(value) > MAX_PARAMETER:
        raise CoachError(f"parameter {name} is longer than {MAX_PARAMETER} characters")
    return value


async def _json_object(request: Request) -> dict[str, Any]:
    body = await request.body()
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CoachError(f"the body is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CoachError("the body must be a JSON object")
    return data


def _field(data: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = data.get(name, default)
    if value is not None and (not isinstance(value, kind) or isinstance(value, bool) and kind is not bool):
        raise CoachError(f"{name} must be a {kind.__name__}")
    return value


async def index(_request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


def _conditions(data: dict[str, Any], max_count: int) -> dict[str, Any]:
    """The conditions of a ``generate`` request, checked field by field; a seed is drawn when none is given."""
    unknown = sorted(set(data) - {*GENERATE_FIELDS, "option", "lang"})
    if unknown:
        raise CoachError(f"unknown field {unknown[0]!r}: the conditions are {', '.join(GENERATE_FIELDS)}")
    count = _field(data, "count", int, 1)
    if not 1 <= count <= max_count:
        raise CoachError(f"count must be 1 to {max_count}")
    seed = _field(data, "seed", int)
    seed = secrets.randbelow(2**32) if seed is None else seed  # a random one that JavaScript numbers hold exactly
    if not 0 <= seed < 2**63:
        raise CoachError("seed must be 0 to 2**63-1")
    conditions: dict[str, Any] = {"count": count, "seed": seed}
    for name, kind in (("level", str), ("points", str), ("symmetry", str), ("pattern", str), ("clues", str)):
        value = _field(data, name, kind)
        if value not in (None, ""):
            conditions[name] = value
    for name in ("require", "exclude"):
        codes = _field(data, name, list, [])
        if not all(isinstance(code, str) for code in codes):
            raise CoachError(f"{name} must be a list of technique codes")
        if codes:
            conditions[name] = codes
    return conditions


class Api:
    """The API's handlers around one service, whose pool and limits every request shares.

    The handlers are bound methods rather than closures of ``create_app`` so
    that each is a function of its own, and :meth:`routes` is the one table
    of the server's addresses (docs/http.md).
    """

    def __init__(self, service: Service) -> None:
        self.service = service
        self.limits = service.limits

    @asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        """The pool runs as long as the application does."""
        self.service.start()
        try:
            yield
        finally:
            self.service.stop()

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/", index),
            Route("/api/meta", self.meta),
            Route("/api/rate", self.rate),
            Route("/api/walkthrough", self.walkthrough),
            Route("/api/hint", self.hint, methods=["POST"]),
            Route("/api/generate", self.generate, methods=["POST"]),
            Route("/api/bulk", self.bulk, methods=["POST"]),
            Route("/api/bulk/{ident}", self.bulk_status),
            Route("/api/bulk/{ident}/records", self.bulk_records),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]

    def _rating_args(self, request: Request) -> tuple[str, str, str, str, float]:
        return (_text(request, "puzzle"), _text(request, "option", DEFAULT_OPTION), _text(request, "lang", "en"),
                _text(request, "notation", "giese"), self.limits.rate_seconds)

    async def meta(self, _request: Request) -> Response:
        limit = self.limits
        return JSONResponse({
            "version": __version__, "option": DEFAULT_OPTION, "languages": list(available_languages()),
            "notations": list(NOTATIONS), "formats": list(FORMATS),
            "levels": [{"key": level.key, "names": dict(level.names)} for level in load_levels().levels()],
            "limits": {"body_bytes": limit.body_bytes, "rate_seconds": limit.rate_seconds,
                       "generate_count": limit.generate_count, "bulk_puzzles": limit.bulk_puzzles},
        })

    async def rate(self, request: Request) -> Response:
        args = self._rating_args(request)
        return JSONResponse(await self.service.call(work.rate_record, *args, seconds=self.limits.rate_seconds))

    async def walkthrough(self, request: Request) -> Response:
        args = self._rating_args(request)
        return JSONResponse(await self.service.call(work.walkthrough, *args, seconds=self.limits.rate_seconds))

    async def hint(self, request: Request) -> Response:
        data = await _json_object(request)
        puzzle, position = _field(data, "puzzle", str), _field(data, "position", str)
        if puzzle is None or position is None:
            raise CoachError("give puzzle and position (81 characters each)")
        args = (puzzle, position, _field(data, "candidates", str), _field(data, "option", str, DEFAULT_OPTION),
                _field(data, "lang", str, "en"), _field(data, "notation", str, "giese"), self.limits.rate_seconds)
        return JSONResponse(await self.service.call(work.hint, *args, seconds=self.limits.rate_seconds))

    async def generate(self, request: Request) -> Response:
        data = await _json_object(request)
        conditions = _conditions(data, self.limits.generate_count)
        option, lang = _field(data, "option", str, DEFAULT_OPTION), _field(data, "lang", str, "en")
        seconds = self.limits.generate_seconds
        records = await self.service.call(work.generated, conditions, option, lang, seconds, seconds=seconds)
        return JSONResponse({"records": records, "seed": conditions["seed"]})

    async def bulk(self, request: Request) -> Response:
        option, lang = _text(request, "option", DEFAULT_OPTION), _text(request, "lang", "en")
        if request.headers.get("content-type", "").startswith("multipart/form-data"):
            async with request.form(max_files=1, max_fields=10, max_part_size=self.limits.body_bytes) as form:
                upload = form.get("file")
                if not isinstance(upload, UploadFile):
                    raise CoachError("the form needs a file field named file")
                data = await upload.read()
                option = str(form.get("option") or option)
                lang = str(form.get("lang") or lang)
        else:
            data = await request.body()
        job = self.service.submit(data, option, lang)
        return JSONResponse({"id": job.id}, status_code=202)

    async def bulk_status(self, request: Request) -> Response:
        return JSONResponse(self.service.job(request.path_params["ident"]).status())

    async def bulk_records(self, request: Request) -> Response:
        job = self.service.job(request.path_params["ident"])
        fmt = _text(request, "format", "jsonl")
        if fmt not in FORMATS:
            raise CoachError(f"format must be {' or '.join(FORMATS)}")
        media = "text/csv" if fmt == "csv" else "application/x-ndjson"
        return PlainTextResponse(job.text(fmt), media_type=f"{media}; charset=utf-8",
                                 headers={"content-disposition": f'attachment; filename="ratings.{fmt}"'})


def create_app(limits: Limits | None = None) -> Starlette:
    """The coach as an ASGI application; its service (the pool) lives as long as the application runs."""
    service = Service(limits)
    api = Api(service)
    app = Starlette(routes=api.routes(), lifespan=api.lifespan,
                    middleware=[Middleware(Guard, limit=service.limits.body_bytes)],
                    exception_handlers={InputError: _input_error, HTTPException: _http_error})
    app.state.service = service
    return app

"""The browser seat's page, served on the websocket's own port (issue 35).

``WebPage`` answers plain HTTP GETs for the page's few files before any websocket
handshake (websockets' ``process_request`` hook): they ship inside the package
(``spades_voice/web/``), are read once and served from memory, with headers that let the
page load nothing but itself and talk to nothing but its own websocket. It also knows the
page's own origin, which is the one browser origin the websocket lets in besides those an
operator allows: configured (``--public-url``) or the address the server listens on, never
"whatever the Host header says" (that would let any name, DNS rebinding included, in).

The page's data (``/app.json?lang=es``, one per language the game speaks; English when
the query names none it speaks) carries the keymap and the few sentences the page must
say with no server to ask (the connection lost), its headings and labels, the rules and
the bid list, all in that language; the words come from ``narration``, the keys from the
keymap the ``commands`` layer hands in: neither is copied into the page. The page's HTML
names each of its words (``data-words``, ``data-label``) and is served with the English
written in; the page puts the chosen language's in their place.
"""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response
from websockets.server import ServerProtocol

from spades_voice.narration import browser, notices, prompts, texts
from spades_voice.narration.language import Language, line, speaking
from spades_voice.rules import BID_CHOICES, Ruleset

#: The path a browser seat's websocket opens; every other path is a protocol-2 client's.
SEAT_PATH = "/seat"

#: Served files: path -> (package file, content type).
FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}
#: The page's script: native ES modules by responsibility (app.js imports the others).
MODULES = ("app", "state", "say", "keys", "draw", "connection", "language", "solo", "cues", "open",
           "phone")
FILES.update({f"/{m}.js": (f"{m}.js", "text/javascript; charset=utf-8") for m in MODULES})


@dataclass(frozen=True, slots=True)
class Keys:
    """The keymap as the page needs it: action -> key names (keymap.toml's), the keys as
    spoken in each language ("Shift S", "Mayúsculas S"), and each action's help sentence
    (its handler's docstring, in English: looked up in the catalog where it is said)."""

    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    spoken: Mapping[Language, Mapping[str, str]] = field(default_factory=dict)
    help: Mapping[str, str] = field(default_factory=dict)

    def spoken_in(self, lang: Language) -> Mapping[str, str]:
        """Action -> its keys as said in ``lang`` (English where ``lang`` has none)."""
        return self.spoken.get(lang) or self.spoken.get(Language.EN, {})


def chosen_language(value: object) -> Language:
    """The language a page asked for: one the game speaks, by its code, else English.
    Never an error: whatever a page sends, the seat is narrated.

    >>> chosen_language("es"), chosen_language("fr"), chosen_language(["es"])
    (<Language.ES: 'es'>, <Language.EN: 'en'>, <Language.EN: 'en'>)
    """
    return next((lang for lang in Language if lang.value == value), Language.EN)


def origins_for(public_url: str | None, host: str, port: int, *, tls: bool) -> list[str]:
    """The page's own origins, first the one its link uses: the public URL's when one is
    configured, else the address the server listens on; then this computer's own names
    for this port (``127.0.0.1`` and ``localhost`` can only reach this server on it).
    Never derived from a request.

    >>> origins_for(None, "127.0.0.1", 8765, tls=False)
    ['http://127.0.0.1:8765', 'http://localhost:8765']
    >>> origins_for("https://cards.example.org/", "0.0.0.0", 8765, tls=False)
    ['https://cards.example.org', 'http://127.0.0.1:8765', 'http://localhost:8765']
    """
    scheme = "https" if tls else "http"
    if public_url:
        parts = urlsplit(public_url)
        first = f"{parts.scheme}://{parts.netloc}"
    else:
        first = f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}"
    found = [first]
    for name in ("127.0.0.1", "localhost"):
        if f"{scheme}://{name}:{port}" not in found:
            found.append(f"{scheme}://{name}:{port}")
    return found


def page_data(keys: Keys, lang: Language = Language.EN, *, alone: bool = False) -> dict[str, Any]:
    """What the page reads before it connects, in ``lang``: keys, its headings and
    labels, and words it says on its own; ``alone``: this server lets a page play alone."""
    with speaking(lang):
        return {
            "alone": alone,
            "lang": lang.value,
            "keys": {name: list(k) for name, k in keys.keys.items()},
            "spoken": dict(keys.spoken_in(lang)),
            "help": {a: line(h) for a, h in {**keys.help, **browser.PAGE_HELP}.items()},
            "bids": [{"bid": b.to_json(), "label": prompts.bid_choice(b)} for b in BID_CHOICES],
            "rules": texts.rules_lines(Ruleset()),
            "page": {name: line(text) for name, text in browser.PAGE_WORDS.items()},
            "report": {name: line(text) for name, text in browser.REPORT_WORDS.items()},
            "words": {
                "lost": line(notices.CONNECTION_LOST),
                "gone": line(browser.CANNOT_RECONNECT),
                "unreachable": line(browser.CANNOT_REACH),
                "need_code": line(browser.NEED_CODE),
                "report": line(browser.REPORT_READY),
            },
        }


#: The page's named words: ``data-words="name">`` (the element's text follows, the
#: attribute last in its tag) and ``data-label="name"`` (its ``aria-label`` follows).
_WORDS = re.compile(r'data-words="([a-z_]+)">')
_LABEL = re.compile(r'data-label="([a-z_]+)"')
#: The language choice, filled with an option per language the game speaks.
_LANGUAGES = '<select id="language" name="language"></select>'


def page_html(template: str) -> str:
    """index.html with its named words in English and the language choice's options
    (each language named in itself, so a player finds theirs whatever is chosen)."""

    def english(found: re.Match[str]) -> str:
        return html.escape(browser.PAGE_WORDS[found.group(1)])

    filled = _WORDS.sub(lambda m: f"{m.group(0)}{english(m)}", template)
    filled = _LABEL.sub(lambda m: f'{m.group(0)} aria-label="{english(m)}"', filled)
    options = "".join(
        f'<option value="{lang.value}" lang="{lang.value}">{lang.native_name}</option>'
        for lang in Language
    )
    return filled.replace(_LANGUAGES, _LANGUAGES.replace("></", f">{options}</"))


#: The methods the page's files answer (a websocket opens with a GET).
METHODS = ("GET", "HEAD")


def refuse_method(request: Request) -> Response | None:
    """405, with ``Allow``, for a method the page does not answer; None for GET and HEAD.
    A DELETE, a TRACE or a made-up method never gets the page."""
    if request.method in METHODS:
        return None
    body = b"Method not allowed.\n"
    headers = Headers([
        ("Allow", ", ".join(METHODS)),
        ("Content-Type", "text/plain; charset=utf-8"),
        ("Content-Length", str(len(body))),
        ("Connection", "close"),
    ])
    status = HTTPStatus.METHOD_NOT_ALLOWED
    return Response(status.value, status.phrase, headers, body)


def headers_only(response: Response) -> Response:
    """A HEAD's answer: the GET's status and headers (its length included), no body."""
    return Response(response.status_code, response.reason_phrase, response.headers, b"")


class WebPage:
    """The page's files in memory, and the headers they are served with."""

    def __init__(self, keys: Keys, public_url: str | None = None) -> None:
        self.public_url = public_url
        self.keys = keys
        self.origins: list[str] = []
        self._files: dict[str, tuple[bytes, str]] = {}
        folder = resources.files("spades_voice") / "web"
        for path, (name, kind) in FILES.items():
            self._files[path] = ((folder / name).read_bytes(), kind)
        page = page_html(self._files["/"][0].decode("utf-8")).encode("utf-8")
        for path in ("/", "/index.html"):
            self._files[path] = (page, self._files[path][1])
        #: Each body's ETag, gzip form and its ETag, made on first asking (by the body's id:
        #: the bodies above live as long as the page).
        self._gzipped: dict[int, tuple[str, bytes, str]] = {}
        self._write_data(alone=False)

    def _write_data(self, *, alone: bool) -> None:
        #: /app.json in each language; the plain path is English.
        self._gzipped.clear()  # keyed by the bodies' ids: the old bodies are let go
        self._data = {
            lang: json.dumps(page_data(self.keys, lang, alone=alone),
                             separators=(",", ":")).encode()
            for lang in Language
        }
        self._files["/app.json"] = (self._data[Language.EN], "application/json")

    def offer_alone(self, files: Mapping[str, bytes], kind: str) -> None:
        """This server lets a page play alone (``spades_voice.alone``): the page shows
        Play alone, and serves ``files`` too (the sound cues it fetches)."""
        for path, body in files.items():
            self._files[path] = (body, kind)
        self._write_data(alone=True)

    def listening(self, host: str, port: int, *, tls: bool) -> list[str]:
        """The server is bound: the page's origins are now known (port 0 picks one)."""
        self.origins = origins_for(self.public_url, host, port, tls=tls)
        return self.origins

    def weight(self) -> tuple[int, int]:
        """Bytes of the page's files (each once, /app.json in English), plain and gzipped
        (the bench reports it)."""
        seen = {id(body): body for body, _ in self._files.values()}
        plain = sum(len(b) for b in seen.values())
        return plain, sum(len(gzip.compress(b, 9)) for b in seen.values())

    def respond(self, request: Request) -> Response | None:
        """The file a plain GET asks for, its headers alone for a HEAD, 405 for any other
        method; None for a websocket handshake (let it through)."""
        refused = refuse_method(request)
        if refused is not None:
            return refused
        if request.method == "HEAD":
            return headers_only(self._found(request))
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        return self._found(request)

    def _found(self, request: Request) -> Response:
        """The file the request's path names (404 for none), with /app.json in the
        language its query asks for."""
        path, _, query = request.path.partition("?")
        found = self._files.get(path)
        if found is None:
            return self._answer(HTTPStatus.NOT_FOUND, b"Not found.\n", "text/plain")
        if path == "/app.json":
            asked = parse_qs(query).get("lang", [""])[0]
            found = (self._data[chosen_language(asked)], found[1])
        return self._file(request, *found)

    def _file(self, request: Request, body: bytes, kind: str) -> Response:
        """A file as the request may take it: 304 when its If-None-Match names the file's
        ETag (a content hash: a reload costs nothing), gzipped when Accept-Encoding asks
        and it is smaller so, else plain. Each form has its own ETag."""
        plain_tag, packed, packed_tag = self._packed(body)
        gzipped = accepts_gzip(request.headers.get("Accept-Encoding", ""))
        tag = packed_tag if gzipped else plain_tag
        extra = [("ETag", tag), ("Vary", "Accept-Encoding")]
        if tag in if_none_match(request.headers.get("If-None-Match", "")):
            response = self._answer(HTTPStatus.NOT_MODIFIED, b"", kind, extra)
            del response.headers["Content-Length"]
            return response
        if gzipped:
            return self._answer(HTTPStatus.OK, packed, kind,
                                [*extra, ("Content-Encoding", "gzip")])
        return self._answer(HTTPStatus.OK, body, kind, extra)

    def _packed(self, body: bytes) -> tuple[str, bytes, str]:
        """A body's ETag, its gzip form (made once) and that form's ETag."""
        key = id(body)
        if key not in self._gzipped:
            digest = hashlib.sha256(body).hexdigest()[:20]
            self._gzipped[key] = (f'"{digest}"', gzip.compress(body, 9, mtime=0),
                                  f'"{digest}-gz"')
        return self._gzipped[key]

    def security_headers(self) -> list[tuple[str, str]]:
        """What every answer carries, the 200s and the refusals alike: the page may load
        nothing but itself and talk to nothing but its own websocket."""
        sockets = " ".join(
            f"{'wss' if o.startswith('https') else 'ws'}{o[o.index(':'):]}" for o in self.origins
        )
        csp = (
            "default-src 'none'; script-src 'self'; style-src 'self'; "
            f"connect-src 'self' {sockets}; img-src 'self'; base-uri 'none'; "
            "form-action 'none'; frame-ancestors 'none'"
        )
        return [
            ("Content-Security-Policy", csp),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
        ]

    def secure_refusals(self, protocol: ServerProtocol) -> None:
        """The answers websockets makes itself (400 and 403 at the handshake, 414 and 431
        while it reads the request, 429 from the door) carry the same security headers:
        each is made by the protocol's ``reject``, so this connection's one adds them."""
        plain = protocol.reject

        def reject(status: Any, text: str) -> Response:
            response = plain(status, text)
            for name, value in self.security_headers():
                response.headers[name] = value
            return response

        protocol.reject = reject  # type: ignore[method-assign]

    def _answer(self, status: HTTPStatus, body: bytes, kind: str,
                extra: list[tuple[str, str]] | None = None) -> Response:
        headers = Headers(
            [
                ("Content-Type", kind),
                ("Content-Length", str(len(body))),
                *self.security_headers(),
                ("Cache-Control", "no-cache"),
                ("Connection", "close"),
                *(extra or []),
            ]
        )
        return Response(status.value, status.phrase, headers, body)


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip (named, or ``*``, without q=0).

    >>> accepts_gzip("gzip, deflate, br"), accepts_gzip("br;q=1, gzip;q=0"), accepts_gzip("")
    (True, False, False)
    """
    for part in header.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            q = params.strip().removeprefix("q=")
            try:
                return not params.strip().startswith("q=") or float(q) > 0
            except ValueError:
                return False
    return False


def if_none_match(header: str) -> set[str]:
    """The ETags an If-None-Match header names (weak ones compare by their tag).

    >>> sorted(if_none_match('W/"a", "b"'))
    ['"a"', '"b"']
    """
    return {t.strip().removeprefix("W/") for t in header.split(",") if t.strip()}


def with_secure_refusals(
    base: type[ServerConnection], page: WebPage
) -> type[ServerConnection]:
    """``base`` (the server's connection class) whose refusals carry the page's headers."""

    def __init__(self: ServerConnection, protocol: ServerProtocol, *args: Any, **kw: Any) -> None:
        page.secure_refusals(protocol)
        base.__init__(self, protocol, *args, **kw)

    return type(f"Secured{base.__name__}", (base,), {"__init__": __init__})

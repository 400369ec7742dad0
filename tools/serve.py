"""Serve the game on http://127.0.0.1:PORT with the right content types (standard library only).

Pyodide hangs without an error when ``.wasm`` is not served as ``application/wasm``, and
module scripts need a JavaScript type for ``.mjs``; this server sets both.

    python3 tools/serve.py              # http://localhost:8000, with COOP and COEP (cross-origin isolated)
    python3 tools/serve.py --port 8080
    python3 tools/serve.py --plain      # neither header, as GitHub Pages

Python runs in a worker either way (static/js/game.mjs): the two hosts differ only in these headers.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os
import re
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".bin": "application/octet-stream",
}


ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
"""Pre-compressed copies served when the browser accepts them, best first (tools/build.py and
tools/vendor.py write them), as nginx's ``brotli_static``/``gzip_static`` do."""
HASHED = re.compile(r"/static/python/\w+-[0-9a-f]{16}\.(?:bin|zip|json)$|/vendor/pyscript/[\w.]+-[\w-]{8}\.js$")
"""Files whose names change with their content (the snapshot, the trimmed standard library, the
game bundle, PyScript's chunks): cached for a year."""
ISOLATION = (("Cross-Origin-Opener-Policy", "same-origin"), ("Cross-Origin-Embedder-Policy", "require-corp"))
"""Headers that make the page cross-origin isolated, as many hosts send them (nothing else differs:
Python runs in a worker on every host, static/js/game.mjs). Every file is the site's own, so
nothing is refused by them."""
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"  # everything else: kept, but checked with the server (a cheap 304) before use


def cache_control(url: str) -> str:
    """The Cache-Control header for a URL path.

    >>> cache_control("/static/python/snapshot-0123456789abcdef.bin"), cache_control("/index.html")
    ('public, max-age=31536000, immutable', 'no-cache')
    >>> cache_control("/static/vendor/pyscript/core-C9KDLldu.js"), cache_control("/static/python/stdlib-5907096ab106cf1a.zip")
    ('public, max-age=31536000, immutable', 'public, max-age=31536000, immutable')
    """
    return IMMUTABLE if HASHED.search(url.split("?")[0]) else REVALIDATE


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit types for the runtime's files, quiet unless asked.

    Where ``file.br`` or ``file.gz`` lies beside a file and the browser accepts that encoding, the
    compressed bytes are sent with ``Content-Encoding`` (see ENCODINGS); every response says how
    long it may be cached (see cache_control).
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    verbose = False
    isolate = False  # send ISOLATION (see make_server)

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        accepted = self.headers.get("Accept-Encoding", "")
        encoding, suffix = next(
            ((e, s) for e, s in ENCODINGS if e in accepted and os.path.isfile(path + s)), (None, "")
        )
        if not (encoding and os.path.isfile(path)):
            return super().send_head()
        modified = int(os.stat(path).st_mtime)
        if self._not_modified_since(modified):
            self.send_response(304)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        try:
            handle = open(path + suffix, "rb")  # returned to the base class, which closes it
        except OSError:
            return super().send_head()
        stat = os.fstat(handle.fileno())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return handle

    def end_headers(self):
        if self.command in ("GET", "HEAD"):
            self.send_header("Cache-Control", cache_control(self.path))
        for name, value in ISOLATION if self.isolate else ():
            self.send_header(name, value)
        super().end_headers()

    def _not_modified_since(self, modified: int) -> bool:
        """Whether the request's If-Modified-Since covers a file last changed at ``modified``."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            return modified <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def log_message(self, format, *args):  # named as in the base class, builtin or not
        if self.verbose:
            super().log_message(format, *args)


class IsolatingHandler(Handler):
    """A host that sends ISOLATION: the page is cross-origin isolated."""

    isolate = True


class Server(http.server.ThreadingHTTPServer):
    """A threading HTTP server for which a browser that stops a download midway is no error: the
    game's worker gives up a snapshot whose download would not pay (static/js/python.mjs), and a person
    closes a tab."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(
    root: Path = ROOT, port: int = 8000, host: str = "127.0.0.1", verbose: bool = False, isolate: bool = False
):
    """A threading HTTP server for ``root``; port 0 picks a free port (see ``server_address``).

    ``isolate``: send ISOLATION, so that the page is cross-origin isolated (Python runs in a worker either way).
    """
    handler = functools.partial(IsolatingHandler if isolate else Handler, directory=str(root))
    Handler.verbose = verbose
    return Server((host, port), handler)


def serve_in_background(root: Path = ROOT, port: int = 0, isolate: bool = False):
    """Start a server in a daemon thread and return it (tests use this)."""
    server = make_server(root, port, isolate=isolate)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--root", type=Path, default=ROOT, help="folder to serve (default: the repository)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    parser.add_argument(
        "--plain",
        action="store_true",
        help="send no COOP and COEP, as GitHub Pages (by default they are sent); Python runs in a worker either way",
    )
    args = parser.parse_args(argv)
    try:
        server = make_server(args.root, args.port, verbose=args.verbose, isolate=not args.plain)
    except OSError as error:
        print(
            f"serve: cannot listen on 127.0.0.1:{args.port}: {error.strerror}; choose another with PORT=",
            file=sys.stderr,
        )
        return 1
    print(f"Serving {args.root} at http://localhost:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

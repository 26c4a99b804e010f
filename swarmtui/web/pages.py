"""The pages the browser door serves: the login page, the app's page, and the fixed static files.

The app's page is textual-serve's (its terminal client ``textual.js``, with xterm.js, and its
style sheet and font, served from the installed ``textual_serve`` package) with two changes:
nothing is loaded from another site (textual-serve's page fetches a font from Google), and no
script runs inline, so the Content-Security-Policy can forbid inline scripts. ``static/page.js``
points the client at this server's websocket and shows why a session closed.

Static files are a fixed table (``static_files``): a request names one of them or gets 404, so
no URL reaches the file system beyond those files. Every value put into a page is escaped.
"""

from __future__ import annotations

import html
from importlib.resources import files
from pathlib import Path

OWN_STATIC = Path(__file__).resolve().parent / "static"


def static_files() -> dict[str, tuple[Path, str]]:
    """URL name -> (file, content type): textual-serve's client and ours, nothing else."""
    served = Path(str(files("textual_serve"))) / "static"
    return {
        "textual.js": (served / "js" / "textual.js", "text/javascript"),
        "xterm.css": (served / "css" / "xterm.css", "text/css"),
        "RobotoMono-VariableFont_wght.ttf": (served / "fonts" / "RobotoMono-VariableFont_wght.ttf", "font/ttf"),
        "page.js": (OWN_STATIC / "page.js", "text/javascript"),
        "page.css": (OWN_STATIC / "page.css", "text/css"),
    }


CONTENT_SECURITY_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
                           "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; "
                           "frame-ancestors 'none'")
"""Scripts, styles and fonts from this server only; no inline script (xterm.js sets inline styles,
which run no code); no framing (clickjacking)."""

_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<link rel="icon" href="data:,">
<title>{title}</title>
<link rel="stylesheet" href="/static/page.css">
{extra}</head>
"""


def login_page(title: str, *, guests: bool, error: str = "") -> str:
    """The form that takes a token (POSTed, never in the URL), and the guest button if allowed."""
    problem = f'<p class="error" role="alert">{html.escape(error)}</p>\n' if error else ""
    guest = ('<form method="post" action="/login">\n<input type="hidden" name="guest" value="1">\n'
             '<button type="submit" id="guest">Play as a guest</button>\n</form>\n'
             "<p>A guest's games are not kept after the session.</p>\n") if guests else ""
    return (_HEAD.format(title=html.escape(title), extra="") +
            '<body>\n<main class="login">\n'
            f"<h1>{html.escape(title)}</h1>\n{problem}"
            '<form method="post" action="/login">\n'
            '<label for="token">Your token (from the server\'s operator)</label>\n'
            '<input type="password" id="token" name="token" autocomplete="off" autofocus required>\n'
            '<button type="submit" id="play">Play</button>\n</form>\n'
            f"{guest}</main>\n</body>\n</html>\n")


def app_page(title: str, who: str) -> str:
    """The terminal: textual.js connects to ``/ws`` (``page.js`` sets the address) and draws the app."""
    extra = ('<link rel="stylesheet" href="/static/xterm.css">\n'
             '<script src="/static/page.js"></script>\n<script src="/static/textual.js"></script>\n')
    return (_HEAD.format(title=html.escape(title), extra=extra) +
            "<body>\n"
            f'<div class="bar"><span>{html.escape(title)}: {html.escape(who)}</span>'
            '<form method="post" action="/logout"><button type="submit" id="logout">Log out</button></form></div>\n'
            '<div id="terminal" class="textual-terminal" data-font-size="16"></div>\n'
            '<div class="closed-dialog"><div class="box"><p class="message">Session ended.</p>'
            '<button type="button" class="restart">Start again</button></div></div>\n'
            "</body>\n</html>\n")

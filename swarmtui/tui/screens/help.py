"""The help overlay: what the screen you are on does and its keys, on a modal screen closed with ?, Escape, q or Enter.

A screen says what it does in its ``HELP`` (Textual's class attribute for help text; here plain
text, shown as written: paragraphs separated by blank lines, ``term: meaning`` lines for its
entries and fields); the overlay shows it above the keys, which are read from the bindings
Textual resolves. A screen without ``HELP`` shows its keys alone.

(``q`` reaches the app's priority binding first; ``SwarmApp.action_quit`` closes this screen.)
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterator
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

QUIT_AND_HELP = [
    Binding("q", "app.quit_key", "Quit"),
    Binding("question_mark", "app.help", "Help"),
]
"""The app's quit and help keys, listed first in a screen's BINDINGS so the footer shows them
right after the board's keys: a long footer is cut at the right edge of an 80-column terminal,
and these two must never be what is cut (the app's own bindings come last in the footer)."""

def key_name(app: App[object], binding: Binding, key: str) -> str:
    """How a key reads in the help: Textual's display name (``⏎``, ``?``), or the key itself."""
    shown = app.get_key_display(Binding(key, binding.action, binding.description, key_display=binding.key_display))
    return shown or key


def screen_keys(screen: Screen[Any]) -> list[tuple[str, list[tuple[str, str]]]]:
    """The keys that act on ``screen`` now, in sections: the focused widget's, the screen's, the app's.

    Built from the bindings Textual resolves for the screen (``active_bindings``: one binding per
    key, the focused widget's before the screen's before the app's), so the help lists exactly
    the keys of the screen you are on, each with the one meaning it has there. Keys that share
    a meaning are listed together (``↑ k``).
    """
    app = screen.app
    sections: dict[str, dict[str, list[str]]] = {}
    for key, active in screen.active_bindings.items():
        binding, node = active.binding, active.node
        what = binding.tooltip or binding.description or binding.action
        if node is app or binding.action.startswith("app."):
            title = "Anywhere"
        elif node is screen:
            title = getattr(screen, "HELP_TITLE", "") or "This screen"
        else:
            title = getattr(node, "HELP_TITLE", "") or type(node).__name__
        sections.setdefault(title, {}).setdefault(what, []).append(key_name(app, binding, key))
    if "Anywhere" in sections:
        sections["Anywhere"] = sections.pop("Anywhere")  # last, after the screen's own keys
    return [(title, [(" ".join(keys), what) for what, keys in rows.items()]) for title, rows in sections.items()]


def screen_about(screen: Screen[Any]) -> str:
    """What ``screen`` does, from its ``HELP`` (empty when it has none)."""
    about = getattr(screen, "HELP", "")
    return about.strip() if isinstance(about, str) else ""


def help_text(sections: list[tuple[str, list[tuple[str, str]]]], about: str = "") -> Text:
    """What the screen does (``about``, under a bold heading), then the key table as plain text
    with bold section names."""
    text = Text(end="")
    if about:
        text.append("What this screen does", style="bold underline")
        text.append(f"\n{about}")
    for i, (section, rows) in enumerate(sections):
        if i or about:
            text.append("\n\n")
        text.append(section, style="bold underline")
        width = max(len(keys) for keys, _ in rows) + 2
        for keys, what in rows:
            text.append(f"\n  {keys:<{width}}{what}")
    return text


class HelpScreen(ModalScreen[None]):
    """Says what the screen does and lists its keys; any of ?, Escape, q, Enter closes it."""

    CSS_PATH = "help.tcss"

    BINDINGS = [Binding("question_mark,escape,enter,q", "close", "Close")]

    def __init__(self, sections: list[tuple[str, list[tuple[str, str]]]], title: str = "Keys",
                 about: str = "") -> None:
        super().__init__()
        self.sections = sections
        self.title_line = title
        self.about = about
        """What the screen does (its ``HELP``), shown above the keys."""

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:  # scrolls (arrows) when the keys outgrow the terminal
            box.border_title = self.title_line
            box.border_subtitle = "? esc q enter: close"
            yield Static(help_text(self.sections, self.about))

    def action_close(self) -> None:
        self.dismiss()


def screen_commands(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """The actions of ``screen``'s keys as command-palette entries (``Undo (u)``, ``Export (e)``):
    the keys ``screen_keys`` lists, less the app's own and the cursor moves."""
    app = screen.app
    seen: set[str] = set()
    for key, active in screen.active_bindings.items():
        binding, node = active.binding, active.node
        if node is app or binding.action.startswith(("app.", "move(")) or not active.enabled:
            continue
        name = binding.description or binding.action
        if name in seen:
            continue
        seen.add(name)
        action = binding.action

        def run(action: str = action, node: DOMNode = node) -> Awaitable[bool]:
            return app.run_action(action, node)

        yield SystemCommand(f"{name} ({key_name(app, binding, key)})", binding.tooltip or name, run)

"""The CLI reference page, generated from the argparse parsers (so it follows new commands).

The parser is the caller's (``riskspec docs build`` passes its own, :func:`riskspec.cli.build_parser`):
the command line runs the site's build, so the site does not import the command line back."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager

from riskspec.docsite import md

PAGE = "cli.md"


@contextmanager
def _columns(n: int) -> Iterator[None]:
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(n)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, one-line help, parser) of each direct subcommand, in the order --help lists them."""
    out = []
    for action in parser._actions:  # noqa: SLF001 - argparse has no public accessor
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            helps = {a.dest: a.help or "" for a in action._choices_actions}  # noqa: SLF001
            for name, sub in action.choices.items():
                out.append((name, helps.get(name, ""), sub))
    return out


def _walk(parser: argparse.ArgumentParser, path: list[str], level: int) -> list[str]:
    out = []
    for name, help_, sub in _subcommands(parser):
        full = path + [name]
        out += [md.heading(level, md.code(" ".join(full)), "cmd-" + "-".join(full[1:])), ""]
        if help_:
            out += [md.cell(help_[0].upper() + help_[1:]) + ".", ""]
        out += ["```text", sub.format_help().rstrip(), "```", ""]
        out += _walk(sub, full, min(level + 1, 4))
    return out


def cli_page(parser: argparse.ArgumentParser) -> str:
    with _columns(96):
        top = parser.format_help().rstrip()
        body = _walk(parser, [parser.prog], 2)
    names = [n for n, _, _ in _subcommands(parser)]
    out = ["# Command-line reference", "",
           "Generated from the command's own argument parsers on every build, so it lists "
           "exactly the commands and options of this version. Every command prints the same "
           "text with `--help`.", "",
           "Commands: " + ", ".join(md.link(md.code(n), PAGE, PAGE, f"cmd-{n}") for n in names)
           + ".", "", "```text", top, "```", ""]
    return "\n".join(out + body)

"""``tabletop --help``, ``list``, ``rules`` and the plugin hook, run as real processes."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop.cli.app import rules_path

from .runner import assert_clean_failure, invoke, run

PUBLIC = [info.name for info in tabletop.games() if not info.name.startswith("test-")]


def test_help_names_every_command():
    result = run("--help")
    assert result.returncode == 0
    for command in ("list", "rules", "play", "replay", "render"):
        assert command in result.stdout
    for command in ("play", "replay", "render", "list", "rules"):
        sub = invoke(command, "--help")
        assert sub.exit_code == 0 and "Usage" in sub.stdout, command


def test_no_arguments_shows_help_and_unknown_command_is_a_usage_error():
    assert "Usage" in invoke().stdout + invoke().stderr
    result = invoke("fly")
    assert result.exit_code == 2 and "No such command" in result.stderr


def test_version():
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [f"tabletop {tabletop.__version__}", f"engine: {tabletop.native.status()}"]


def test_list_hides_test_games_and_shows_metadata():
    result = run("list")
    assert result.returncode == 0
    assert "test-pig" not in result.stdout and "test-guess" not in result.stdout
    assert "Seat kinds: human" in result.stdout and "random" in result.stdout
    for name in PUBLIC:
        assert name in result.stdout
    listed = json.loads(invoke("list", "--json").stdout)
    assert [g["name"] for g in listed] == PUBLIC
    for game in listed:
        assert {"title", "seats", "options", "hidden_information", "turn_style"} <= set(game)


def test_rules_for_a_game_without_a_document_fails_cleanly():
    assert_clean_failure(invoke("rules", "test-pig"), 1, "has no rules document")
    assert_clean_failure(invoke("rules", "chess"), 1, "there is no game 'chess'")


@pytest.mark.parametrize("name", [n for n in PUBLIC if rules_path(n).is_file()])
def test_rules_print_the_games_document(name):
    raw = run("rules", name, "--raw")
    assert raw.returncode == 0 and raw.stdout == rules_path(name).read_text(encoding="utf-8")
    rendered = invoke("rules", name)
    assert rendered.exit_code == 0 and len(rendered.stdout) > 200


def test_a_broken_plugin_is_a_clean_error():
    result = invoke("list", TABLETOP_PLUGINS="no_such_module_anywhere")
    assert_clean_failure(result, 1, "cannot load plugin 'no_such_module_anywhere'")

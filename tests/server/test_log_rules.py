"""Every log line a client is sent names the rule that produced it, so the browser can link it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import attach, join_all, open_table


@pytest.mark.parametrize("game", ["travel-sfb", "fightball", "cargo-bay-ball"])
def test_every_log_line_sent_names_its_rule(client: TestClient, game: str) -> None:
    """Games that log some lines without a rule of their own still send the rule for their kind."""
    table = open_table(client, game, {}, ["human", "random"])
    tokens = join_all(client, table)
    seen = attach(client, table["id"], next(iter(tokens.values())))
    assert seen.log
    assert [line["text"] for line in seen.log if not line["rule"]] == []

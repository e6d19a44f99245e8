"""Friends at one table in separate browsers: seat links opened again, double clicks, an undo across a restart."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .conftest import Server
from .playing import open_table, sit_down


@contextmanager
def person(browser: Any, url: str, name: str = "") -> Iterator[Any]:
    """A browser of one's own (its own storage) opened at ``url`` (a seat link: sitting down there, named
    ``name``); its page keeps the messages it sent."""
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.sent = []
    page.on("websocket", lambda socket: socket.on(
        "framesent", lambda payload: page.sent.append(json.loads(payload)) if isinstance(payload, str) else None))
    if "#/join/" in url:
        sit_down(page, url, name)
    else:
        page.goto(url)
    try:
        yield page
    finally:
        context.close()


def two_people(server: Server) -> tuple[str, str, str]:
    table = server.post("/api/tables", {"game": "friendly-competition", "seats": ["human", "human"], "seed": 4,
                                        "pace": 0, "options": {"match_turns": 12}})
    return table["id"], f"{server.url}/#/join/{table['id']}/seat1", f"{server.url}/#/join/{table['id']}/seat2"


def mover(*pages: Any) -> Any:
    """The page whose turn it is, once one of them says so."""
    for _ in range(200):
        for page in pages:
            if page.evaluate("document.body.dataset.yourTurn") == "true":
                return page
        pages[0].wait_for_timeout(50)
    raise AssertionError("it is nobody's turn")


def test_a_seat_link_opened_again_goes_back_to_the_seat_and_a_taken_one_says_what_to_do(
        browser: Any, server: Server) -> None:
    _table, ann_link, bob_link = two_people(server)
    with person(browser, ann_link, "Ann") as ann:
        ann.goto(bob_link)  # the host checks the link she is about to send
        assert "already sits at this table as Seat 1" in ann.wait_for_selector("#already-seated").inner_text()
        ann.click("#already-seated a")
        ann.wait_for_selector("body[data-status]")
        assert "/seat1/" in ann.url
        with person(browser, bob_link, "Bob \u202e") as bob:
            bob.wait_for_selector("body[data-status='running']")
            assert bob.inner_text("#table-options") == "Options changed from the rulebook: match turns 12"
            ann.wait_for_function("document.getElementById('players').textContent.includes('Seat 2 Bob')")
            seat_page = bob.url
            bob.goto(server.url + "/")
            bob.wait_for_selector("[data-list=watch]")
            bob.goto(bob_link)  # the link in the chat, clicked again after closing the tab
            bob.wait_for_selector("body[data-status='running']")
            assert bob.url == seat_page and "Seat 2" in bob.inner_text("#where")
            ann.goto(bob_link)  # now taken: straight back to her own seat
            ann.wait_for_selector("body[data-status='running']")
            assert "/seat1/" in ann.url
            with browser.new_context() as elsewhere:  # another device, or someone else given the link
                stranger = elsewhere.new_page()
                stranger.goto(bob_link)
                problem = stranger.wait_for_selector("#join-problem").inner_text()
                assert "Seat 2 at this table is already taken" in problem and "your own seat link" in problem
                stranger.goto(bob_link.replace("seat2", "seat9"))
                assert "There is no Seat 9 at this table" in stranger.wait_for_selector("#join-problem").inner_text()
                stranger.click("text=Watch the game")
                stranger.wait_for_selector("body[data-status='running']")
                assert "watching" in stranger.inner_text("#where")


def test_a_double_click_on_a_move_sends_it_once(browser: Any, server: Server) -> None:
    _table, ann_link, bob_link = two_people(server)
    with person(browser, ann_link) as ann, person(browser, bob_link) as bob:
        for step in ("0", "1"):
            page = mover(bob, ann)
            page.wait_for_function("([s]) => document.body.dataset.step === s", arg=[step])
            page.locator("#legal .legal-action").first.dblclick()
            page.wait_for_function("([s]) => document.body.dataset.step !== s", arg=[step])
        ann.wait_for_timeout(300)
        assert sorted(message["step"] for page in (ann, bob) for message in page.sent if message["type"] == "act") == [0, 1]
        assert ann.locator("#toast.problem.shown").count() == bob.locator("#toast.problem.shown").count() == 0


def test_in_real_time_a_double_click_or_a_key_pressed_twice_sends_one_action(browser: Any, server: Server) -> None:
    table = server.post("/api/tables", {"game": "fightball", "seats": ["human", "random:speed=30"], "pace": 0})
    with person(browser, f"{server.url}/#/join/{table['id']}/home") as page:
        page.wait_for_selector("body[data-status='running']")
        page.locator("#legal .legal-action", has_text="Draw").dblclick()
        # the computer's moves count too where home sees them, so the step may pass 1 and 2 quickly
        page.wait_for_function("Number(document.body.dataset.step) >= 1")
        page.wait_for_selector("#legal .legal-action:has-text('Discard')")
        page.keyboard.press("x")
        page.keyboard.press("x")
        page.wait_for_function("Number(document.body.dataset.step) >= 2")
        page.wait_for_timeout(300)
        assert [message["action"]["kind"] for message in page.sent if message["type"] == "act"] == ["draw", "discard"]
        assert page.locator("#toast.problem.shown").count() == 0


def test_an_undo_asked_before_a_restart_is_not_offered_after_it(browser: Any, tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    try:
        _table, ann_link, bob_link = two_people(server)
        with person(browser, ann_link) as ann, person(browser, bob_link) as bob:
            asker = mover(bob, ann)
            other = ann if asker is bob else bob
            asker.click("#legal .legal-action")
            asker.click("#undo button")
            other.wait_for_selector("#undo .undo-request")
            server.kill()
            server.start()  # the server forgets an undo waiting for answers
            for page in (asker, other):
                page.wait_for_selector("#connection.live")
            other.wait_for_selector("#undo .undo-request", state="detached")
            asker.wait_for_function("!document.getElementById('undo').textContent.includes('asked to undo')")
            for page in (asker, other):
                assert "undo request lapsed" in page.inner_text("#toast")
    finally:
        server.kill()


def test_the_lobby_shows_games_being_played_past_a_pile_of_abandoned_open_tables(page: Any, server: Server) -> None:
    played = server.post("/api/tables", {"game": "cargo-bay-ball", "seats": ["human", "human"], "name": "Friday night"})
    for seat in ("seat1", "seat2"):
        server.post(f"/api/tables/{played['id']}/join", {"seat": seat})
    for _ in range(101):
        server.post("/api/tables", {"game": "travel-sfb", "seats": ["human", "human"]})
    page.goto(server.url + "/")
    row = page.locator("[data-list='watch'] .table-row", has=page.locator(f"a[href='#/table/{played['id']}']"))
    assert "Friday night" in row.inner_text()
    assert page.locator("[data-list='join'] .table-row").count() <= 30
    page.click("button[data-game='travel-sfb']")
    assert page.text_content("label[for='option-ship1']").startswith("Seat 1's ship")


def test_a_finished_game_whose_record_is_private_shows_its_end_instead_of_a_dead_replay(
        page: Any, server: Server) -> None:
    table = server.post("/api/tables", {"game": "travel-sfb", "options": {"turn_limit": 1}, "seats": ["random", "random"],
                                        "pace": 0, "reveal_at_end": False})
    for _ in range(300):  # two computers play the one turn
        if server.get(f"/api/tables/{table['id']}")["status"] == "finished":
            break
        page.wait_for_timeout(100)
    page.goto(server.url + "/")
    row = page.locator("[data-list='replay'] .table-row", has=page.locator(f"a[href='#/table/{table['id']}']"))
    row.locator("a").click()
    page.wait_for_selector("#outcome:not([hidden])")
    page.goto(f"{server.url}/#/replay/{table['id']}")
    assert "keeps its record private" in page.wait_for_selector("#replay-problem").inner_text()
    assert page.locator("#replay-step").count() == 0


def test_an_undo_of_a_hidden_decision_reads_as_hidden_to_the_other_person(browser: Any, server: Server) -> None:
    table = server.post("/api/tables", {"game": "travel-sfb", "seats": ["human", "human"], "seed": 3, "pace": 0})
    with person(browser, f"{server.url}/#/join/{table['id']}/seat1") as ann, \
            person(browser, f"{server.url}/#/join/{table['id']}/seat2") as bob:
        ann.wait_for_function("document.body.dataset.yourTurn === 'true'")
        ann.click("#legal .legal-action:has-text('Put ')")
        ann.click("#undo button")
        asked = bob.wait_for_selector("#undo .undo-request").inner_text()
        assert "Seat 1 asks to take back their last decision (which is hidden from you)" in asked
        assert "seat1" not in asked and "Put " not in asked


@contextmanager
def alone_at_a_table(browser: Any, tmp_path: Path) -> Iterator[tuple[Server, dict[str, Any], Any]]:
    """A server of the test's own (to stop or start again), a table against the computer, and its
    player connected to it."""
    server = Server(tmp_path)
    server.start()
    try:
        table = server.post("/api/tables", {"game": "friendly-competition", "seats": ["human", "random"], "pace": 0})
        with person(browser, f"{server.url}/#/join/{table['id']}/seat1") as ann:
            ann.wait_for_selector("#connection.live")
            yield server, table, ann
    finally:
        server.kill()


def test_a_link_gone_silent_is_noticed_and_made_again(browser: Any, tmp_path: Path) -> None:
    with alone_at_a_table(browser, tmp_path) as (server, _table, ann):
        assert server.process is not None
        # A server that answers nothing while the connection stays up: as a network that drops
        # every packet, or a laptop that slept, looks from the other end.
        os.kill(server.process.pid, signal.SIGSTOP)
        try:
            ann.wait_for_selector("#connection.lost", timeout=30_000)
        finally:
            os.kill(server.process.pid, signal.SIGCONT)
        ann.wait_for_selector("#connection.live", timeout=30_000)
        assert any(message["type"] == "ping" for message in ann.sent)


def test_waiting_for_someone_who_left_says_they_are_not_connected(browser: Any, server: Server) -> None:
    _table, ann_link, bob_link = two_people(server)
    with person(browser, ann_link) as ann, person(browser, bob_link) as bob:
        leaving = mover(ann, bob)
        waiting = bob if leaving is ann else ann
        seat = "Seat 1" if leaving is ann else "Seat 2"
        assert waiting.inner_text("#status") == f"Waiting for {seat}."
        leaving.context.close()
        waiting.wait_for_function(f"document.getElementById('status').textContent.startsWith("
                                  f"'Waiting for {seat} (not connected). They can come back')")


def test_seat_links_are_copied_where_the_clipboard_api_is_missing(page: Any, server: Server) -> None:
    # As at http://192.168.1.5:8000, a server on the home network: no clipboard API outside https or localhost.
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined })")
    open_table(page, server, "travel-sfb", {}, ["human", "human"])
    page.click(".seat-link button")
    page.wait_for_selector("#toast.shown")
    assert page.inner_text("#toast") == "Link copied"
    page.click("text=Copy my link")
    page.wait_for_function("document.getElementById('toast').textContent === 'Your seat link is copied'")


def test_a_table_the_restarted_server_no_longer_has_is_said_to_be_gone(browser: Any, tmp_path: Path) -> None:
    with alone_at_a_table(browser, tmp_path) as (server, table, ann):
        server.kill()
        (tmp_path / "tabletop.db").unlink()  # started again on a fresh database
        server.start()
        ann.wait_for_function("document.getElementById('status').textContent.startsWith("
                              f"\"there is no table '{table['id']}'\")", timeout=20_000)
        hellos = sum(message["type"] == "hello" for message in ann.sent)
        ann.wait_for_timeout(2500)  # long enough for two more tries, were it still trying
        assert sum(message["type"] == "hello" for message in ann.sent) == hellos
        assert ann.inner_text("#connection") == "○ table gone"


def test_a_private_table_made_in_the_lobby_is_reached_only_through_its_link(browser: Any, server: Server) -> None:
    listed = server.post("/api/tables", {"game": "cargo-bay-ball", "seats": ["human", "human"]})
    with person(browser, server.url + "/") as host:
        host.click("button[data-game='travel-sfb']")
        host.select_option("[data-seat='1']", "human")
        host.check("[name=private]")
        host.click("button.primary")
        host.wait_for_selector("body[data-status='open']")
        link = host.input_value("input[aria-label='link for seat2']")
        assert "only these links lead here" in host.inner_text(".private-table")
        table_id = link.split("/")[-2]
        assert server.get(f"/api/tables/{table_id}")["settings"]["private"]
        with person(browser, server.url + "/") as stranger:
            stranger.wait_for_selector(f"[data-list='join'] a[href='#/table/{listed['id']}']")
            assert stranger.locator(f"a[href*='{table_id}']").count() == 0
            assert stranger.locator("[data-list='mine']").count() == 0
        # its maker finds it in the lobby, under their own private tables
        host.goto(server.url + "/")
        host.click(f"[data-list='mine'] a[href='#/table/{table_id}']")
        host.wait_for_selector("body[data-status='open']")
        with person(browser, link, "Bob") as bob:
            bob.wait_for_selector("body[data-status='running']")
            host.wait_for_selector("body[data-status='running']")

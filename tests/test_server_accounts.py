"""Accounts on a real server over loopback: signing up, in and out, the session's cookie, seats
that are an account's from any device, ratings of accounts only, rated tables, and the
``chickenfoot users`` commands that set accounts up."""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.account_helpers import PASSWORD, Visitor, first_frame, play_out, signed_up
from tests.server_helpers import CHICKENFOOT, Server, invite_of, serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, "accounts")


def ratings(server: Server) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in server.get("/api/ratings")["ratings"]}


# -- signing up, in and out -------------------------------------------------------------


def test_a_person_signs_up_and_is_signed_in_until_signing_out(server: Server) -> None:
    ann = Visitor(server)
    assert ann.me() is None
    status, answer = ann.sign_up("  Ann   Lee ")
    assert (status, answer) == (201, {"name": "Ann Lee"})
    assert ann.me() == "Ann Lee"
    session = ann.cookie
    status, _ = ann.request("POST", "/api/signout", {})
    assert status == 200
    assert ann.me() is None
    ann.cookie = session  # the old session is over on the server too, not only forgotten
    assert ann.me() is None
    assert ann.sign_in("ann lee") == (200, {"name": "Ann Lee"})
    assert ann.me() == "Ann Lee"


def test_the_session_cookie_is_httponly_samesite_and_holds_no_name(server: Server) -> None:
    # a name long enough that a random session key cannot hold it by chance ("bo" could)
    bartholomew = signed_up(server, "Bartholomew")
    cookie = bartholomew.set_cookie
    assert cookie is not None
    attributes = [part.strip().lower() for part in cookie.split(";")]
    assert attributes[0].startswith("chickenfoot_session=")
    assert "httponly" in attributes
    assert "samesite=lax" in attributes
    assert "path=/" in attributes
    assert "secure" not in attributes  # served over http: a Secure cookie would never return
    assert "bartholomew" not in attributes[0].split("=", 1)[1].lower()


def test_the_cookie_is_secure_where_people_reach_the_server_over_https(
    tmp_path: Path,
) -> None:
    running = Server(tmp_path, options=["--public-url", "https://play.example.org"])
    try:
        visitor = signed_up(running, "Cy")
        assert visitor.set_cookie is not None
        assert "secure" in [p.strip().lower() for p in visitor.set_cookie.split(";")]
    finally:
        running.stop()


def test_a_wrong_password_or_name_is_refused_alike(server: Server) -> None:
    signed_up(server, "Dag")
    stranger = Visitor(server)
    wrong_password = stranger.sign_in("Dag", "not the password")
    wrong_name = stranger.sign_in("Nobody Here", "not the password")
    assert wrong_password[0] == wrong_name[0] == 401
    assert wrong_password[1] == wrong_name[1]
    assert wrong_password[1]["code"] == "bad-sign-in"
    assert stranger.cookie is None and stranger.me() is None


FULL_WIDTH_MAGNUS = "".join(chr(ord(c) + 0xFEE0) for c in "Magnus")


@pytest.mark.parametrize("again", ["MAGNUS", "magnus", FULL_WIDTH_MAGNUS, " Magnus "])
def test_a_name_is_taken_whatever_its_case_or_unicode_form(server: Server, again: str) -> None:
    first = Visitor(server)
    status, _ = first.sign_up("Magnus")
    assert status in (201, 409)  # made by the first parameter's run
    status, answer = Visitor(server).sign_up(again)
    assert (status, answer["code"]) == (409, "name-taken")


def test_strasse_and_straße_are_one_name(server: Server) -> None:
    assert signed_up(server, "Straße").me() == "Straße"
    status, answer = Visitor(server).sign_up("STRASSE")
    assert (status, answer["code"]) == (409, "name-taken")


@pytest.mark.parametrize(
    ("name", "password", "code"),
    [
        ("", PASSWORD, "bad-name"),
        ("x" * 41, PASSWORD, "bad-name"),
        ("Eve\u200b", PASSWORD, "bad-name"),
        ("bot:expert", PASSWORD, "name-reserved"),
        ("BOT:Expert", PASSWORD, "name-reserved"),
        ("Eve", "short", "bad-password"),
    ],
)
def test_a_name_or_password_that_cannot_be_one_is_refused(
    server: Server, name: str, password: str, code: str
) -> None:
    status, answer = Visitor(server).sign_up(name, password)
    assert (status, answer["code"]) == (400, code)
    assert answer["message"]


def test_a_refusal_is_said_in_the_language_asked(server: Server) -> None:
    status, answer = Visitor(server).request(
        "POST", "/api/signin?lang=nb", {"name": "Nobody", "password": "whatever!"}
    )
    assert status == 401
    assert "passord" in answer["message"]


def test_malformed_account_requests_get_their_code(server: Server) -> None:
    visitor = Visitor(server)
    for body in ({"name": "x"}, {"name": "x", "password": "y" * 2000}, [1], {"name": 3}):
        status, answer = visitor.request("POST", "/api/signin", body)
        assert (status, answer["code"]) == (400, "bad-request"), body
    status, answer = visitor.request(
        "POST",
        "/api/signup",
        {"name": "Evil", "password": PASSWORD},
        {"Origin": "http://x.example"},
    )
    assert (status, answer["code"]) == (403, "cross-origin")


def test_failed_sign_ins_are_limited_per_name_and_per_address(tmp_path: Path) -> None:
    running = Server(tmp_path)
    try:
        signed_up(running, "Fay")
        guesser = Visitor(running)
        for _ in range(5):
            assert guesser.sign_in("Fay", "a wrong guess")[0] == 401
        status, answer = guesser.sign_in("fay")  # the right password, too late
        assert (status, answer["code"]) == (429, "too-many-sign-ins")
        for n in range(15):  # other names, same address: 20 failures in all
            assert guesser.sign_in(f"Someone {n}", "a wrong guess")[0] == 401
        signed_up(running, "Gus")
        status, answer = guesser.sign_in("Gus")
        assert (status, answer["code"]) == (429, "too-many-sign-ins")
    finally:
        running.stop()


def test_tables_are_counted_per_account_when_signed_in_else_per_address(tmp_path: Path) -> None:
    """Guests and two accounts behind one address (a club's router): the guests share the
    address's quota, each account has its own."""
    running = Server(tmp_path, options=["--tables-per-address", "2"])
    body = {"seats": [{"human": "Ann"}, {"bot": "easy"}], "sit": 0}
    try:
        guest, hal, ida = Visitor(running), signed_up(running, "Hal"), signed_up(running, "Ida")
        for visitor in (guest, guest, hal, hal, ida, ida):
            assert visitor.request("POST", "/api/tables", body)[0] == 201
        for visitor in (guest, Visitor(running), hal, ida):
            status, answer = visitor.request("POST", "/api/tables", body)
            assert (status, answer["code"]) == (429, "too-many-tables")
    finally:
        running.stop()


def test_a_session_survives_a_restart(tmp_path: Path) -> None:
    running = Server(tmp_path)
    try:
        hal = signed_up(running, "Hal")
    finally:
        running.stop()
    again = Server(tmp_path)
    try:
        hal.server = again
        assert hal.me() == "Hal"
    finally:
        again.stop()


# -- chickenfoot users, and serve --signup closed ----------------------------------------


def users(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``chickenfoot users`` in a process of its own."""
    return subprocess.run(
        [str(CHICKENFOOT), "users", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def users_here(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``chickenfoot users`` run in this process (a process of its own costs a second or
    more on a busy machine), answered as :func:`users` answers."""
    from typer.testing import CliRunner

    from chickenfoot.cli import app

    result = CliRunner().invoke(app, ["users", *args], input=stdin)
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)


def test_the_users_commands_add_list_change_and_remove_accounts(tmp_path: Path) -> None:
    """Through a ``chickenfoot users`` process of its own the first time and when the database
    cannot be reached (no traceback), in this process otherwise."""
    data = ["--data", str(tmp_path)]
    done = users("add", "Ida", "--password-stdin", *data, stdin=PASSWORD + "\n")
    assert done.returncode == 0, done.stderr
    assert "Ida" in done.stdout
    done = users_here("add", "IDA", "--password-stdin", *data, stdin=PASSWORD + "\n")
    assert done.returncode == 1
    assert done.stderr == "error: there is already an account named IDA\n"
    done = users_here("add", "Jon", "--password-stdin", *data, stdin="short\n")
    assert done.returncode == 1
    assert done.stderr.startswith("error: a password has 8 to 256 characters")
    done = users_here("add", "bot:x", "--password-stdin", *data, stdin=PASSWORD + "\n")
    assert done.returncode == 1 and "bot:" in done.stderr
    users_here("add", "Jon", "--password-stdin", *data, stdin=PASSWORD + "\n")
    listed = users_here("list", *data)
    assert listed.returncode == 0
    assert [line.split("\t")[0] for line in listed.stdout.splitlines()] == ["Ida", "Jon"]

    running = Server(tmp_path, options=["--signup", "closed"])
    try:
        ida = Visitor(running)
        assert ida.sign_in("ida") == (200, {"name": "Ida"})
        changed = users_here("password", "ida", "--password-stdin", *data, stdin="a new password\n")
        assert changed.returncode == 0, changed.stderr
        assert ida.me() is None  # signed out everywhere
        assert ida.sign_in("Ida")[0] == 401
        assert ida.sign_in("Ida", "a new password")[0] == 200
        removed = users_here("remove", "IDA", *data)
        assert removed.returncode == 0, removed.stderr
        assert ida.me() is None
        assert ida.sign_in("Ida", "a new password")[0] == 401
    finally:
        running.stop()
    done = users_here("remove", "Ida", *data)
    assert (done.returncode, done.stderr) == (1, "error: there is no account named Ida\n")
    left = users_here("list", *data).stdout.splitlines()
    assert [line.split("\t")[0] for line in left] == ["Jon"]
    for done in (
        users_here("password", "Nobody", "--password-stdin", *data, stdin=PASSWORD + "\n"),
        users("list", "--db", "postgresql://127.0.0.1:1/x"),
    ):
        assert done.returncode == 1
        assert done.stderr.startswith("error: ") and "Traceback" not in done.stderr


def test_the_users_command_asks_the_password_without_showing_it(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from chickenfoot.cli import app

    runner = CliRunner()
    typed = "a secret password\n"
    result = runner.invoke(app, ["users", "add", "Kai", "--data", str(tmp_path)], input=typed * 2)
    assert result.exit_code == 0, result.output
    assert "a secret password" not in result.output
    assert "account Kai made" in result.output


def test_with_signup_closed_only_the_users_command_makes_accounts(tmp_path: Path) -> None:
    running = Server(tmp_path, options=["--signup", "closed"])
    try:
        visitor = Visitor(running)
        status, answer = visitor.sign_up("Lea")
        assert (status, answer["code"]) == (403, "signup-closed")
        assert visitor.request("GET", "/api/me")[1] == {"name": None, "signup": "closed"}
        done = users("add", "Lea", "--password-stdin", "--data", str(tmp_path), stdin=PASSWORD)
        assert done.returncode == 0, done.stderr
        assert visitor.sign_in("Lea") == (200, {"name": "Lea"})
    finally:
        running.stop()


# -- seats, ratings and rated tables ------------------------------------------------------


def test_a_seat_taken_signed_in_is_the_accounts_from_any_device(server: Server) -> None:
    mia = signed_up(server, "Mia")
    status, made = mia.request(
        "POST", "/api/tables", {"seats": [{"human": "whatever"}, {"bot": "easy"}], "sit": 0}
    )
    assert status == 201
    table = made["table"]
    summary = server.get(f"/api/tables/{table}")
    assert summary["seats"][0]["name"] == "Mia" and summary["seats"][0]["account"]
    other_device = Visitor(server)
    assert other_device.sign_in("mia")[0] == 200
    guest = Visitor(server)

    async def look() -> tuple[dict[str, Any], dict[str, Any]]:
        async with other_device.socket(table) as ws:  # no token: the session says who
            mine = await first_frame(ws)
        async with guest.socket(table) as ws:
            theirs = await first_frame(ws)
        return mine, theirs

    mine, theirs = asyncio.run(look())
    assert mine["type"] == "snapshot" and mine["view"].get("hand")
    assert theirs["type"] == "snapshot" and theirs["view"].get("hand") is None


def test_a_match_played_by_guests_rates_nobody(server: Server) -> None:
    """Finding 3: the creator played both seats, and "Magnus", who never played, was rated."""
    creator = Visitor(server)
    body = {"seats": [{"human": "Nils"}, {"human": "Magnus"}], "length": "single", "sit": 0}
    status, made = creator.request("POST", "/api/tables", body)
    assert status == 201
    tokens = [made["seats"][0]["token"], creator.claim(made, 1)]  # Magnus's invite kept

    async def both_seats() -> None:
        async with (
            creator.socket(made["table"], tokens[0]) as a,
            creator.socket(made["table"], tokens[1]) as b,
        ):
            await asyncio.gather(play_out(a), play_out(b))

    asyncio.run(both_seats())
    assert server.get(f"/api/tables/{made['table']}")["status"] == "over"
    rated = ratings(server)
    assert "Magnus" not in rated and "Nils" not in rated


def test_a_rated_table_seats_accounts_only_once_each_and_rates_them(server: Server) -> None:
    olga = signed_up(server, "Olga")
    pia = signed_up(server, "Pia")
    guest = Visitor(server)
    body = {
        "seats": [{"human": "x"}, {"human": "y"}],
        "length": "single",
        "rated": True,
        "sit": 0,
    }
    status, answer = guest.request("POST", "/api/tables", body)
    assert (status, answer["code"]) == (403, "rated-needs-account")
    status, answer = olga.request("POST", "/api/tables", {**body, "seed": 4})
    assert (status, answer["code"]) == (400, "rated-no-seed")
    status, made = olga.request("POST", "/api/tables", body)
    assert status == 201
    table = made["table"]
    assert server.get(f"/api/tables/{table}")["rated"] is True
    invite = next(s["invite"] for s in made["seats"] if s["seat"] == 1)
    claim = {"table": table, "invite": invite_of(invite)}
    status, answer = guest.request("POST", "/api/claim", claim)
    assert (status, answer["code"]) == (403, "rated-needs-account")
    status, answer = olga.request("POST", "/api/claim", claim)  # the creator's second seat
    assert (status, answer["code"]) == (403, "rated-one-seat")
    tokens = [made["seats"][0]["token"], pia.claim(made, 1)]  # the invite left unspent

    async def refused(visitor: Visitor) -> tuple[dict[str, Any], int | None]:
        async with visitor.socket(table, tokens[1]) as ws:
            frame = await first_frame(ws)
            await ws.wait_closed()
            return frame, ws.close_code

    frame, code = asyncio.run(refused(guest))  # Pia's token, opened by a guest
    assert (frame["code"], code) == ("rated-needs-account", 4403)
    frame, code = asyncio.run(refused(olga))  # the creator taking the other seat too
    assert (frame["code"], code) == ("rated-one-seat", 4403)

    async def play() -> None:
        async with olga.socket(table, tokens[0]) as a:
            assert (await first_frame(a))["type"] == "lobby"
            async with pia.socket(table, tokens[1]) as b:
                assert (await first_frame(b))["type"] == "snapshot"
                await asyncio.gather(play_out(a), play_out(b))

    asyncio.run(play())
    summary = server.get(f"/api/tables/{table}")
    assert summary["status"] == "over" and summary["rated"] is True
    assert [s["name"] for s in summary["seats"]] == ["Olga", "Pia"]
    rated = ratings(server)
    assert rated["Olga"]["matches"] == rated["Pia"]["matches"] == 1


def test_a_rated_table_gives_no_hint_until_the_match_is_over(server: Server) -> None:
    rex = signed_up(server, "Rex")
    body = {"seats": [{"human": "Rex"}, {"bot": "beginner"}], "rated": True, "sit": 0}
    status, made = rex.request("POST", "/api/tables", body)
    assert status == 201

    async def ask() -> dict[str, Any]:
        async with rex.socket(made["table"]) as ws:
            frame = await first_frame(ws)
            while not frame.get("legal"):
                frame = await first_frame(ws)
            await ws.send(json.dumps({"type": "hint"}))
            while (frame := await first_frame(ws))["type"] != "error":
                pass
            return frame

    frame = asyncio.run(ask())
    assert frame["code"] == "rated-no-hints"


def test_a_seat_that_is_one_accounts_is_no_other_accounts(server: Server) -> None:
    sam = signed_up(server, "Sam")
    tea = signed_up(server, "Tea")
    body = {"seats": [{"human": "S"}, {"human": "T"}], "sit": 0}
    status, made = sam.request("POST", "/api/tables", body)
    assert status == 201

    async def opened() -> dict[str, Any]:
        async with tea.socket(made["table"], made["seats"][0]["token"]) as ws:  # Sam's, shared
            return await first_frame(ws)

    assert asyncio.run(opened())["code"] == "seat-of-another"
    status, again = sam.request(
        "POST", f"/api/tables/{made['table']}/invite", {"key": made["key"], "seat": 0}
    )
    assert status == 201
    claim = {"table": made["table"], "invite": invite_of(again["invite"])}
    status, answer = tea.request("POST", "/api/claim", claim)
    assert (status, answer["code"]) == (403, "seat-of-another")
    status, answer = sam.request("POST", "/api/claim", claim)  # the invite left unspent
    assert (status, answer["seat"]) == (200, 0)


def test_a_players_history_is_an_accounts_finished_matches(server: Server) -> None:
    wes = signed_up(server, "Wes")
    status, made = wes.request(
        "POST",
        "/api/tables",
        {"seats": [{"bot": "beginner"}, {"human": "Wes"}], "length": "single", "sit": 1},
    )
    assert status == 201

    async def play() -> None:
        async with wes.socket(made["table"]) as ws:
            await play_out(ws)

    asyncio.run(play())
    server.wait_over(made["table"])
    status, history = Visitor(server).request("GET", "/api/players/WES")
    assert status == 200
    assert history["name"] == "Wes"
    assert history["rating"] is None  # a match that was not rated
    assert [(m["table"], m["seat"], m["status"]) for m in history["matches"]] == [
        (made["table"], 1, "over")
    ]
    for nobody in ("Nils", "bot:beginner", "x" * 300):  # a guest, a computer player
        status, answer = Visitor(server).request("GET", f"/api/players/{nobody}")
        assert (status, answer["code"]) == (404, "no-such-player")

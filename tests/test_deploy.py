"""The deployment files of docs/deploy.md: the nginx site and the Caddyfile are valid for
their tools, the systemd unit for systemd, its command line starts the server, the three
name the same server; and the backups docs/deploy.md gives are served again. nginx, Caddy
and sqlite3 are installed by scripts/test where apt can."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import shlex
import shutil
import signal
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from tests.server_helpers import CHICKENFOOT, Server

DEPLOY = Path(__file__).parents[1] / "deploy"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
SYSTEMD_ANALYZE = shutil.which("systemd-analyze") or "/usr/bin/systemd-analyze"
SQLITE3 = shutil.which("sqlite3") or "/usr/bin/sqlite3"
PG_DUMP = shutil.which("pg_dump") or "/usr/bin/pg_dump"
PG_RESTORE = shutil.which("pg_restore") or "/usr/bin/pg_restore"
CERTIFICATE = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
CERTIFICATE += ["-subj", "/CN=play.example.org"]


def needs(tool: str) -> None:
    if not Path(tool).exists():
        pytest.skip(f"NO {Path(tool).name.upper()} at {tool}: scripts/test installs it")


def exec_start() -> list[str]:
    """The unit's command line, as systemd runs it."""
    return shlex.split(unit_setting("ExecStart"))


def unit_setting(name: str) -> str:
    found = re.search(rf"^{name}=(.+)$", (DEPLOY / "chickenfoot.service").read_text(), re.M)
    assert found is not None, name
    return found.group(1)


def option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


def test_the_nginx_site_is_valid_for_nginx(tmp_path: Path) -> None:
    needs(NGINX)
    # The certificate certbot would write: nginx -t reads it.
    subprocess.run(
        [*CERTIFICATE, "-keyout", "key.pem", "-out", "cert.pem"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    live = "/etc/letsencrypt/live/play.example.org/"
    site = (DEPLOY / "nginx.conf").read_text()
    assert f"{live}fullchain.pem" in site and f"{live}privkey.pem" in site
    site = site.replace(f"{live}fullchain.pem", str(tmp_path / "cert.pem"))
    (tmp_path / "site.conf").write_text(
        site.replace(f"{live}privkey.pem", str(tmp_path / "key.pem"))
    )
    (tmp_path / "nginx.conf").write_text(  # Debian's nginx.conf, in short, including the site
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n  access_log off;\n  include {tmp_path}/site.conf;\n}}\n"
    )
    checked = subprocess.run(
        [NGINX, "-t", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr


def test_the_caddyfile_is_valid_for_caddy_and_formatted_as_caddy_formats_it() -> None:
    needs(CADDY)
    caddyfile = str(DEPLOY / "Caddyfile")
    checked = subprocess.run(
        [CADDY, "validate", "--config", caddyfile, "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    assert "Valid configuration" in checked.stdout + checked.stderr
    formatted = subprocess.run([CADDY, "fmt", caddyfile], capture_output=True, text=True)
    assert formatted.stdout == (DEPLOY / "Caddyfile").read_text()


def test_the_systemd_unit_is_valid_for_systemd(tmp_path: Path) -> None:
    needs(SYSTEMD_ANALYZE)
    unit = (DEPLOY / "chickenfoot.service").read_text()
    # systemd checks that the program exists: this checkout's, where the unit has /opt's.
    program = exec_start()[0]
    assert program == "/opt/chickenfoot/bin/chickenfoot"
    here = tmp_path / "chickenfoot.service"
    here.write_text(unit.replace(f"ExecStart={program} ", f"ExecStart={CHICKENFOOT} "))
    checked = subprocess.run([SYSTEMD_ANALYZE, "verify", str(here)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr.strip() == ""  # unknown keys and bad values are only warned of


def test_the_units_command_line_starts_the_server_its_proxies_send_to(tmp_path: Path) -> None:
    args = exec_start()
    assert args[1] == "serve"
    port, public = option(args, "--port"), option(args, "--public-url")
    host = public.removeprefix("https://")
    assert option(args, "--host") == "127.0.0.1"  # reached through the proxy only
    assert option(args, "--forwarded-allow-ips") == "127.0.0.1"
    assert f"server 127.0.0.1:{port};" in (DEPLOY / "nginx.conf").read_text()
    assert f"server_name {host};" in (DEPLOY / "nginx.conf").read_text()
    caddyfile = (DEPLOY / "Caddyfile").read_text()
    assert f"\n{host} {{" in caddyfile and f"reverse_proxy 127.0.0.1:{port}" in caddyfile
    mine = [str(CHICKENFOOT), *args[1:]]
    mine[mine.index("--port") + 1] = "0"
    mine[mine.index("--data") + 1] = str(tmp_path)
    process = subprocess.Popen(mine, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, process.stderr.read() if process.stderr else line
        url = "http://" + line.split("http://", 1)[1].split("/", 1)[0]
        with urllib.request.urlopen(f"{url}/healthz", timeout=30) as answer:
            assert json.load(answer) == {"alive": True}
    finally:  # as systemctl stop stops it
        process.send_signal(getattr(signal, unit_setting("KillSignal")))
        clean = {"0", *unit_setting("SuccessExitStatus").split()}
        assert str(process.wait(timeout=30)) in clean
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def test_a_sqlite_backup_of_a_running_server_is_served_again(tmp_path: Path) -> None:
    needs(SQLITE3)
    (tmp_path / "live").mkdir()
    running = Server(tmp_path / "live")
    try:
        made = running.post("/api/tables", {"seats": [{"human": "Ann"}, {"bot": "easy"}]})
        backups = tmp_path / "backups"
        backups.mkdir()
        database = tmp_path / "live" / "chickenfoot.db"
        # docs/deploy.md's two ways, while the server runs
        subprocess.run(
            [SQLITE3, str(database), f".backup '{backups}/chickenfoot.db'"],
            check=True,
            capture_output=True,
        )
        subprocess.run(
            [SQLITE3, str(database), f"VACUUM INTO '{backups}/vacuumed.db'"],
            check=True,
            capture_output=True,
        )
    finally:
        running.stop()
    for copy in ("chickenfoot.db", "vacuumed.db"):
        restored = tmp_path / f"restored-{copy}"
        restored.mkdir()
        shutil.copy(backups / copy, restored / "chickenfoot.db")
        again = Server(restored)
        try:
            summary = again.get(f"/api/tables/{made['table']}")
            assert (summary["status"], summary["seats"][0]["name"]) == ("waiting", "Ann")
        finally:
            again.stop()


POSTGRES = "postgresql://127.0.0.1:5432"


def postgres(*statements: str) -> None:
    async def run() -> None:
        conn = await asyncpg.connect(f"{POSTGRES}/test", timeout=5)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()

    asyncio.run(run())


@pytest.fixture
def two_databases() -> Iterator[tuple[str, str]]:
    """Two new, empty databases on the machine's PostgreSQL, dropped afterwards."""
    names = [f"chickenfoot_{secrets.token_hex(6)}" for _ in range(2)]
    try:
        postgres(*(f'CREATE DATABASE "{name}"' for name in names))
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.skip(f"NO POSTGRESQL SERVER at {POSTGRES} ({exc}): pg_dump is untested")
    try:
        yield names[0], names[1]
    finally:
        postgres(*(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)' for name in names))


def test_a_pg_dump_of_a_running_server_is_served_again(
    tmp_path: Path, two_databases: tuple[str, str]
) -> None:
    live, restored = two_databases
    needs(PG_DUMP)
    running = Server(tmp_path, options=["--db", f"{POSTGRES}/{live}"])
    dump = tmp_path / "chickenfoot.dump"
    try:
        made = running.post("/api/tables", {"seats": [{"human": "Ann"}, {"bot": "easy"}]})
        subprocess.run(  # docs/deploy.md's, while the server runs
            [PG_DUMP, "--format=custom", f"--file={dump}", f"--dbname={POSTGRES}/{live}"],
            check=True,
            capture_output=True,
        )
    finally:
        running.stop()
    subprocess.run(
        [PG_RESTORE, "--no-owner", f"--dbname={POSTGRES}/{restored}", str(dump)],
        check=True,
        capture_output=True,
    )
    again = Server(tmp_path, options=["--db", f"{POSTGRES}/{restored}"])
    try:
        summary = again.get(f"/api/tables/{made['table']}")
        assert (summary["status"], summary["seats"][0]["name"]) == ("waiting", "Ann")
    finally:
        again.stop()

"""A throwaway PostgreSQL server for the classroom tests: its own data directory, unix socket and port.

PostgreSQL refuses to run as root, and the tests run as root in CI: the server then runs as the
unprivileged user ``nobody`` (through ``runuser``), owning only its temporary directory. It listens on
a unix socket in that directory alone (no TCP), with trust authentication for its one superuser.
"""
from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from tests.classroom.helpers import free_port

USER = "bgl"  # the database superuser initdb creates (not a system account)
RUN_AS = "nobody"  # the system account the server runs as when the tests run as root
BIN_DIRS = ("/usr/local/bin", "/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/local/pgsql/bin")


def binary(name: str) -> str | None:
    """``postgres``, ``initdb`` or ``pg_ctl`` on PATH or in the usual places, else None."""
    found = shutil.which(name)
    if found:
        return found
    for d in BIN_DIRS:
        if os.access(os.path.join(d, name), os.X_OK):
            return os.path.join(d, name)
    return None


class PostgresServer:
    """``initdb`` then ``postgres`` in a temporary directory; ``url(name)`` makes a fresh database."""

    def __init__(self) -> None:
        self.initdb, self.postgres = binary("initdb"), binary("postgres")
        assert self.initdb and self.postgres, "postgres and initdb are needed"
        # In /tmp itself when root: the unprivileged server must reach it (pytest's tree and TMPDIR may be root's).
        self.dir = Path(tempfile.mkdtemp(prefix="bgl-pg-", dir="/tmp" if os.geteuid() == 0 else None))
        self.data, self.socket = self.dir / "data", self.dir / "socket"
        self.socket.mkdir()
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            account = pwd.getpwnam(RUN_AS)
            for path in (self.dir, self.socket):
                os.chown(path, account.pw_uid, account.pw_gid)
            self.prefix = [shutil.which("runuser") or "/usr/sbin/runuser", "-u", RUN_AS, "--"]

    def start(self, timeout: float = 60.0) -> "PostgresServer":
        log = self.dir / "initdb.log"
        done = subprocess.run([*self.prefix, self.initdb, "-D", str(self.data), "-U", USER, "--auth=trust",
                               "-E", "UTF8", "--no-sync", "--no-instructions"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if done.returncode:
            log.write_bytes(done.stdout)
            raise RuntimeError(f"initdb failed: {done.stdout.decode(errors='replace')[-2000:]}")
        self.process = subprocess.Popen(
            [*self.prefix, self.postgres, "-D", str(self.data), "-k", str(self.socket), "-p", str(self.port),
             "-c", "listen_addresses=", "-c", "max_connections=60"],
            stdout=subprocess.DEVNULL, stderr=open(self.dir / "server.log", "wb"))
        deadline = time.monotonic() + timeout
        while not (self.socket / f".s.PGSQL.{self.port}").exists() or not self._accepts():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"postgres did not start: {(self.dir / 'server.log').read_text()[-2000:]}")
            time.sleep(0.05)
        return self

    def _accepts(self) -> bool:
        import psycopg
        try:
            psycopg.connect(self.conninfo("postgres"), connect_timeout=2).close()
            return True
        except psycopg.OperationalError:
            return False

    def conninfo(self, database: str) -> str:
        return f"host={self.socket} port={self.port} user={USER} dbname={database}"

    def url(self, name: str | None = None) -> str:
        """A new, empty database on this server, as a SQLAlchemy URL (psycopg 3)."""
        import psycopg
        name = name or f"class_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.conninfo("postgres"), autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://{USER}@/{name}?host={self.socket}&port={self.port}"

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # SIGTERM: PostgreSQL's "smart" shutdown
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
        shutil.rmtree(self.dir, ignore_errors=True)

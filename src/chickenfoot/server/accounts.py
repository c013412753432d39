"""People who sign in: accounts with a name and a password, and the sessions of their browsers.

A password is kept only as its argon2id hash (``argon2-cffi``, its default parameters: RFC
9106's second recommended option), hashed and checked in a thread, a few at a time, so that
the event loop never waits on it. A name is compared as Unicode's NFKC normal form, case
folded (:func:`name_key`): "Ann", "ANN" and "Ann" in full-width letters are one name.

A browser signed in holds a session id, 32 random bytes, in an HttpOnly cookie; the server
keeps only its SHA-256 hash, with the account and when it began, in its database. A session
is good for :data:`SESSION_DAYS` days, survives restarts, is the same on every process of a
cluster, and ends when its browser signs out, when the account's password is changed or when
the account is removed. There is no signing key to keep secret: the id is its own proof.

Sign-in attempts that fail are counted per address and per name over
:data:`ATTEMPT_WINDOW` seconds; past :data:`FAILURES_PER_ADDRESS` or :data:`FAILURES_PER_NAME`
every attempt of that address or name is refused (``too-many-sign-ins``) until the window
has passed, a right password included.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import secrets
import time
import unicodedata
from collections import deque

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from chickenfoot.play import BOT_PREFIX
from chickenfoot.server.errors import ServerError, reaching_storage
from chickenfoot.server.store import AccountRow, NameTaken, Store

COOKIE = "chickenfoot_session"
SESSION_DAYS = 30
NAME_LENGTH = 40
PASSWORD_LENGTHS = (8, 256)
ATTEMPT_WINDOW = 600.0
FAILURES_PER_ADDRESS = 20
FAILURES_PER_NAME = 5
KEPT_AT_MOST = 10_000
"""Addresses and names with failures counted before those past the window are let go."""
HASHING_AT_ONCE = 2
"""Passwords hashed or checked at once (each takes 64 MB and some 50 ms of a core)."""

_hasher = PasswordHasher()


def name_key(name: str) -> str:
    """A name as names are compared: NFKC, case folded (and NFKC again, as folding may
    leave a form that is not)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def checked_name(name: str) -> str:
    """A person's name as kept: its spaces made single; refused (``bad-name``) if it is
    blank, longer than :data:`NAME_LENGTH`, holds control or invisible characters, or
    starts as a computer player's does."""
    kept = " ".join(name.split())
    if not kept or len(kept) > NAME_LENGTH:
        raise ServerError("bad-name", status=400, most=NAME_LENGTH)
    if any(unicodedata.category(c).startswith("C") for c in kept):
        raise ServerError("bad-name", status=400, most=NAME_LENGTH)
    if name_key(kept).startswith(BOT_PREFIX):
        raise ServerError("name-reserved")
    return kept


def checked_password(password: str) -> str:
    """Refused (``bad-password``) if shorter or longer than :data:`PASSWORD_LENGTHS`."""
    low, high = PASSWORD_LENGTHS
    if not low <= len(password) <= high:
        raise ServerError("bad-password", status=400, least=low, most=high)
    return password


def hash_password(password: str) -> str:
    """The argon2id hash kept of a password (slow on purpose: call it off the event loop)."""
    return _hasher.hash(password)


def password_matches(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def _unknown() -> str:
    """A hash checked against when a name has no account, so that a wrong name takes as
    long as a wrong password."""
    return hash_password(secrets.token_urlsafe(16))


def session_hash(session: str) -> str:
    """What the database keeps of a session id."""
    return hashlib.sha256(session.encode()).hexdigest()


class Attempts:
    """Failed sign-ins per address and per name, over :data:`ATTEMPT_WINDOW` seconds."""

    def __init__(self) -> None:
        self._by: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        seen = self._by.get(key)
        if seen is None:
            return deque()
        while seen and seen[0] <= now - ATTEMPT_WINDOW:
            seen.popleft()
        if not seen:
            del self._by[key]
        return seen

    def check(self, address: str, key: str) -> None:
        """Refuse (``too-many-sign-ins``, 429) an address or a name that failed too often."""
        now = time.monotonic()
        if (
            len(self._recent(f"address:{address}", now)) >= FAILURES_PER_ADDRESS
            or len(self._recent(f"name:{key}", now)) >= FAILURES_PER_NAME
        ):
            raise ServerError("too-many-sign-ins", status=429, minutes=int(ATTEMPT_WINDOW // 60))

    def failed(self, address: str, key: str) -> None:
        now = time.monotonic()
        if len(self._by) > KEPT_AT_MOST:
            for seen in list(self._by):
                self._recent(seen, now)
        for counted in (f"address:{address}", f"name:{key}"):
            self._by.setdefault(counted, deque()).append(now)


class Accounts:
    """Signing up, in and out against the server's store (see the module docstring)."""

    def __init__(self, store: Store, signup_open: bool = True) -> None:
        self.store = store
        self.signup_open = signup_open
        self.attempts = Attempts()
        self._hashing = asyncio.Semaphore(HASHING_AT_ONCE)

    async def _hash(self, password: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(hash_password, password)

    async def _matches(self, stored: str, password: str) -> bool:
        async with self._hashing:
            return await asyncio.to_thread(password_matches, stored, password)

    async def sign_up(self, name: str, password: str) -> tuple[AccountRow, str]:
        """A new account, signed in: it and its session id."""
        if not self.signup_open:
            raise ServerError("signup-closed", status=403)
        kept = checked_name(name)
        hashed = await self._hash(checked_password(password))
        try:
            with reaching_storage():
                account = await self.store.add_account(kept, name_key(kept), hashed)
        except NameTaken:
            raise ServerError("name-taken", status=409, name=kept) from None
        return account, await self._new_session(account)

    async def sign_in(self, name: str, password: str, address: str) -> tuple[AccountRow, str]:
        """The account of ``name`` if ``password`` is its own, and a new session id."""
        key = name_key(" ".join(name.split()))
        self.attempts.check(address, key)
        with reaching_storage():
            account = await self.store.account(key)
        stored = account.password if account is not None else _unknown()
        right = await self._matches(stored, password[: PASSWORD_LENGTHS[1] + 1])
        if account is None or not right:
            self.attempts.failed(address, key)
            raise ServerError("bad-sign-in", status=401)
        return account, await self._new_session(account)

    async def _new_session(self, account: AccountRow) -> str:
        session = secrets.token_urlsafe(32)
        with reaching_storage():
            await self.store.add_session(session_hash(session), account.id)
        return session

    async def sign_out(self, session: str | None) -> None:
        if session:
            with reaching_storage():
                await self.store.remove_session(session_hash(session))

    async def of(self, session: str | None) -> AccountRow | None:
        """The account a session id is signed in as (None: no session, or not a live one)."""
        if not session or len(session) > 100:
            return None
        since = time.time() - SESSION_DAYS * 86_400
        with reaching_storage():
            return await self.store.session(session_hash(session), since)

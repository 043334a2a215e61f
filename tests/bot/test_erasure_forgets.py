"""An erasure empties what the table service keeps in memory of the server or the member: the
server's deal secret (made again if it comes back: its old deals cannot be derived from the new one)
and the matches read back for replays (they hold the names the erasure changed)."""

from __future__ import annotations

from pathlib import Path

from bot.service import privacy
from bot.service.challenges import ChallengeService
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import Database
from games import find_game

GUILD = 42


async def test_an_erased_server_gets_a_new_secret_in_every_service_dealing_from_it(db: Database,
                                                                                   tmp_path: Path) -> None:
    service = TableService(db, Settings(database_path=tmp_path / "t.db"))
    challenges = ChallengeService(service)
    before = await challenges.secrets.seed(GUILD, "day", 1)
    assert await service.secrets.seed(GUILD, "day", 1) == before, "one secret, shared"
    await privacy.erase_guild(service, GUILD, gone=True)
    after = await challenges.secrets.seed(GUILD, "day", 1)
    assert after != before
    await service.close()


async def test_an_erasure_drops_the_matches_kept_for_replays(db: Database, tmp_path: Path) -> None:
    service = TableService(db, Settings(database_path=tmp_path / "t.db"))
    state = find_game("piquet").new(2, "s", {})
    service.matches.match("t1", state.to_json(), ["Ann", "Bob"], "en")
    assert len(service.matches) == 1
    await privacy.erase_member(service, 7)
    assert len(service.matches) == 0
    await service.close()

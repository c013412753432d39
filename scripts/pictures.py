"""Make the README's picture of the page (docs/web-table.png) from today's code: a real
``chickenfoot serve`` on loopback, a practice table of one person and three bots set up on the
home page in Chromium at 1366x768, played until a tile fits in more than one place, which is
chosen so that its places show.

    .venv/bin/python -m scripts.pictures            # writes docs/web-table.png
    .venv/bin/python -m scripts.pictures --seed 12  # another deal
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHICKENFOOT = Path(sys.executable).parent / "chickenfoot"
CHROMIUM = "/usr/bin/chromium"
PICTURE = ROOT / "docs" / "web-table.png"
MY_TURN = "() => document.querySelector('[data-turn]')?.dataset.turn === '0'"


def serve(data: Path) -> tuple[subprocess.Popen[str], str]:
    command = [str(CHICKENFOOT), "serve", "--port", "0", "--data", str(data), "--bot-delay", "0"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if "http://" not in line:
        process.kill()
        raise SystemExit(f"error: the server did not start: {line!r}")
    return process, "http://" + line.split("http://", 1)[1].split("/", 1)[0]


def set_up(page: Page, seed: int) -> None:
    page.wait_for_selector("[data-seat-kind='0']")
    page.select_option("#players", "4")
    page.fill("[data-seat-name='0']", "Ann")
    for seat, level in ((1, "easy"), (2, "medium"), (3, "hard")):
        page.select_option(f"[data-seat-kind='{seat}']", "bot")
        page.select_option(f"[data-seat-level='{seat}']", level)
    page.click("details.advanced summary")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#hand [data-tile]")


def play_until_a_choice(page: Page, seconds: float = 60) -> bool:
    """Play the first tile that fits until one fits in more than one place; True once it is
    chosen and its places show."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not page.locator("[data-round-end]").count():
        if not page.evaluate(MY_TURN):
            time.sleep(0.05)
            continue
        legal = page.locator('#hand [data-legal="true"]')
        if not legal.count():
            for action in ("draw", "pass"):
                button = page.locator(f'[data-action="{action}"]')
                if button.is_enabled():
                    button.click()
                    break
            page.wait_for_timeout(200)
            continue
        for tile in legal.all():
            tile.click()
            if page.locator("[data-target]").count() > 1:
                page.wait_for_timeout(400)  # the board fitted, the slide done
                return True
            if page.locator("[data-target]").count():
                page.locator("[data-target]").first.click()
            break
        page.wait_for_timeout(200)
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7, help="the practice table's deal")
    parser.add_argument("--out", type=Path, default=PICTURE, help="where the picture goes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        process, url = serve(Path(data))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--disable-gpu"]
                )
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                page.set_default_timeout(20_000)
                page.goto(url + "/")
                set_up(page, args.seed)
                if not play_until_a_choice(page):
                    raise SystemExit(f"error: no tile fitted in two places with seed {args.seed}")
                page.screenshot(path=str(args.out))
                browser.close()
        finally:
            process.terminate()
            process.wait(10)
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")


if __name__ == "__main__":
    main()

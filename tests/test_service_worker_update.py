"""A new edition arrives calmly (issue 22) and the phone stores only the edition it reads (issue 11): build v1,
visit it with the service worker, deploy v2 with one changed word, reload once → a quiet bar says 有新版本 with the
new edition's date and how many articles changed, and the page does not reload by itself for 30 s; a tap on the bar
shows the new word and stamp; another open tab keeps its page until its next page change, which is new; offline,
the stored edition is shown and named."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from reader_steps import open_ready

from conftest import copy_project, serve_directory

pytestmark = pytest.mark.slow

NEW_WORD = "新版校订词"
EDITED_PAGE = "docs/laws/1.md"
OLD_TEXT = "花色等级"  # a word of 规则第1条 (laws/1), changed in v2


def build_hosted(project: Path, out: Path) -> Path:
    """The hosted flavour, both editions and the service worker; without the print edition, which the worker does not
    precache and whose typesetting is most of a full build's time."""
    subprocess.run(
        [sys.executable, "-m", "scripts.site", "--no-zip", "--no-print", "--site-dir", str(out)],
        cwd=project,
        check=True,
        stdout=subprocess.DEVNULL,
        timeout=900,
    )
    return out


def stamp_of(page_html: str) -> str:
    found = re.search(r'data-edition-hash="(?P<hash>[0-9a-f]{8})"', page_html)
    assert found, "no edition stamp in the footer"
    return found["hash"]


def deploy(build: Path, served: Path) -> None:
    """Replace what the server serves (the folder stays, its contents change), as a host's deploy does."""
    for child in served.iterdir():
        shutil.rmtree(child) if child.is_dir() else child.unlink()
    shutil.copytree(build, served, dirs_exist_ok=True)


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    """(v1, v2): the hosted site as committed, and again with one word of laws/1 changed."""
    work = tmp_path_factory.mktemp("sw-update")
    project = copy_project(work / "project")
    v1 = build_hosted(project, work / "v1")
    page = project / EDITED_PAGE
    text = page.read_text(encoding="utf-8")
    assert OLD_TEXT in text, f"{EDITED_PAGE} no longer says {OLD_TEXT}: pick another word"
    page.write_text(text.replace(OLD_TEXT, NEW_WORD), encoding="utf-8")  # the word, wherever the page says it
    v2 = build_hosted(project, work / "v2")
    return v1, v2


ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(?P<text>.*?)</article>', re.S)


def changed_articles(v1: Path, v2: Path) -> int:
    """The simplified edition's article pages whose text differs between the two builds."""
    count = 0
    for page in sorted(v1.glob("*/*/index.html")):
        if page.parts[-3] in ("laws", "regulations") and page.parent.name.isdigit():
            texts = [ARTICLE.search(p.read_text(encoding="utf-8"))["text"] for p in (page, v2 / page.relative_to(v1))]
            count += texts[0] != texts[1]
    return count


def test_a_new_build_is_offered_calmly_and_applied_on_a_tap(browser, two_builds, tmp_path, artifacts_dir):
    v1, v2 = two_builds
    old_stamp = stamp_of((v1 / "laws/1/index.html").read_text(encoding="utf-8"))
    new_stamp = stamp_of((v2 / "laws/1/index.html").read_text(encoding="utf-8"))
    assert old_stamp != new_stamp, "one changed word must change the edition stamp"
    served = tmp_path / "served"
    served.mkdir()
    deploy(v1, served)
    server = serve_directory(served)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow", viewport={"width": 360, "height": 740})
    try:
        reader = context.new_page()
        open_ready(reader, base + "laws/1/")
        reader.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        other_tab = context.new_page()
        open_ready(other_tab, base + "laws/2/")
        other_tab.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        stored = reader.evaluate("""async () => {
            const keys = [];
            for (const name of await caches.keys())
                for (const r of await (await caches.open(name)).keys()) keys.push(r.url);
            return keys; }""")
        assert any(url.endswith("/laws/1/") for url in stored), "the reader's edition is not stored"
        assert not any("/zh-hant/" in url for url in stored), "the other script edition was stored without a visit"
        assert OLD_TEXT in reader.locator("article").inner_text()

        deploy(v2, served)
        reader.reload()  # once: the page checks for a new worker, which stores the new edition and waits
        offer = reader.locator('[data-rulebook-notice][data-kind="update"]')
        offer.wait_for(timeout=90_000)
        new_date = re.search(r'<time datetime="([^"]+)"', (v2 / "index.html").read_text(encoding="utf-8"))[1]
        count = changed_articles(v1, v2)
        assert count >= 1
        assert "有新版本" in offer.inner_text() and new_date in offer.inner_text(), offer.inner_text()
        assert f"{count} 条条文有改动" in offer.inner_text(), (
            f"{offer.inner_text()!r}: expected {count} changed articles"
        )
        reader.screenshot(path=str(artifacts_dir / "sw-new-edition-offered.png"))
        for tab in (reader, other_tab):
            tab.evaluate("window.__rulebookStayed = true")
        reader.wait_for_timeout(30_000)
        assert reader.evaluate("window.__rulebookStayed === true"), "the page reloaded by itself"
        assert OLD_TEXT in reader.locator("article").inner_text(), "the text changed under the reader without a tap"

        offer.click()  # the reader asks for the new edition
        reader.wait_for_function(f"document.body.innerText.includes({NEW_WORD!r})", timeout=60_000)
        reader.wait_for_load_state()
        assert stamp_of(reader.content()) == new_stamp
        assert OLD_TEXT not in reader.locator("article").inner_text()
        notice = reader.locator("[data-rulebook-notice]")
        assert "已更新" in notice.inner_text() and new_stamp in notice.inner_text()
        reader.screenshot(path=str(artifacts_dir / "sw-updated.png"))
        # the other tab keeps its page (never reloaded by itself); its next page is the new edition
        assert other_tab.evaluate("window.__rulebookStayed === true"), "the other tab reloaded by itself"
        other_tab.goto(base + "laws/1/")
        assert NEW_WORD in other_tab.locator("article").inner_text()
        assert stamp_of(other_tab.content()) == new_stamp

        # offline: the stored (new) edition is served and named
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        reader.reload()
        assert NEW_WORD in reader.locator("article").inner_text()
        offline_bar = reader.locator("[data-rulebook-notice][data-kind=offline]")
        offline_bar.wait_for(timeout=10_000)
        assert (
            "离线" in offline_bar.inner_text()
            and new_stamp in offline_bar.inner_text()
            and "简体版" in offline_bar.inner_text()
        )
        reader.screenshot(path=str(artifacts_dir / "sw-offline.png"))
    finally:
        context.close()
        server.server_close()

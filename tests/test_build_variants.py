"""The site's builds are data (scripts/site/variants.py): a BuildVariant sets the mkdocs config; no environment."""

from __future__ import annotations

import re

import pytest

from scripts.site.variants import OFFLINE_PLUGIN, SEARCH_HOOK, SEARCH_PLUGIN, TRADITIONAL, BuildVariant, variant_config
from scripts.paths import ROOT


@pytest.fixture(scope="module")
def configs(tmp_path_factory):
    out = tmp_path_factory.mktemp("variants")
    hant_dict = out / "hant.txt"
    variants = {
        "hosted": BuildVariant(),
        "offline": BuildVariant(offline=True),
        "stock": BuildVariant(our_search=False, strict=False),
        "traditional": BuildVariant(script=TRADITIONAL, hant_dict=hant_dict),
    }
    return {name: variant_config(out / name, variant) for name, variant in variants.items()}


def test_offline_is_a_variant_not_an_environment_switch(configs):
    assert configs["offline"].plugins[OFFLINE_PLUGIN].config.enabled is True
    assert configs["hosted"].plugins[OFFLINE_PLUGIN].config.enabled is False
    assert "pwa" in configs["hosted"].extra and "pwa" not in configs["offline"].extra  # no service worker offline


def test_stock_search_leaves_our_hook_out(configs):
    assert SEARCH_HOOK in configs["hosted"].plugins and SEARCH_HOOK not in configs["stock"].plugins
    assert configs["stock"].strict is False and configs["hosted"].strict is True


def test_traditional_variant_has_its_language_place_and_dictionary(configs):
    config = configs["traditional"]
    assert config.theme["language"] == "zh-Hant" and config.extra["rulebook_script"] == "hant"
    assert config.site_url.endswith("/zh-hant/") and config.extra["pwa"] == {"root_prefix": "../"}
    assert config.plugins[SEARCH_PLUGIN].config.jieba_dict_user.endswith("hant.txt")


def test_a_variant_passes_to_a_subprocess_as_options():
    variant = BuildVariant(script=TRADITIONAL, offline=True, our_search=False, strict=False)
    assert variant.arguments() == ["--build-edition", "hant", "--offline", "--stock-search", "--not-strict"]


def test_mkdocs_yml_has_no_environment_switch():
    """Only the deployment's own address may come from the environment (site_url: RULEBOOK_SITE_URL)."""
    switches = re.findall(r"^\s*([\w-]+):\s*!ENV\b", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert switches == ["site_url"]


def counted_reads(monkeypatch) -> list:
    """Every read of rulebook_src/ from now on (what read_rulebook_src walks, however a module imported it)."""
    from scripts.curated import rulebook_src

    reads, every_file = [], rulebook_src.data_files
    monkeypatch.setattr(rulebook_src, "data_files", lambda folder: reads.append(folder) or every_file(folder))
    return reads


def test_the_site_command_reads_rulebook_src_once_and_hands_the_value_to_every_edition(tmp_path, monkeypatch):
    """`python -m scripts.site` reads rulebook_src/ once; each edition's build (a process of its own) gets that value,
    pickled, so the pages, the index and the books of one run come from one version. (The editions' builds are
    recorded here, not run: test_an_edition_build_takes_the_value_it_is_handed runs one.)"""
    import pickle

    from scripts.site import build

    handed = []
    monkeypatch.setattr(
        build,
        "build_variant_in_subprocess",
        lambda site_dir, variant, *, build_date, src_file: handed.append(pickle.loads(src_file.read_bytes())),
    )
    monkeypatch.setattr(build, "write_service_worker", lambda site_dir: None)
    reads = counted_reads(monkeypatch)
    build.build_site(tmp_path / "site", tmp_path / "dist", with_print=False)
    assert len(reads) == 1 and len(handed) == 4  # two flavours, two scripts each
    assert all(src == handed[0] for src in handed) and handed[0].has("errata.yml")


@pytest.mark.slow
def test_an_edition_build_takes_the_value_it_is_handed(tmp_path, monkeypatch):
    """One edition's build, as `python -m scripts.site` starts it (--rulebook-src: the pickled value), reads nothing
    of rulebook_src/ itself."""
    import pickle

    from scripts.curated.rulebook_src import read_rulebook_src
    from scripts.site import build

    src_file = tmp_path / "rulebook_src.pickle"
    src_file.write_bytes(pickle.dumps(read_rulebook_src()))
    reads = counted_reads(monkeypatch)
    assert (
        build.main(["--site-dir", str(tmp_path / "site"), "--build-edition", "hans", "--rulebook-src", str(src_file)])
        == 0
    )
    assert reads == [] and (tmp_path / "site" / "search" / "search_index.json").is_file()

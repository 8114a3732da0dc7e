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

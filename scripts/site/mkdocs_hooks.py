"""mkdocs hooks: thin adapters that call the pipeline's functions (no rule text lives here)."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import yaml

ERROR_PAGE = "404.html"


def on_config(config, **kwargs):
    """Takes the navigation the build driver generated (docs/.nav.yml) unless mkdocs.yml sets one."""
    nav_file = Path(config["docs_dir"]) / ".nav.yml"
    if not config.get("nav") and nav_file.exists():
        config["nav"] = yaml.safe_load(nav_file.read_text(encoding="utf-8"))
    return config


def on_template_context(context, *, template_name, config):
    """The 404 page links relative to the site root (`./assets/…`), not from the server root.

    mkdocs writes error pages with base_url = the path of site_url ('/'), so their links come out as `/assets/…`
    (and `{{ base_url }}/…` in a template as `//assets/…`, which a browser reads as the host `assets`). Hosts
    serve 404.html at any depth, so root-relative links are resolved by a <base> the page sets for itself
    (error_page_base_script); in the venue zip 404.html is opened at the bundle's root, where they work as is.
    """
    if template_name == ERROR_PAGE:
        context["base_url"] = "."
    return context


def error_page_base_script(site_url: str | None) -> str:
    """An inline script for the 404 page's <head>: on a web host, resolve its links from the site's root folder
    (the path of site_url) whatever the missing URL was; under file:// (the venue zip) links stay relative."""
    root_path = urlsplit(site_url or "/").path or "/"
    return ("<script>(function(){if(location.protocol!==\"file:\"){var b=document.createElement(\"base\");"
            f"b.href=location.origin+{json.dumps(root_path)};document.head.appendChild(b);}}}})();</script>")


def on_post_template(output, *, template_name, config):
    if template_name != ERROR_PAGE:
        return output
    head = output.find("<head>")
    if head < 0:
        return output
    insert_at = head + len("<head>")
    return output[:insert_at] + error_page_base_script(config.site_url) + output[insert_at:]

"""mkdocs hooks for the editions: the edition stamp in every footer, and the traditional-script conversion.

scripts/site/build.py marks a build as the traditional edition with `extra.rulebook_script: hant`; a plain
`mkdocs build` is the simplified edition and only gets the stamp.
"""

from __future__ import annotations

from pathlib import Path

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.edition import current_edition  # noqa: E402
from scripts.site.hook_errors import reported_by_mkdocs, traditional_fixes_of  # noqa: E402
from scripts.traditional import to_traditional_markdown, to_traditional_script, to_traditional_text  # noqa: E402

TRADITIONAL = "hant"
# Page scripts copied from docs/ whose texts a reader sees (calculators, reference previews, prompts); the
# vendored shim has none. Material's own scripts take their texts from theme.language.
UNTRANSLATED_SCRIPTS = ("assets/vendor/",)


def _is_traditional(config) -> bool:
    return config.extra.get("rulebook_script") == TRADITIONAL


@reported_by_mkdocs
def on_config(config, **kwargs):
    """Set `extra.edition` (label, date, hash) for overrides/partials/copyright.html; convert site-wide texts."""
    edition = current_edition()
    config.extra["edition"] = {"label": edition.label, "date": edition.date.isoformat(), "hash": edition.content_hash}
    if _is_traditional(config):
        for key in ("site_name", "site_description", "copyright"):
            if config[key]:
                config[key] = to_traditional_text(config[key], traditional_fixes_of(config))
        # the theme toggle's names (mkdocs.yml theme.palette: 深色模式, 浅色模式), which Material prints as they are
        for palette in config.theme.get("palette") or []:
            toggle = palette.get("toggle") if isinstance(palette, dict) else None
            if toggle and toggle.get("name"):
                toggle["name"] = to_traditional_text(toggle["name"], traditional_fixes_of(config))
        # the jump box of the templates' own pages (offline.html) and the search's no-result state (main.html)
        for key in ("jump_form", "search_no_result"):
            if config.extra.get(key):
                config.extra[key] = to_traditional_markdown(config.extra[key], traditional_fixes_of(config))
    return config


@reported_by_mkdocs
def on_nav(nav, *, config, files):
    """Traditional edition: section and link titles of the navigation."""
    if not _is_traditional(config):
        return nav

    def convert(items):
        for item in items:
            if not item.is_page and item.title:  # page titles are converted with their content
                item.title = to_traditional_text(item.title, traditional_fixes_of(config))
            if item.children:
                convert(item.children)

    convert(nav.items)
    return nav


@reported_by_mkdocs
def on_page_content(html, *, page, config, files):
    """Traditional edition: the page's HTML, title and table of contents.

    Converting the rendered HTML rather than the Markdown keeps every id, href and anchor exactly as in the
    simplified edition, so cross-references and the script switch land on the same clause.
    """
    if not _is_traditional(config):
        return html
    page.title = to_traditional_text(page.title, traditional_fixes_of(config)) if page.title else page.title
    for key in ("title", "description"):
        if isinstance(page.meta.get(key), str):
            page.meta[key] = to_traditional_text(page.meta[key], traditional_fixes_of(config))

    def convert(toc_items):
        for item in toc_items:
            item.title = to_traditional_text(item.title, traditional_fixes_of(config))
            convert(item.children)

    convert(page.toc)
    return to_traditional_markdown(html, traditional_fixes_of(config))


@reported_by_mkdocs
def on_post_build(*, config):
    """Traditional edition: the texts inside the site's own scripts (calculator labels, preview texts)."""
    if not _is_traditional(config):
        return
    docs, site = Path(config.docs_dir), Path(config.site_dir)
    for source in sorted(docs.rglob("*.js")):
        rel = source.relative_to(docs).as_posix()
        target = site / rel
        if rel.startswith(UNTRANSLATED_SCRIPTS) or not target.is_file():
            continue
        text = target.read_text(encoding="utf-8")
        converted = to_traditional_script(text, traditional_fixes_of(config))
        if converted != text:
            target.write_text(converted, encoding="utf-8")

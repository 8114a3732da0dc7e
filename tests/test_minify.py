"""scripts/site/minify.py: the templates' indentation goes, text whose whitespace is content stays; our scripts lose
their comments, nothing else."""

from __future__ import annotations

import pytest

from scripts.site.minify import minify_script, minify_site_scripts, strip_comments, strip_indentation


@pytest.mark.parametrize(
    "html,expected",
    [
        ("<nav>\n      <a>1</a>\n\n\n   <a>2</a>\n</nav>", "<nav>\n<a>1</a>\n<a>2</a>\n</nav>"),
        ("<p>第一行<br />\n第二行</p>", "<p>第一行<br />\n第二行</p>"),
        (
            "<div>\n  <pre><code>  a\n    b\n</code></pre>\n  </div>",
            "<div>\n<pre><code>  a\n    b\n</code></pre>\n</div>",
        ),
        (
            "<script>\n  var a = 1;\n</script>\n   <textarea>\n  x</textarea>",
            "<script>\n  var a = 1;\n</script>\n<textarea>\n  x</textarea>",
        ),
        ("<PRE>\n  x</PRE>  \n  y", "<PRE>\n  x</PRE>  \ny"),
    ],
)
def test_strip_indentation(html, expected):
    assert strip_indentation(html) == expected


@pytest.mark.parametrize(
    "html,expected",
    [
        ("<!-- 由 scripts/render/docs.py 生成 -->\n<h1>第9条</h1>", "\n<h1>第9条</h1>"),
        ("<p>a<!--\n x -->b</p>", "<p>ab</p>"),
        (
            "<script>var s = '<!-- kept -->';</script><pre><!-- kept --></pre>",
            "<script>var s = '<!-- kept -->';</script><pre><!-- kept --></pre>",
        ),
    ],
)
def test_strip_comments(html, expected):
    assert strip_comments(html) == expected


@pytest.mark.parametrize(
    "source,expected",
    [
        ('/* why */\nvar a = "x // y";  // note\n', 'var a="x // y";'),
        ("var re = /\\/\\*not a comment/g, t = `a /* b */ c`;", "var re=/\\/\\*not a comment/g,t=`a /* b */ c`;"),
        ('var s = "规则第9条  （二）";\nif (s) {\n  go();\n}', 'var s="规则第9条  （二）";if(s){go();}'),
    ],
)
def test_minify_script_keeps_strings_and_regular_expressions(source, expected):
    assert minify_script(source) == expected


def test_only_our_own_scripts_are_minified(tmp_path):
    ours = tmp_path / "assets" / "refs" / "preview.js"
    theirs = [
        tmp_path / "assets" / "javascripts" / "bundle.js",
        tmp_path / "assets" / "vendor" / "shim.js",
        tmp_path / "assets" / "x.min.js",
    ]
    for path in [ours, *theirs]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("/* note */\nvar a = 1;\n", encoding="utf-8")
    assert minify_site_scripts(tmp_path) == [ours]
    assert ours.read_text(encoding="utf-8") == "var a=1;"
    assert all(path.read_text(encoding="utf-8") == "/* note */\nvar a = 1;\n" for path in theirs)


def test_every_script_of_ours_in_the_built_site_is_minified(built_site):
    """The hook minifies once every other hook has written its scripts: the search worker, written by the search
    hook's post-build step, reached the site with its comments until 2026-12 (the minify hook ran before it)."""
    ours = [
        path
        for path in sorted((built_site / "assets").rglob("*.js"))
        if not path.relative_to(built_site).as_posix().startswith(("assets/javascripts/", "assets/vendor/"))
        and not path.name.endswith(".min.js")
    ]
    assert any(path.name.startswith("worker.") for path in ours), [path.name for path in ours]
    # line by line: the page's script files join minified parts, one per line (scripts/site/page_script.py)
    unminified = [
        str(path.relative_to(built_site))
        for path in ours
        if any(minify_script(line) != line for line in path.read_text(encoding="utf-8").splitlines())
    ]
    assert not unminified, f"not minified: {unminified}"

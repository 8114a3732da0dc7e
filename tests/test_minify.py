"""scripts/site/minify.py: the templates' indentation goes, text whose whitespace is content stays."""
from __future__ import annotations

import pytest

from scripts.site.minify import strip_comments, strip_indentation


@pytest.mark.parametrize("html,expected", [
    ("<nav>\n      <a>1</a>\n\n\n   <a>2</a>\n</nav>", "<nav>\n<a>1</a>\n<a>2</a>\n</nav>"),
    ("<p>第一行<br />\n第二行</p>", "<p>第一行<br />\n第二行</p>"),
    ("<div>\n  <pre><code>  a\n    b\n</code></pre>\n  </div>", "<div>\n<pre><code>  a\n    b\n</code></pre>\n</div>"),
    ("<script>\n  var a = 1;\n</script>\n   <textarea>\n  x</textarea>", "<script>\n  var a = 1;\n</script>\n<textarea>\n  x</textarea>"),
    ("<PRE>\n  x</PRE>  \n  y", "<PRE>\n  x</PRE>  \ny"),
])
def test_strip_indentation(html, expected):
    assert strip_indentation(html) == expected


@pytest.mark.parametrize("html,expected", [
    ("<!-- 由 scripts/render/docs.py 生成 -->\n<h1>第9条</h1>", "\n<h1>第9条</h1>"),
    ("<p>a<!--\n x -->b</p>", "<p>ab</p>"),
    ("<script>var s = '<!-- kept -->';</script><pre><!-- kept --></pre>", "<script>var s = '<!-- kept -->';</script><pre><!-- kept --></pre>"),
])
def test_strip_comments(html, expected):
    assert strip_comments(html) == expected

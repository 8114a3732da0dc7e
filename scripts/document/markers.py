"""Markers a paragraph's text can be in the linked tree, read alike by every builder."""

from __future__ import annotations

import re

# A paragraph that stands for a restored table: `{{restored:<name>}}`, rendered from rulebook_src/restored/<name>.yml.
RESTORED = re.compile(r"^\{\{restored:(?P<name>[a-z0-9-]+)\}\}$")
# A source footnote's definition: `[^3]: text` (the mark `[^3]` stands in the text it annotates).
FOOTNOTE_DEF = re.compile(r"^\[\^(?P<n>[0-9]+)\]:\s*")

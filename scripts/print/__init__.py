"""The print edition: each book typeset as an A5 PDF (WeasyPrint) from the same linked article tree as the site."""

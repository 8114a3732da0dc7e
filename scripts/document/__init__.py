"""The document model the builders share: what the pages (render) and the print edition (print) read off the tree."""

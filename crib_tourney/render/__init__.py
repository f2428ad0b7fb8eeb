"""Printed output: Jinja2 templates rendered to PDF by WeasyPrint. Takes plain
data, writes files. WeasyPrint is imported only here, only when printing."""

"""Pages for people: the docs pages (/docs, /redoc) served offline, the home page, a page per
problem type, and the HTML view of a stored ruling. Jinja2 templates, autoescaped."""

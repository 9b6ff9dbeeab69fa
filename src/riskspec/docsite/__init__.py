"""The generated documentation site: spec + conformance vectors → Markdown → mkdocs HTML.

``generate`` writes the pages (no mkdocs needed); ``build`` runs mkdocs (the
``docs`` extra). Entry point for users: ``riskspec docs build`` / ``riskspec docs serve``.
"""

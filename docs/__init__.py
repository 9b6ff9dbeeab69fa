"""The hand-written documentation pages and the mkdocs.yml template, installed as
``riskspec.handbook`` so that ``riskspec docs build`` works from an installed package."""

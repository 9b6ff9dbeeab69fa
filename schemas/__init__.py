"""Data package: the JSON Schemas (draft 2020-12) of every riskspec file format."""

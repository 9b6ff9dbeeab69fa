"""Data package: the riskspec specification (variants, maps, rules, ambiguities, missions) as YAML."""

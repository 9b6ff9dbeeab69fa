"""The riskspec conformance suite (installed as ``riskspec.conformance``)."""

"""The reference engine of riskspec (installed as ``riskspec.reference``)."""

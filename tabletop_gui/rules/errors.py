"""The rules' one error."""


class RuleError(ValueError):
    """An event a rule refuses, or a scenario the rules cannot run."""

"""Templates: the model of fields and rules, selectors, noise filters, extraction, repair, rule files and evaluation."""

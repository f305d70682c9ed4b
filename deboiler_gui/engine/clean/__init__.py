"""Site-level boilerplate cleaning: page analysis, the fitted cleaner, one-page cleaning and the whole-run pipeline."""

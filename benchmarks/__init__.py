"""Benchmarks: reading order against ground truth and loader speed, measured in one run."""

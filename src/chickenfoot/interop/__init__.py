"""Chicken Foot for other libraries: each module here needs its library installed (an optional
extra of the package) and builds on :mod:`chickenfoot.core` alone."""

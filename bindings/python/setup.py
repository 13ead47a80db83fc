# setup.py - for tools that still call it (Debian's pybuild); the package's
# metadata is in pyproject.toml.
from setuptools import setup

setup()

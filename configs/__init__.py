"""Settings files shipped as package data (columnrag.configs): default.yaml documents every default."""

"""Page text from an ordered layout, and the text repairs (hyphens, ligatures, footnote marks)."""

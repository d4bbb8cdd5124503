"""handrank: fast card-hand evaluation for poker and other card games."""

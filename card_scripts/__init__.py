"""Card data and Lua card scripts of the bundled game systems (one folder per system)."""

"""Tests of the One Piece Card Game system: checklist scenarios, rules and random full games."""

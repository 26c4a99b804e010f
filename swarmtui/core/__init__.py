"""Shared vocabulary of every layer: geometry, decisions and traces, agents, randomness, saves."""

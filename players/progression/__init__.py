"""A player's progression shared by every section: EXP and levels, gold, awards and
achievement counters (the numbers come from the rules engine's rating and awards rules).
"""

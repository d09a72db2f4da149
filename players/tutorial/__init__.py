"""The tutorial: site sections opening level by level, and the hints of the first pages.

The level-up message (which sections and cards a new level opens) is written by the
rating service, games/services/rating.py.
"""

"""Rule constants (spec §1) and attribute indices."""

# attribute indices into PlayerState.a
TOWER, WALL, QUARRY, MAGIC, DUNGEONS, BRICKS, GEMS, RECRUITS = range(8)
ATTRS = ("tower", "wall", "quarry", "magic", "dungeons", "bricks", "gems", "recruits")
ATTR_INDEX = {name: i for i, name in enumerate(ATTRS)}
ATTR_INDEX["dungeon"] = DUNGEONS
FACILITIES = (QUARRY, MAGIC, DUNGEONS)
RESOURCES = (BRICKS, GEMS, RECRUITS)
FACILITY_OF = {BRICKS: QUARRY, GEMS: MAGIC, RECRUITS: DUNGEONS}
RESOURCE_OF = {QUARRY: BRICKS, MAGIC: GEMS, DUNGEONS: RECRUITS}

HAND_SIZE = 8
DECK_SECTION = 15
RARITIES = ("Common", "Uncommon", "Rare")
RANK = {"Common": 0, "Uncommon": 1, "Rare": 2, "None": -1}

START_FACILITIES = 3
START_STOCK = (15, 5, 10)


class Limits:
    __slots__ = ("start_tower", "max_tower", "start_wall", "max_wall", "res_victory",
                 "timeout", "assassin_rounds")

    def __init__(self, start_tower, max_tower, start_wall, max_wall, res_victory, timeout,
                 assassin_rounds):
        self.start_tower = start_tower
        self.max_tower = max_tower
        self.start_wall = start_wall
        self.max_wall = max_wall
        self.res_victory = res_victory
        self.timeout = timeout
        self.assassin_rounds = assassin_rounds


NORMAL = Limits(30, 100, 25, 150, 400, 250, 10)
LONG = Limits(45, 150, 38, 225, 600, 375, 20)


def limits_for(long_mode):
    return LONG if long_mode else NORMAL


# draw probabilities (§8.1)
P_COMMON = 65
P_UNCOMMON = 94  # cumulative
P_ALL = 100

TOKEN_MAX = 100

# award counters credited per turn (§5.5)
AWARD_COUNTERS = ("quarry", "magic", "dungeons", "tower", "wall", "tower_damage",
                  "wall_damage", "rares")

AI_PLAYER_NAME = "MArcomage"

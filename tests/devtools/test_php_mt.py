"""The conformance runner's replay of PHP's mt_rand."""
from devtools.php_mt import PhpMt


def test_php_mt_matches_reference_mt19937():
    # first outputs of MT19937 seeded with 5489 (reference values of the algorithm)
    r = PhpMt(5489)
    assert [r.randint(0, 0xFFFFFFFF) for _ in range(3)] == [3499211612, 581869302, 3890346734]

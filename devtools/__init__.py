"""Development tools (not part of the site): the conformance runner, the benchmarks and
the generator of the engine's card facts. Run from the repository root, e.g.
``python -m devtools.conformance ../shared/conformance/*.jsonl.gz``. They use the engine
through its public API (``games.engine``) only.
"""

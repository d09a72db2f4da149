"""devtools.fork_costs runs: the quick measures print both ways' figures (the others start
servers, threads or Redis clients and are run by hand; docs/decisions/)."""
import logging
import re

from devtools import fork_costs


def test_the_quick_measures_print_both_ways(capsys):
    handlers = list(logging.getLogger().handlers)
    assert fork_costs.main(["websocket", "prepared", "jinja_escape"]) == 0
    # Django was set up already: the process's logging is left as it was (set up again, it
    # wrote to this test's captured stderr, closed after the test: "Logging error" later).
    assert logging.getLogger().handlers == handlers
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "websocket", "websocket", "prepared", "jinja_escape"]
    sizes = [float(size) for size in re.findall(r"([\d.]+) kB sent", "\n".join(lines))]
    assert len(sizes) == 2 and sizes[1] < sizes[0]  # ours sends less than uvicorn's settings
    assert all(re.search(r"\d+(\.\d)? us", line) for line in lines)

"""Chinese search for the rulebook site: a build-time index and a worker that speaks Material's search protocol."""

"""``hofstaat serve``: a server for a circle of friends (accounts, circles, syncing devices)."""

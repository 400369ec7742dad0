"""What stays after a game: the history, backups, statistics and their charts, daily games and challenges."""

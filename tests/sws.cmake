# sws unit tests: filled by the sws work

# rr unit tests: filled by the rr work

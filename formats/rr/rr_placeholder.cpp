// placeholder until the rr decoder lands

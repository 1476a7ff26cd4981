// placeholder until the sws decoder lands

// A busy loop must be stopped by the wall-clock limit.
while (true) {}

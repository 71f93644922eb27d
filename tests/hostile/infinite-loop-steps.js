// A busy loop must be stopped by the step limit (charged at back-edges).
let i = 0;
while (true) { i++; }

// A result deeper than 32 levels is InvalidDataValue, checked without recursing a million frames.
let v = null;
for (let i = 0; i < 1000000; i++) v = [v];
return v;

// Tool input deeper than 32 levels is refused before the tool runs.
let v = {};
for (let i = 0; i < 100; i++) v = { v };
return await tools.util.echo(v);

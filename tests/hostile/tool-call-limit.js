// 10,000 sequential tool calls under --max-tool-calls 5.
let n = 0;
for (let i = 0; i < 10000; i++) {
  await tools.util.echo({ i });
  n++;
}
return n;

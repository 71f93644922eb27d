// 10,000 concurrent tool calls under --max-tool-calls 5: only 5 are admitted (and started).
const out = await Promise.all(Array.from({ length: 10000 }, (_, i) => tools.util.echo({ i })));
return out.length;

// Build a ~50 MB JSON text in the program and parse it.
const filler = 'x'.repeat(1000);
const parts = [];
for (let i = 0; i < 50000; i++) parts.push(`{"id":${i},"text":"${filler}"}`);
const text = '[' + parts.join(',') + ']';
const data = JSON.parse(text);
return { bytes: text.length, items: data.length, last: data[data.length - 1].id };

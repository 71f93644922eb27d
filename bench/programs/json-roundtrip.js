// JSON round trips: stringify and parse a nested document repeatedly.
const doc = {
  users: Array.from({ length: 300 }, (_, i) => ({
    id: i,
    name: 'user ' + i,
    tags: ['a', 'b', 'c'].slice(0, i % 4),
    address: { city: 'City ' + (i % 10), zip: String(10000 + i) },
    score: i * 1.5,
  })),
};
let size = 0;
let copy = doc;
for (let i = 0; i < 80; i++) {
  const text = JSON.stringify(copy);
  size += text.length;
  copy = JSON.parse(text);
}
return { size, users: copy.users.length, last: copy.users[299].address.zip };

// time-zone: Australia/Sydney
// Local time in Australia/Sydney: fields, offsets, zone names and transitions through one year, parsing and setters.
const out = {};
const show = (d) => [d.getTime(), d.toString(), d.getTimezoneOffset(), d.getHours(), d.getDate()];
out.months = [];
for (let m = 0; m < 12; m++) out.months.push(show(new Date(2024, m, 15, 12, 30)));
out.instants = [];
for (let h = 0; h < 24 * 365; h += 97) {
  const d = new Date(Date.UTC(2024, 0, 1) + h * 3600000);
  out.instants.push([d.getHours(), d.getDate(), d.getTimezoneOffset(), d.toTimeString().slice(9)]);
}
out.parse = ['2024-03-31T02:30', '2024-10-27T02:30', '2024-04-07T02:30', '2024-10-06T02:30', '2024-06-01 08:00',
  'June 1, 2024', 'Sat Jun 01 2024 08:00:00'].map((x) => Date.parse(x));
const d = new Date(2024, 0, 31, 23, 30);
d.setMonth(1);
const e = new Date(2024, 5, 30, 12);
e.setHours(e.getHours() + 24 * 200);
out.setters = [show(d), show(e)];
out.history = [show(new Date(1900, 0, 1)), show(new Date(1950, 6, 1)), show(new Date(1980, 6, 1))];
out.locale = [new Date(2024, 6, 4, 9, 5).toLocaleString(), new Date(2024, 0, 4, 21, 5).toLocaleString('en-GB'),
  new Date(2024, 6, 4, 9, 5).toLocaleString('en-US', { timeZone: 'UTC' })];
return out;

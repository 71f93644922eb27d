// time-zone: America/New_York
// Local time in a zone with DST: getters, offsets, skipped and repeated local times, setters across
// the transitions, toString with the zone name, parsing of local forms.
const out = {};
const show = (d) => [d.getTime(), d.toString(), d.getTimezoneOffset()];
out.winter = show(new Date(2024, 0, 15, 10, 0));
out.summer = show(new Date(2024, 6, 15, 10, 0));
out.skipped = [show(new Date(2024, 2, 10, 2, 30)), show(new Date(2024, 2, 10, 3, 0)), show(new Date(2024, 2, 10, 1, 59))];
out.repeated = [show(new Date(2024, 10, 3, 1, 30)), show(new Date(2024, 10, 3, 0, 59)), show(new Date(2024, 10, 3, 2, 0))];
out.instants = [Date.UTC(2024, 2, 10, 6, 59), Date.UTC(2024, 2, 10, 7, 0), Date.UTC(2024, 10, 3, 5, 30),
  Date.UTC(2024, 10, 3, 6, 30)].map((t) => {
  const d = new Date(t);
  return [d.getHours(), d.getMinutes(), d.getDate(), d.getTimezoneOffset(), d.toTimeString()];
});
const s = new Date(2024, 2, 9, 12);
s.setDate(10);
const s2 = new Date(s);
s2.setHours(2, 30);
const s3 = new Date(2024, 10, 2, 12);
s3.setDate(s3.getDate() + 1);
out.setters = [show(s), show(s2), show(s3)];
out.parse = ['2024-03-10T02:30', '2024-11-03T01:30', '2024-07-04 12:00', 'July 4, 2024', '2024-07-04',
  'Jul 4 2024 12:00 EDT', 'Thu Jul 04 2024 12:00:00 GMT-0400'].map((x) => Date.parse(x));
out.history = [show(new Date(1800, 0, 1)), show(new Date(1918, 2, 31, 3)), show(new Date(1970, 0, 1)),
  show(new Date(2040, 6, 1)), show(new Date(-1, 0, 1))];
out.locale = [new Date(2024, 6, 4, 9, 5).toLocaleString(), new Date(2024, 6, 4, 21, 5).toLocaleTimeString(),
  new Date(Date.UTC(2024, 6, 4, 2)).toLocaleDateString(), new Date(Date.UTC(2024, 6, 4, 2)).toLocaleDateString('en-US', { timeZone: 'UTC' })];
out.result = new Date(2024, 6, 4, 9, 5);
return out;

// Date.parse and new Date(string): the ECMA-262 format and the legacy forms Node.js accepts.
const inputs = [
  '2024-03-05', '2024-03', '2024', '+002024-03-05', '-000001-01-01', '-000000-01-01', '+275760-09-13',
  '+275760-09-14', '2024-03-05T10:00', '2024-03-05T10:00:30', '2024-03-05T10:00:30.5', '2024-03-05T10:00:30.123456',
  '2024-03-05T10:00Z', '2024-03-05T10:00:00+05:30', '2024-03-05T10:00:00-0800', '2024-03-05T24:00',
  '2024-03-05T24:00:01', '2024-03-05T25:00', '2024-02-30', '2024-13-01', '2024-00-10', '2024-03-05t10:00z',
  '2024-03-05 10:00', '2024-03-05 10:00:00Z', '2024-03-05 10:00:00 +05:30', '2024-3-5', '2024/03/05',
  '2024/3/5 10:30', '3/5/2024', '03/05/2024 10:00 PM', '3/5', '12/31/99', '1/2/49', '1/2/50',
  'March 5, 2024', 'March 5 2024 10:00', 'Mar 5, 2024, 10:00:00 AM', 'mar 5 2024', 'MARCH 5, 2024',
  '5 March 2024', 'March 2024', '2024 March 5', 'Tue Mar 05 2024', 'Tue Mar 05 2024 10:00:00',
  'Tue Mar 05 2024 10:00:00 GMT+0100', 'Tue Mar 05 2024 10:00:00 GMT+0100 (Central European Standard Time)',
  'Tue, 05 Mar 2024 10:00:00 GMT', 'Tue, 05 Mar 2024 10:00:00 +0000', 'Tue, 5 Mar 2024 10:00:00 -0500',
  '05 Mar 2024 10:00 EST', 'Mar 5 2024 10:00 PDT', '2024-03-05 10:00 UTC', 'Mar 5 2024 12:00 AM',
  'Mar 5 2024 12:00 PM', 'Mar 5 2024 13:00 PM', 'Mar 5 2024 10:00:00.250', 'Mar 5 2024 10:00:00:5',
  'Thu, 01 Jan 1970 00:00:00 GMT-0800', 'Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)',
  '', ' ', 'hello', '2024 foo', 'foo 2024', '20240305', '2024-03-05T', '2024-03-05T10', 'Mar 40 2024',
  '1970-01-01T00:00:00.000+01:00', '2024-03-05T10:00:00.000Z', 'Sat, 01 Jan 10000 00:00:00 GMT',
  '10:00 2024-03-05', 'Tuesday, March 5, 2024', '2024-03-05T10:00:00 GMT', '2024.03.05', '5.3.2024',
  'Mar-05-2024', '05-Mar-2024', '(comment) Mar 5 2024', 'Mar 5 2024 (comment)', 'Mar 5 2024 +',
];
const out = {};
for (const s of inputs) {
  const t = Date.parse(s);
  out[s] = [t, new Date(s).getTime() === t || (isNaN(t) && isNaN(new Date(s).getTime()))];
}
out.coerced = [Date.parse({ toString() { return '2024-03-05'; } }), Date.parse(1e3), Date.parse(),
  new Date({ valueOf() { return 86400000; } }).getTime(), new Date({ toString() { return '2024-03-05'; }, valueOf: undefined }).getTime()];
out.roundTrip = [Date.parse(new Date(1709632800123).toString()), Date.parse(new Date(1709632800123).toUTCString()),
  Date.parse(new Date(1709632800123).toISOString()), Date.parse(new Date(-62198755200000).toString())];
return out;

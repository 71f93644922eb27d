// toLocaleString / toLocaleDateString / toLocaleTimeString: defaults, the five supported locales,
// options, time zones and errors.
const out = {};
const d = new Date(Date.UTC(2024, 2, 5, 15, 4, 9, 123));
const midnight = new Date(Date.UTC(2024, 11, 31, 0, 7, 3));
out.defaults = [d.toLocaleString(), d.toLocaleDateString(), d.toLocaleTimeString(), midnight.toLocaleString(),
  new Date(-1e14).toLocaleString(), new Date(NaN).toLocaleString(), new Date(NaN).toLocaleDateString('xx-bad')];
const options = [undefined, { year: 'numeric', month: 'long', day: 'numeric' }, { weekday: 'long' },
  { month: 'short', day: 'numeric' }, { year: '2-digit', month: '2-digit', day: '2-digit' },
  { hour: '2-digit', minute: '2-digit' }, { hour: 'numeric', hour12: false }, { hour: 'numeric', hour12: true },
  { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  { month: 'long', year: 'numeric' }, { month: 'narrow' }, { weekday: 'narrow', day: '2-digit' },
  { hour: 'numeric', minute: 'numeric', second: 'numeric', hour12: true },
  { dateStyle: 'full' }, { dateStyle: 'long' }, { dateStyle: 'medium' }, { dateStyle: 'short' },
  { timeZone: 'Asia/Tokyo' }, { timeZone: 'america/new_york', hour: 'numeric', minute: '2-digit' }];
for (const loc of ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'en', 'de', 'fr', 'ja', ['en-GB', 'de-DE']]) {
  const safe = (f) => { try { return f(); } catch (e) { return [e.name, e.message]; } };
  out[String(loc)] = options.map((o) => [d.toLocaleString(loc, o), safe(() => midnight.toLocaleDateString(loc, o)),
    safe(() => midnight.toLocaleTimeString(loc, o))]);
}
out.styles = [d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
  d.toLocaleString('de-DE', { dateStyle: 'full', timeStyle: 'medium' }), d.toLocaleTimeString('en-GB', { timeStyle: 'short' }),
  d.toLocaleDateString('ja-JP', { dateStyle: 'long' })];
const errors = [];
const tryIt = (f) => { try { errors.push(f()); } catch (e) { errors.push([e.name, e.message]); } };
tryIt(() => d.toLocaleString('en-US', { month: 'longest' }));
tryIt(() => d.toLocaleString('en-US', { timeZone: 'Mars/Base' }));
tryIt(() => d.toLocaleString('en_US'));
tryIt(() => d.toLocaleString('en-US', { dateStyle: 'short', month: 'long' }));
tryIt(() => d.toLocaleDateString('en-US', { timeStyle: 'short' }));
tryIt(() => d.toLocaleTimeString('en-US', { dateStyle: 'short' }));
tryIt(() => d.toLocaleString('en-US', null));
tryIt(() => d.toLocaleString('en-US', { get month() { return 'long'; }, year: { toString() { return 'numeric'; } } }));
tryIt(() => d.toLocaleString([{ toString() { return 'de-DE'; } }]));
tryIt(() => Date.prototype.toLocaleString.call(0));
out.errors = errors;
return out;

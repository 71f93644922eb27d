// The calendar option is canonicalized like a -u-ca- keyword
return ['islamicc', 'ISLAMIC', 'Buddhist', 'gregory', 'japanese', 'bogus'].map((c) => { try { const f = new Intl.DateTimeFormat('en', { calendar: c, timeZone: 'UTC' }); return [c, f.resolvedOptions().calendar, f.resolvedOptions().locale, f.format(0)]; } catch (e) { return [c, e.message]; } });

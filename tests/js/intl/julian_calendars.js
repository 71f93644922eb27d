// Dates before 1582: proleptic Gregorian for gregory, Julian in ICU's other Gregorian-based calendars (as Node)
const d = new Date(Date.UTC(1500, 0, 15, 12));
return ['en', 'en-u-ca-buddhist', 'ja-u-ca-japanese', 'zh-TW-u-ca-roc', 'en-u-ca-gregory', 'de'].map((l) => d.toLocaleDateString(l, { timeZone: 'UTC' }));

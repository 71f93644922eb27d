// time-zone: Etc/UTC
return [Intl.DateTimeFormat().resolvedOptions().timeZone, new Intl.DateTimeFormat("en", {timeZone: "Etc/GMT"}).resolvedOptions().timeZone, new Intl.DateTimeFormat("en", {timeZone: "Zulu"}).resolvedOptions().timeZone, new Intl.DateTimeFormat("en", {timeZone: "Asia/Kolkata"}).resolvedOptions().timeZone];

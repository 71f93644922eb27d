// zero-count quantifiers match the empty string
const r = [];
for (const re of [/(?:$|(?=a)){0}/, /(?:(?=a)|(?=b)){0}/, /x(?:a){0}y/, /(a){0}b/, /(?:$|(?=a)){0,0}/, /(?:$|(?=a)){0}?/, /a{0}/g]) {
  r.push([String(re), re.exec('xyzab')?.index ?? null, JSON.stringify('ab xy b'.match(re)), 'xyb'.replace(re, '-')]);
}
return r;

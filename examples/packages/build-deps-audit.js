// Audit the Debian packages codemode builds against: versions, sizes, headers, the runtime libraries
// behind each -dev package, and which optional ones are missing.
const required = [
  'libabsl-dev', 'libsimdjson-dev', 'libdouble-conversion-dev', 'libxxhash-dev', 'catch2',
  'libpcre2-dev', 'libutf8proc-dev', 'libcli11-dev', 'libflatbuffers-dev',
];
const optional = ['libbenchmark-dev', 'libcurl4-openssl-dev', 'libsqlite3-dev', 'libv8-dev'];

// Independent first questions, asked together: the machine, and the compilers that could build codemode.
const [system, clangs, gccs] = await Promise.all([
  tools.system.arch(),
  tools.packages.search({ pattern: 'clang-[0-9]*' }),
  tools.packages.search({ pattern: 'g++-[0-9]*' }),
]);

// Fan out: one info call per package, all in flight at once. A package that is not installed makes its
// tool call fail; that is an answer here, not an error, so each call gets its own catch.
const lookups = await Promise.all(
  [...required, ...optional].map(async (name) => {
    try {
      return { ok: true, pkg: await tools.packages.info({ name }) };
    } catch (e) {
      return { ok: false, name, reason: e.message };
    }
  }),
);
const found = lookups.filter((l) => l.ok).map((l) => l.pkg);
const missing = lookups.filter((l) => !l.ok).map((l) => l.name);

// Second step, also concurrent: how many headers each installed package provides.
const headers = await Promise.all(found.map((p) => tools.packages.files({ name: p.name, prefix: '/usr/include/', limit: 0 })));

// Third step: the runtime libraries behind each -dev package (its lib* dependencies built from the same
// source package). All lookups start at once, in a fixed order, so the list of calls does not depend on
// which tool answers first.
const deps = found.flatMap((p) => p.depends.filter((d) => d.startsWith('lib') && !d.endsWith('-dev')).map((d) => ({ of: p, name: d })));
const depInfo = await Promise.allSettled(deps.map((d) => tools.packages.info({ name: d.name })));
const details = found.map((p, i) => ({
  name: p.name,
  version: p.version,
  sizeKiB: p.installedSizeKiB,
  headers: headers[i].count,
  // a dependency satisfied through a virtual package has no entry of its own: its lookup was rejected
  runtime: deps
    .map((d, k) => ({ d, r: depInfo[k] }))
    .filter(({ d, r }) => d.of === p && r.status === 'fulfilled' && r.value.source === p.source)
    .map(({ r }) => `${r.value.name} ${r.value.version}`),
}));

// Abseil ships as one big -dev package; how many of its headers are in each top-level module?
const absl = found.some((p) => p.name === 'libabsl-dev')
  ? await tools.packages.files({ name: 'libabsl-dev', prefix: '/usr/include/absl/', suffix: '.h', limit: 10000 })
  : { count: 0, files: [] };
const abslModules = {};
for (const f of absl.files) {
  const mod = f.split('/')[4];
  abslModules[mod] = (abslModules[mod] || 0) + 1;
}
const topAbsl = Object.entries(abslModules)
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .slice(0, 5)
  .map(([module, headers]) => `${module} (${headers})`);

details.sort((a, b) => b.sizeKiB - a.sizeKiB || (a.name < b.name ? -1 : 1));
const totalKiB = details.reduce((s, d) => s + d.sizeKiB, 0);
return {
  machine: `${system.architecture}, Debian ${system.debianVersion}`,
  compilers: [...clangs.packages, ...gccs.packages].map((p) => `${p.name} ${p.version}`),
  requiredMissing: missing.filter((m) => required.includes(m)),
  optionalMissing: missing.filter((m) => optional.includes(m)),
  installed: details,
  totalInstalledMiB: Math.round((totalKiB / 1024) * 10) / 10,
  largest: details.length ? details[0].name : null,
  mostHeaders: details.reduce((best, d) => (!best || d.headers > best.headers ? d : best), null)?.name ?? null,
  abslHeaderFiles: absl.count,
  abslTopModules: topAbsl,
};

// Summarize this repository's recent history: who changed what, which folders moved most, the largest
// commit, and how the tracked files are spread over the top-level folders.
const { commits } = await tools.git.log({ max: 40 });

// Fan out: the per-file line counts of every commit, fetched concurrently.
const shown = await Promise.all(commits.map((c) => tools.git.show({ commit: c.hash })));

// A bad revision is a tool failure the program can handle like any other rejected promise.
let badRevision;
try {
  await tools.git.show({ commit: '0000000000000000000000000000000000000bad' });
  badRevision = 'unexpectedly found';
} catch (e) {
  badRevision = 'rejected';
}

const byAuthor = new Map();
const byFolder = new Map();
let largest = null;
for (const c of shown) {
  let lines = 0;
  for (const f of c.files) {
    const folder = f.path.includes('/') ? f.path.slice(0, f.path.indexOf('/')) : '(top level)';
    const entry = byFolder.get(folder) || { folder, commits: new Set(), added: 0, deleted: 0 };
    entry.commits.add(c.hash);
    entry.added += f.added;
    entry.deleted += f.deleted;
    byFolder.set(folder, entry);
    lines += f.added + f.deleted;
  }
  byAuthor.set(c.author, (byAuthor.get(c.author) || 0) + 1);
  if (!largest || lines > largest.lines) largest = { subject: c.subject, lines, files: c.files.length };
}

const folders = [...byFolder.values()]
  .map((f) => ({ folder: f.folder, commits: f.commits.size, added: f.added, deleted: f.deleted }))
  .sort((a, b) => b.added + b.deleted - (a.added + a.deleted) || (a.folder < b.folder ? -1 : 1))
  .slice(0, 6);

// Tracked files per top-level folder for the busiest folders (another small fan-out).
const tracked = await Promise.all(folders.filter((f) => f.folder !== '(top level)').map((f) => tools.git.files({ under: f.folder })));
const all = await tools.git.files({});

return {
  commitsExamined: commits.length,
  span: commits.length ? { newest: commits[0].date.slice(0, 10), oldest: commits[commits.length - 1].date.slice(0, 10) } : null,
  authors: [...byAuthor].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name, n]) => `${name}: ${n}`),
  busiestFolders: folders,
  largestCommit: largest,
  trackedFiles: { total: all.count, ...Object.fromEntries(tracked.map((t) => [t.under, t.count])) },
  badRevision,
};

#!/usr/bin/env node
// Command tools over the git history of the repository this file lives in, read-only:
// git.log, git.show, git.files (see ../manifest.json for the schemas).
'use strict';
const path = require('path');
const { execFileSync } = require('child_process');
const serve = require('../../lib/command-tool.js');

const SEP = '\x1f';
let top = null; // the repository's top folder: paths in and out are relative to it
function git(args) {
  if (top === null) {
    top = path.join(__dirname, '..');
    top = run(['rev-parse', '--show-toplevel']).trim();
  }
  return run(args);
}
function run(args) {
  try {
    return execFileSync('git', ['-C', top, ...args], {
      encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20,
    });
  } catch (e) {
    throw new Error(String(e.stderr || e.message).trim().split('\n').pop() || `git failed (${e.status})`);
  }
}
// A revision as the model may pass it: hex (abbreviated) hash, HEAD~N, a branch or tag name. Never an option.
const REV_RE = /^(?!-)[A-Za-z0-9._\/~^-]{1,100}$/;
const PATH_RE = /^(?![-\/])[^\0]{1,300}$/;

serve({
  'log'({ max = 20, path: p, ref = 'HEAD' }) {
    if (!Number.isInteger(max) || max < 1 || max > 500) throw new Error('max must be an integer in [1, 500]');
    if (typeof ref !== 'string' || !REV_RE.test(ref)) throw new Error(`invalid ref: ${JSON.stringify(ref)}`);
    if (p !== undefined && (typeof p !== 'string' || !PATH_RE.test(p))) throw new Error(`invalid path: ${JSON.stringify(p)}`);
    const out = git(['log', `-n${max}`, `--format=%H${SEP}%h${SEP}%an${SEP}%aI${SEP}%s`, ref, '--', ...(p ? [p] : [])]);
    const commits = out.split('\n').filter(Boolean).map((l) => {
      const [hash, shortHash, author, date, subject] = l.split(SEP);
      return { hash, shortHash, author, date, subject };
    });
    return { ref, count: commits.length, commits };
  },

  'show'({ commit }) {
    if (typeof commit !== 'string' || !REV_RE.test(commit)) throw new Error(`invalid commit: ${JSON.stringify(commit)}`);
    const out = git(['show', '--numstat', `--format=%H${SEP}%an${SEP}%s${SEP}%P`, commit, '--']);
    const [head, ...rest] = out.split('\n');
    const [hash, author, subject, parents] = head.split(SEP);
    const files = rest.filter(Boolean).map((l) => {
      const [added, deleted, file] = l.split('\t');
      // Binary files have "-" counts.
      return { path: file, added: added === '-' ? 0 : Number(added), deleted: deleted === '-' ? 0 : Number(deleted), binary: added === '-' };
    });
    return { hash, author, subject, parents: parents ? parents.split(' ') : [], files };
  },

  'files'({ under = '' }) {
    if (typeof under !== 'string' || (under !== '' && !PATH_RE.test(under))) throw new Error(`invalid folder: ${JSON.stringify(under)}`);
    const files = git(['ls-files', '-z', '--', ...(under ? [under] : [])]).split('\0').filter(Boolean);
    return { under, count: files.length, files: files.slice(0, 200) };
  },
});

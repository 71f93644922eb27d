#!/usr/bin/env node
// Command tools over this machine's Debian package database, read-only, through dpkg-query:
// packages.search, packages.info, packages.files (see ../manifest.json for the schemas).
'use strict';
const fs = require('fs');
const { execFileSync } = require('child_process');
const serve = require('../../lib/command-tool.js');

// Package names per Debian policy (plus an optional :arch); patterns also allow dpkg's glob characters.
const NAME_RE = /^[a-z0-9][a-z0-9.+-]*(:[a-z0-9-]+)?$/;
const PATTERN_RE = /^[a-z0-9*?[\]][a-z0-9.+*?[\]-]*$/;

function dpkgQuery(args) {
  try {
    return execFileSync('dpkg-query', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (e) {
    const msg = String(e.stderr || e.message).trim().split('\n').pop();
    const err = new Error(msg || `dpkg-query failed (${e.status})`);
    err.status = e.status;
    throw err;
  }
}

function requireName(input) {
  const { name } = input;
  if (typeof name !== 'string' || !NAME_RE.test(name)) throw new Error(`invalid package name: ${JSON.stringify(name)}`);
  return name;
}

function installed(name) {
  let out;
  try {
    out = dpkgQuery(['-W', '-f=${db:Status-Abbrev}', name]);
  } catch (e) {
    return false;
  }
  return out.startsWith('ii');
}

serve({
  'search'({ pattern, limit = 50 }) {
    if (typeof pattern !== 'string' || !PATTERN_RE.test(pattern)) throw new Error(`invalid pattern: ${JSON.stringify(pattern)}`);
    if (!Number.isInteger(limit) || limit < 0 || limit > 1000) throw new Error('limit must be an integer in [0, 1000]');
    let out = '';
    try {
      out = dpkgQuery(['-W', '-f=${Package}\t${Version}\t${Architecture}\t${db:Status-Abbrev}\n', pattern]);
    } catch (e) {
      if (e.status !== 1) throw e; // 1 = nothing matched
    }
    const all = out.split('\n').filter(Boolean).map((l) => l.split('\t'))
      .filter((f) => f[3].startsWith('ii'))
      .map(([name, version, arch]) => ({ name, version, arch }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { pattern, count: all.length, packages: all.slice(0, limit) };
  },

  'info'(input) {
    const name = requireName(input);
    if (!installed(name)) throw new Error(`package ${name} is not installed`);
    const fields = ['Package', 'Version', 'Architecture', 'Installed-Size', 'Section', 'Source', 'Depends', 'binary:Summary'];
    // One field per line: none of these fields spans lines (binary:Summary is the description's first line).
    const out = dpkgQuery(['-W', `-f=${fields.map((f) => '${' + f + '}').join('\\n')}`, name]);
    const [pkg, version, architecture, size, section, source, depends, summary] = out.split('\n');
    return {
      name: pkg,
      version,
      architecture,
      installedSizeKiB: Number(size) || 0,
      section,
      source: (source || pkg).split(' ')[0],
      summary,
      depends: depends ? depends.split(', ').map((d) => d.split(/[ |]/)[0]) : [],
    };
  },

  'files'(input) {
    const name = requireName(input);
    const { prefix = '/', suffix = '', limit = 100 } = input;
    if (typeof prefix !== 'string' || !prefix.startsWith('/')) throw new Error('prefix must be an absolute path');
    if (typeof suffix !== 'string') throw new Error('suffix must be a string');
    if (!Number.isInteger(limit) || limit < 0 || limit > 10000) throw new Error('limit must be an integer in [0, 10000]');
    if (!installed(name)) throw new Error(`package ${name} is not installed`);
    const files = dpkgQuery(['-L', name]).split('\n').filter((p) => {
      if (!p.startsWith(prefix) || !p.endsWith(suffix)) return false;
      try {
        return !fs.lstatSync(p).isDirectory(); // files and symlinks, not the directories dpkg also lists
      } catch (e) {
        return false; // listed but removed since (e.g. excluded by dpkg path filters)
      }
    }).sort();
    return { name, count: files.length, files: files.slice(0, limit) };
  },
});

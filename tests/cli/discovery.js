#!/usr/bin/env node
// The `catalog` and `search` subcommands over the corpus fixture manifest (tools/search.h):
//
//   node tests/cli/discovery.js path/to/codemode        (ctest cli.discovery)
//
// catalog lists every tool of tests/corpus/fixtures/manifest.json in List() order (in each namespace its
// tools, then its namespaces) with its call expression and a TypeScript (or Lua) signature; search ranks,
// scopes, pages and refuses bad requests as usage errors (exit 2, a message on stderr). Every process must
// end by itself, without a signal or a sanitizer report. Prints one line per check; exit 0 when all pass.
'use strict';

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const MANIFEST = path.join(ROOT, 'tests', 'corpus', 'fixtures', 'manifest.json');
const SANITIZER_RE = /(ERROR|WARNING): (Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer|runtime error: /;

const codemode = process.argv[2] && path.resolve(process.argv[2]);
if (!codemode || !fs.existsSync(codemode)) {
  console.error('usage: discovery.js path/to/codemode');
  process.exit(2);
}

function cli(args) {
  const r = spawnSync(codemode, args, { cwd: ROOT, encoding: 'utf8', timeout: 60000, maxBuffer: 64 << 20 });
  const what = `codemode ${args.join(' ')}`;
  if (r.error) throw new Error(`${what}: cannot run: ${r.error.message}`);
  if (r.signal) throw new Error(`${what}: ended by ${r.signal}`);
  if (SANITIZER_RE.test(r.stderr)) throw new Error(`${what}: sanitizer report: ${r.stderr.slice(0, 400)}`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, what };
}
function json(args) {
  const r = cli(args);
  assert.strictEqual(r.code, 0, `${r.what}: exit ${r.code}, stderr: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
function usageError(args, fragment) {
  const r = cli(args);
  assert.strictEqual(r.code, 2, `${r.what}: exit ${r.code} (want 2)`);
  assert.strictEqual(r.stdout, '', `${r.what}: printed ${r.stdout}`);
  assert.ok(r.stderr.includes(fragment), `${r.what}: stderr ${JSON.stringify(r.stderr)} lacks ${fragment}`);
}

let failures = 0;
function check(name, fn) {
  try {
    fn();
    console.log(`ok   ${name}`);
  } catch (e) {
    failures++;
    console.log(`FAIL ${name}\n     ${String((e && e.message) || e).split('\n').join('\n     ')}`);
  }
}

// The manifest's tools in List() order, read from the manifest itself: an entry with "tools" is a namespace.
function manifestTools(entries, prefix) {
  const tools = [];
  const namespaces = [];
  for (const [name, entry] of Object.entries(entries)) {
    if (entry.tools) namespaces.push([name, entry]);
    else tools.push({ dotted: prefix + name, description: entry.description || '' });
  }
  for (const [name, ns] of namespaces) tools.push(...manifestTools(ns.tools, prefix + name + '.'));
  return tools;
}
const EXPECTED = manifestTools(JSON.parse(fs.readFileSync(MANIFEST, 'utf8')), '');
const ITEM_KEYS = ['path', 'dotted', 'description', 'signature'];

check('catalog lists every tool in List() order with expression, description and TS signature', () => {
  const items = json(['catalog', '--tools', MANIFEST]);
  assert.ok(Array.isArray(items));
  assert.deepStrictEqual(items.map((i) => i.dotted), EXPECTED.map((t) => t.dotted));
  items.forEach((item, k) => {
    assert.deepStrictEqual(Object.keys(item), ITEM_KEYS);
    assert.strictEqual(item.description, EXPECTED[k].description);
    assert.strictEqual(item.path, 'tools.' + item.dotted);
    assert.ok(item.signature.startsWith(item.path + '(input'), item.signature);
    assert.ok(/\): Promise<.+>$/.test(item.signature), item.signature);
  });
  const lookup = items.find((i) => i.dotted === 'orders.lookup');
  assert.ok(lookup.signature.startsWith(
    'tools.orders.lookup(input: { id: string }): Promise<{ id: string; customerId: string; ' +
    'status: "pending" | "shipped" | "delivered" | "cancelled" | "refunded"; createdAt: string; '), lookup.signature);
  assert.ok(lookup.signature.includes('items: { sku: string; name: string; qty: number; unitPrice: number }[]; '));
  assert.ok(lookup.signature.endsWith('shippedAt?: string; deliveredAt?: string; refundedAt?: string }>'));
  // The same with --lang js and --lang ts.
  assert.deepStrictEqual(json(['catalog', '--tools', MANIFEST, '--lang', 'ts']), items);
  assert.deepStrictEqual(json(['catalog', '--tools', MANIFEST, '--lang', 'js']), items);
});

check('catalog --lang lua gives Lua signatures', () => {
  const items = json(['catalog', '--tools', MANIFEST, '--lang', 'lua']);
  assert.strictEqual(items.length, EXPECTED.length);
  for (const item of items) assert.ok(!item.signature.includes('Promise<'), item.signature);
  const lookup = items.find((i) => i.dotted === 'orders.lookup');
  assert.ok(lookup.signature.startsWith('tools.orders.lookup(input: { id: string }): { id: string, '));
  assert.ok(lookup.signature.includes('qty: integer, unitPrice: number }[], '), lookup.signature);
});

check('catalog without --tools is empty; the catalog is pretty-printed', () => {
  assert.deepStrictEqual(json(['catalog']), []);
  const r = cli(['catalog', '--tools', MANIFEST]);
  assert.ok(r.stdout.startsWith('[\n  {\n    "path": '), r.stdout.slice(0, 40));
});

check('search ranks a tool named by the query first', () => {
  const r = json(['search', 'refund', '--tools', MANIFEST]);
  assert.deepStrictEqual(Object.keys(r), ['items', 'total', 'nextOffset']);
  assert.strictEqual(r.items[0].dotted, 'orders.refund');
  assert.ok(r.total >= 1 && r.total === r.items.length);
  assert.strictEqual(r.nextOffset, null);
  const weather = json(['search', 'forecast weather', '--tools', MANIFEST]);
  assert.strictEqual(weather.items[0].dotted, 'weather.forecast');
  assert.deepStrictEqual(json(['search', 'xylophone', '--tools', MANIFEST]),
    { items: [], total: 0, nextOffset: null });
});

check('search pages through everything in catalog order', () => {
  const all = [];
  let offset = 0;
  let pages = 0;
  for (;;) {
    const r = json(['search', '--tools', MANIFEST, '--limit', '7', '--offset', String(offset)]);
    assert.strictEqual(r.total, EXPECTED.length);
    assert.ok(r.items.length <= 7);
    all.push(...r.items.map((i) => i.dotted));
    pages++;
    if (r.nextOffset === null) break;
    assert.strictEqual(r.nextOffset, offset + 7);
    offset = r.nextOffset;
  }
  assert.strictEqual(pages, Math.ceil(EXPECTED.length / 7));
  assert.deepStrictEqual(all, EXPECTED.map((t) => t.dotted));
});

check('search --path: one tool, or the tools of one namespace', () => {
  for (const p of ['orders.lookup', 'tools.orders.lookup', 'tools["orders"]["lookup"]']) {
    const r = json(['search', 'anything', '--tools', MANIFEST, '--path', p]);
    assert.deepStrictEqual(r.items.map((i) => i.dotted), ['orders.lookup'], p);
    assert.strictEqual(r.total, 1);
  }
  const inv = json(['search', '--tools', MANIFEST, '--path', 'billing.invoices']);
  assert.deepStrictEqual(inv.items.map((i) => i.dotted),
    EXPECTED.map((t) => t.dotted).filter((d) => d.startsWith('billing.invoices.')));
  const billing = json(['search', 'list', '--tools', MANIFEST, '--path', 'billing', '--lang', 'lua']);
  assert.strictEqual(billing.items[0].dotted, 'billing.invoices.list');
  for (const i of billing.items) assert.ok(i.dotted.startsWith('billing.'), i.dotted);
});

check('usage errors exit 2 with a message', () => {
  usageError(['search', 'x', '--tools', MANIFEST, '--limit', '0'], 'limit must be between 1 and 50');
  usageError(['search', 'x', '--tools', MANIFEST, '--limit', '51'], 'limit must be between 1 and 50');
  usageError(['search', '--tools', MANIFEST, '--path', 'orders.lokup'],
    "no tool or namespace at path 'orders.lokup' (closest: orders.lookup");
  usageError(['catalog', '--tools', MANIFEST, '--lang', 'python'], '--lang python');
  usageError(['catalog', '--tools', path.join(ROOT, 'no-such-manifest.json')], 'manifest: cannot read');
  usageError(['search', 'x', '--limit', 'many'], 'limit');
});

console.log(`cli.discovery: ${failures ? failures + ' check(s) failed' : 'all checks passed'}`);
process.exitCode = failures ? 1 : 0;

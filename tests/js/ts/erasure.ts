// Erasable TypeScript syntax and parameter properties (tsc with target ES2022,
// useDefineForClassFields true). The twin erasure.js is tsc's output (hand-written; see README.md).
import type { Something } from './types';
import { type Other } from './other';
export type { Something };
export { type Other };
export type Alias = string | number;
interface Shape { area(): number }
type Pair<T> = [T, T];
declare const ambientValue: number;
declare function ambientFn(x: number): string;
declare let ambientLet: string;

const log: string[] = [];
class Base {
  constructor(public readonly id: number) {
    log.push('Base ' + id);
  }
}
abstract class Animal extends Base {
  declare extra: string;
  abstract speak(): string;
  kind = 'animal:' + this.id;
  constructor(id: number, protected name: string, private secret?: string) {
    super(id);
    log.push('Animal ' + this.kind + ' ' + this.name);
  }
  describe(): string { return `${this.name} says ${this.speak()}`; }
  hasSecret() { return this.secret !== undefined; }
}
class Dog extends Animal {
  legs!: number;
  override speak(): string { return 'woof'; }
  constructor(id: number, name: string, public tricks: string[] = []) {
    log.push('Dog before super');
    super(id, name);
    log.push('Dog after super ' + this.tricks.length);
  }
}
function pick(x: number): number;
function pick(x: string): string;
function pick(x: any): any { return x; }
function withThis(this: { v: number }, k: number): number { return this.v * k; }
const identity = <T,>(x: T): T => x;
const conf = { mode: 'fast', retries: 3 } as const satisfies Record<string, unknown>;
let maybe: string | undefined = 'set';
const len = maybe!.length;
const casted = ('abc' as string).length + (123 as unknown as number);
const d = new Dog(7, 'rex', ['sit']);
return {
  log,
  describe: d.describe(),
  own: Object.keys(d),
  hasExtra: 'extra' in d,
  hasLegs: Object.hasOwn(d, 'legs'),
  legs: d.legs ?? 'undefined',
  secret: d.hasSecret(),
  pick: [pick(1), pick('a')],
  withThis: withThis.call({ v: 6 }, 7),
  identity: identity<string>('id'),
  conf,
  len,
  casted,
  generic: new Map<string, Pair<number>>([['a', [1, 2]]]).get('a'),
};

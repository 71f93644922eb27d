// Class-heavy: a small shape hierarchy with fields, #private state, accessors, static members,
// super calls and virtual dispatch, as models write for domain objects.
class Shape {
  static count = 0;
  #id;
  constructor(name) {
    this.name = name;
    this.#id = Shape.count++;
  }
  get id() { return this.#id; }
  area() { return 0; }
  describe() { return this.name + ':' + Math.round(this.area()); }
}
class Rect extends Shape {
  constructor(w, h) { super('rect'); this.w = w; this.h = h; }
  area() { return this.w * this.h; }
  scale(k) { return new Rect(this.w * k, this.h * k); }
}
class Square extends Rect {
  constructor(s) { super(s, s); this.name = 'square'; }
  get side() { return this.w; }
}
class Circle extends Shape {
  #r;
  constructor(r) { super('circle'); this.#r = r; }
  get r() { return this.#r; }
  area() { return Math.PI * this.#r * this.#r; }
  static unit() { return new Circle(1); }
}
class Vec {
  constructor(x, y) { this.x = x; this.y = y; }
  add(o) { return new Vec(this.x + o.x, this.y + o.y); }
  dot(o) { return this.x * o.x + this.y * o.y; }
}
let total = 0;
let sides = 0;
let acc = new Vec(0, 0);
const kinds = {};
for (let i = 0; i < 60000; i++) {
  const s = i % 3 === 0 ? new Rect(i % 7 + 1, i % 5 + 1).scale(2)
          : i % 3 === 1 ? new Square(i % 9 + 1) : Circle.unit();
  total += s.area();
  if (s instanceof Square) sides += s.side;
  const d = s.describe();
  kinds[s.name] = (kinds[s.name] || 0) + d.length;
  acc = acc.add(new Vec(s.id % 3, 1));
}
return { total: Math.round(total), sides, kinds, dot: acc.dot(new Vec(1, 2)), count: Shape.count };

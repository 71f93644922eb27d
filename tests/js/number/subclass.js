// Subclassing Number and Boolean (classes).
class MyNum extends Number { twice() { return this * 2; } }
class MyBool extends Boolean { flip() { return !this.valueOf(); } }
return [new MyNum(21).twice(), new MyNum(3) instanceof Number, new MyNum(3) instanceof MyNum, new MyBool(false).flip(), typeof new MyBool(true)];

// The shared register ISA (DESIGN §4). Both front ends (JavaScript, Lua) lower to these opcodes; the VM
// runs them. This header is the whole contract between compiler/ and vm/: the compiler may include it and
// vm/bytecode.h, nothing else of vm/.
//
// Encoding: fixed 32-bit words, Lua-style fields.
//   bits  0..7  opcode
//   bits  8..15 A   (register 0..254)
//   bits 16..23 B
//   bits 24..31 C
//   bits 16..31 Bx  (unsigned 16) / sBx = Bx - 32767 (signed jump offsets and small literals)
// An opcode whose format ends in "X" is followed by one extra 32-bit word X (a full unsigned operand,
// usually a constant-pool index). Jump offsets are relative to the pc *after* the instruction including
// its X word. Example: a JMP at pc 10 with sBx = -5 continues at 11 - 5 = 6.
//
// Frame layout seen by the compiler (JavaScript):
//   R0           `this` as received (sloppy functions: the VM has already replaced undefined/null by the
//                global object and boxed primitives; strict functions, arrows' own R0 is unused)
//   R1..Rn       the n = FunctionProto::num_params declared positional parameters (missing → undefined)
//   R[rest_reg]  the rest parameter array when FunctionProto::has_rest
//   R[arguments_reg] the arguments object when FunctionProto::needs_arguments
//   everything else up to num_regs starts as undefined.
// Calls: the callee is in R[A], the `this` value in R[A+1], arguments in R[A+2 .. A+1+B]; the result
// lands in R[A]. So a call needs B+2 consecutive free registers at its top.
//
// Truthiness, equality and coercions are ECMA-262 for the JS opcodes. Opcodes whose slow path needs program
// code (valueOf, getters, iterators, user `next`) push a VM frame for it (DESIGN §3 invariant 1): the
// result still lands in R[A] when that frame returns, so the compiler never sees the difference.
#pragma once

#include <cstdint>

namespace codemode::isa {

// OP(name, format, "meaning")
// Formats: A, AB, ABC, ABx, AsBx, sBx, ABX (A,B + extra word), AX, ABCX.
#define CODEMODE_OPCODES(OP)                                                                              \
  /* ---- loads and moves */                                                                         \
  OP(MOVE, AB, "R[A] = R[B]")                                                                        \
  OP(LOADK, ABx, "R[A] = K[Bx]")                                                                     \
  OP(LOADKX, AX, "R[A] = K[X] (constant index >= 65536)")                                            \
  OP(LOADI, AsBx, "R[A] = number sBx (JS number / Lua float)")                                       \
  OP(LOADINT, AsBx, "R[A] = Lua integer sBx")                                                        \
  OP(LOADUNDEF, A, "R[A] = undefined (Lua: nil)")                                                    \
  OP(LOADNULL, A, "R[A] = null")                                                                     \
  OP(LOADTRUE, A, "R[A] = true")                                                                     \
  OP(LOADFALSE, A, "R[A] = false")                                                                   \
  OP(LOADEMPTY, A, "R[A] = <empty> (TDZ marker; also the 'iteration done' sentinel)")                \
  OP(LOADCALLEE, A, "R[A] = the running closure (named function expressions)")                       \
  OP(LOADNEWTARGET, A, "R[A] = new.target (undefined when not constructing)")                        \
  /* ---- global object */                                                                           \
  OP(GETGLOBAL, AX, "R[A] = globalThis[K[X]]; ReferenceError '<name> is not defined' if absent")     \
  OP(GETGLOBALOPT, AX, "R[A] = globalThis[K[X]] or undefined if absent (for typeof)")                \
  OP(SETGLOBAL, AX, "globalThis[K[X]] = R[A]; strict functions: ReferenceError if absent")           \
  /* ---- cells (captured variables) and upvalues */                                                 \
  OP(NEWCELL, AB, "R[A] = new cell holding <empty> (B=0) or undefined (B=1)")                        \
  OP(GETCELL, AB, "R[A] = cell(R[B]).value")                                                         \
  OP(GETCELLCHK, ABX, "R[A] = cell(R[B]).value; ReferenceError naming K[X] if <empty> (TDZ)")        \
  OP(SETCELL, AB, "cell(R[A]).value = R[B]")                                                         \
  OP(SETCELLCHK, ABX, "TDZ check on cell(R[A]) naming K[X], then cell(R[A]).value = R[B]")           \
  OP(GETUPVAL, AB, "R[A] = upvalue[B].value")                                                        \
  OP(GETUPVALCHK, ABX, "R[A] = upvalue[B].value; ReferenceError naming K[X] if <empty>")             \
  OP(SETUPVAL, AB, "upvalue[B].value = R[A]")                                                        \
  OP(SETUPVALCHK, ABX, "TDZ check on upvalue[B] naming K[X], then upvalue[B].value = R[A]")          \
  OP(GETUPCELL, AB, "R[A] = the cell of upvalue[B] itself (to re-capture or to copy per iteration)") \
  OP(CHECKTDZ, AX, "ReferenceError 'Cannot access K[X] before initialization' if R[A] is <empty>")   \
  OP(CLOSURE, ABx, "R[A] = new closure of FunctionProto children[Bx], capturing its upvalues")       \
  /* ---- JS binary operators: R[A] = R[B] op R[C] with ECMA-262 coercions */                         \
  OP(ADD, ABC, "R[A] = R[B] + R[C]")                                                                 \
  OP(SUB, ABC, "R[A] = R[B] - R[C]")                                                                 \
  OP(MUL, ABC, "R[A] = R[B] * R[C]")                                                                 \
  OP(DIV, ABC, "R[A] = R[B] / R[C]")                                                                 \
  OP(MOD, ABC, "R[A] = R[B] % R[C]")                                                                 \
  OP(POW, ABC, "R[A] = R[B] ** R[C]")                                                                \
  OP(BAND, ABC, "R[A] = R[B] & R[C]")                                                                \
  OP(BOR, ABC, "R[A] = R[B] | R[C]")                                                                 \
  OP(BXOR, ABC, "R[A] = R[B] ^ R[C]")                                                                \
  OP(SHL, ABC, "R[A] = R[B] << R[C]")                                                                \
  OP(SHR, ABC, "R[A] = R[B] >> R[C]")                                                                \
  OP(USHR, ABC, "R[A] = R[B] >>> R[C]")                                                              \
  OP(EQ, ABC, "R[A] = R[B] == R[C]")                                                                 \
  OP(NE, ABC, "R[A] = R[B] != R[C]")                                                                 \
  OP(SEQ, ABC, "R[A] = R[B] === R[C]")                                                               \
  OP(SNE, ABC, "R[A] = R[B] !== R[C]")                                                               \
  OP(LT, ABC, "R[A] = R[B] < R[C]")                                                                  \
  OP(LE, ABC, "R[A] = R[B] <= R[C]")                                                                 \
  OP(GT, ABC, "R[A] = R[B] > R[C]")                                                                  \
  OP(GE, ABC, "R[A] = R[B] >= R[C]")                                                                 \
  OP(INSTANCEOF, ABC, "R[A] = R[B] instanceof R[C]")                                                 \
  OP(IN, ABC, "R[A] = R[B] in R[C] (TypeError if R[C] is not an object)")                            \
  OP(ADDI, ABC, "R[A] = R[B] + (int8)C  (JS + with a small number literal)")                         \
  /* ---- JS unary operators */                                                                      \
  OP(NEG, AB, "R[A] = -R[B]")                                                                        \
  OP(TONUMBER, AB, "R[A] = +R[B] (ToNumber; TypeError for BigInt)")                                  \
  OP(TONUMERIC, AB, "R[A] = ToNumeric(R[B]) (old value of x++)")                                     \
  OP(INC, AB, "R[A] = ToNumeric(R[B]) + 1")                                                          \
  OP(DEC, AB, "R[A] = ToNumeric(R[B]) - 1")                                                          \
  OP(BNOT, AB, "R[A] = ~R[B]")                                                                       \
  OP(NOT, AB, "R[A] = !R[B]")                                                                        \
  OP(TYPEOF, AB, "R[A] = typeof R[B]")                                                               \
  OP(TOSTRING, AB, "R[A] = ToString(R[B]) (template literal substitutions; TypeError for Symbol)")   \
  OP(TOPROPKEY, AB, "R[A] = ToPropertyKey(R[B])")                                                    \
  OP(CONCAT, ABC, "R[A] = R[B] .. R[B+1] .. R[B+C-1]; all operands already strings")                 \
  /* ---- control flow; negative offsets are back-edges and charge a step */                         \
  OP(JMP, sBx, "pc += sBx")                                                                          \
  OP(JMPT, AsBx, "if R[A] is truthy: pc += sBx")                                                     \
  OP(JMPF, AsBx, "if R[A] is falsy: pc += sBx")                                                      \
  OP(JMPNULLISH, AsBx, "if R[A] is null or undefined: pc += sBx")                                    \
  OP(JMPNOTNULLISH, AsBx, "if R[A] is neither null nor undefined: pc += sBx")                        \
  OP(JMPUNDEF, AsBx, "if R[A] is undefined: pc += sBx")                                              \
  OP(JMPNOTUNDEF, AsBx, "if R[A] is not undefined: pc += sBx")                                       \
  OP(JMPEMPTY, AsBx, "if R[A] is <empty>: pc += sBx")                                                \
  OP(JMPNOTEMPTY, AsBx, "if R[A] is not <empty>: pc += sBx")                                         \
  /* ---- objects and properties (K[X] is a string constant naming the property) */                  \
  OP(NEWOBJECT, A, "R[A] = {}")                                                                      \
  OP(NEWARRAY, AB, "R[A] = [] with capacity hint B")                                                 \
  OP(GETFIELD, ABX, "R[A] = R[B][K[X]]")                                                             \
  OP(SETFIELD, ABX, "R[A][K[X]] = R[B]")                                                             \
  OP(GETINDEX, ABC, "R[A] = R[B][R[C]]")                                                             \
  OP(SETINDEX, ABC, "R[A][R[B]] = R[C]")                                                             \
  OP(DEFFIELD, ABX, "CreateDataProperty(R[A], K[X], R[B]) (literals, class fields)")                 \
  OP(DEFINDEX, ABC, "CreateDataProperty(R[A], ToPropertyKey(R[B]), R[C])")                           \
  OP(DEFGETTER, ABC, "define accessor get=R[C] for key R[B] on R[A], enumerable (object literal)")   \
  OP(DEFSETTER, ABC, "define accessor set=R[C] for key R[B] on R[A], enumerable (object literal)")   \
  OP(SETPROTO, AB, "object literal `__proto__: v`: if R[B] is an object or null set R[A].[[Proto]]") \
  OP(DELFIELD, ABX, "R[A] = delete R[B][K[X]]")                                                      \
  OP(DELINDEX, ABC, "R[A] = delete R[B][R[C]]")                                                      \
  OP(APPEND, AB, "array literal: define R[A][R[A].length] = R[B]")                                   \
  OP(APPENDHOLE, A, "array literal elision: R[A].length += 1")                                       \
  OP(SPREAD, AB, "array literal / call spread: append every element of iterable R[B] to array R[A]") \
  OP(COPYPROPS, AB, "object spread: CopyDataProperties(target R[A], source R[B])")                   \
  OP(OBJREST, ABC, "R[A] = copy of R[B]'s own enumerable props except the keys in array R[C]")       \
  /* ---- calls */                                                                                   \
  OP(CALL, AB, "R[A] = R[A].call(R[A+1], R[A+2] .. R[A+1+B])")                                      \
  OP(CALLSPREAD, A, "R[A] = R[A].call(R[A+1], ...R[A+2]) where R[A+2] is an array")                  \
  OP(NEW, AB, "R[A] = new R[A](R[A+2] .. R[A+1+B]); R[A+1] is scratch")                              \
  OP(NEWSPREAD, A, "R[A] = new R[A](...R[A+2]) where R[A+2] is an array; R[A+1] is scratch")         \
  OP(RET, A, "return R[A]")                                                                          \
  OP(RETUNDEF, A, "return undefined")                                                                \
  OP(THROW, A, "throw R[A]")                                                                         \
  OP(THROWERR, ABx, "throw new <A: 0 TypeError, 1 ReferenceError, 2 SyntaxError, 3 RangeError>(K[Bx])") \
  /* ---- iteration */                                                                               \
  OP(GETITER, AB, "R[A] = GetIterator(R[B]) (TypeError if not iterable); R[A+1] = its next method")  \
  OP(ITERNEXT, AB, "R[A] = next value of the iterator in R[B],R[B+1]; <empty> when done")            \
  OP(ITERCLOSE, A, "IteratorClose(R[A]) after an early exit: call its `return` if present")          \
  OP(FORIN, AB, "R[A] = enumerator of the for-in keys of R[B] (null/undefined: no keys)")            \
  OP(FORINNEXT, AB, "R[A] = next key of enumerator R[B] still present on the object, or <empty>")    \
  /* ---- async functions and generators */                                                          \
  OP(AWAIT, AB, "R[A] = await R[B]; a rejection throws at this instruction")                         \
  OP(YIELD, ABC, "suspend the generator: C=0 yield {value: R[B], done: false}; C=1 yield R[B] as is " \
                 "(yield*: an inner result); C=2 the start suspension (returns the generator object). " \
                 "On resume R[A] = the value sent, R[A+1] = 1 for return(), else 0")                   \
  OP(YIELDSTAR, ABC, "R[A] = inner result of one yield* step on iterator R[B],R[B+1] (its next): "     \
                     "R[C+1] 0 next(R[C]), 1 return(R[C]), 2 throw(R[C]) (prelude YieldStarStep)")     \
  OP(ASYNCITER, ABC, "for await / async yield*: C=0 R[A] = GetIterator(R[B], async); C=1 R[A] = R[B] " \
                     "or TypeError unless an object; C=2 R[A] = R[B].return() or <empty> when absent")  \
  /* ---- classes (ECMA-262 §15.7; compiler/lower_class.cc) */                                        \
  OP(CLASS, ABC, "class R[A] (constructor closure) extends R[B] (<empty>: none): R[C] = prototype")   \
  OP(DEFMETHOD, ABC, "define method/get/set (by R[C]'s kind) R[C] at key R[B] of R[A], not enumerable") \
  OP(SUPERBASE, AB, "R[A] = R[B].[[GetPrototypeOf]]() (home object -> super base; class -> parent)")  \
  OP(GETSUPER, ABC, "R[A] = R[B].[[Get]](key R[C], receiver R[A])  (super.x)")                        \
  OP(SETSUPER, ABC, "R[B].[[Set]](key R[B+1], R[C], receiver R[A])  (super.x = v)")                  \
  OP(SUPERNEW, ABX, "R[A] = Construct(R[A], R[A+2 .. A+1+B], newTarget R[A+1]); K[X] names the class") \
  OP(SUPERNEWSPREAD, AX, "R[A] = Construct(R[A], ...array R[A+2], newTarget R[A+1]); K[X] the class") \
  OP(NEWPRIVATE, ABX, "R[A] = new private name K[X]; B: 0 name #x, 1 brand, 2 static brand")       \
  OP(GETPRIVATE, ABC, "R[A] = R[B].#(R[C]) (private field; TypeError if absent)")                   \
  OP(SETPRIVATE, ABC, "R[A].#(R[B]) = R[C] (private field; TypeError if absent)")                   \
  OP(DEFPRIVATE, ABC, "add private field / brand R[B] = R[C] to object R[A]; TypeError if present") \
  OP(HASPRIVATE, ABCX, "R[A] = R[C] has private name/brand R[B] (#x in o); K[X] is '#x'")           \
  OP(CHECKBRAND, AB, "TypeError 'Receiver must be ...' unless R[A] carries brand R[B]")              \
  OP(SETFNNAME, AB, "R[A].name = property key R[B] (symbol: \"[desc]\") if R[A] is a function")     \
  /* ---- Lua (DESIGN §3.2: where Lua differs from JavaScript the compiler picks these). nil is      \
     undefined; integers are Tag::kInt; tables are LuaTable; metamethods are honoured. Calls: the    \
     callee in R[A], R[A+1] scratch (never read), arguments from R[A+2]; B = argument count + 1     \
     (0: up to the frame's top, set by the previous multi-result instruction); C = result count + 1 \
     (0: all results, setting top). Results land from R[A]. */                                       \
  OP(LGETGLOBAL, AX, "R[A] = _ENV[K[X]] (the run's globals table; __index honoured)")                \
  OP(LSETGLOBAL, AX, "_ENV[K[X]] = R[A] (__newindex honoured)")                                      \
  OP(LGETENV, A, "R[A] = the run's globals table (_ENV as a value)")                                 \
  OP(LNEWTABLE, ABC, "R[A] = {} with room for B array items and C hash items")                       \
  OP(LGETFIELD, ABX, "R[A] = R[B][K[X]] (K[X] a string; strings index the string library)")         \
  OP(LSETFIELD, ABX, "R[A][K[X]] = R[B]")                                                            \
  OP(LGETINDEX, ABC, "R[A] = R[B][R[C]]")                                                            \
  OP(LSETINDEX, ABC, "R[A][R[B]] = R[C] (nil/NaN key: error)")                                      \
  OP(LSETLIST, ABX, "table constructor: R[A][X+i] = R[A+1+i] for i < B-1 (B=0: up to top)")         \
  OP(LADD, ABC, "R[A] = R[B] + R[C] (int wraps; string coercion; __add)")                            \
  OP(LSUB, ABC, "R[A] = R[B] - R[C]")                                                                \
  OP(LMUL, ABC, "R[A] = R[B] * R[C]")                                                                \
  OP(LDIV, ABC, "R[A] = R[B] / R[C] (always float)")                                                 \
  OP(LMOD, ABC, "R[A] = R[B] % R[C] (floor modulo; int % 0 is an error)")                            \
  OP(LIDIV, ABC, "R[A] = R[B] // R[C] (floor division; int // 0 is an error)")                       \
  OP(LPOW, ABC, "R[A] = R[B] ^ R[C] (always float)")                                                 \
  OP(LBAND, ABC, "R[A] = R[B] & R[C] (integers; floats with an exact integer value)")                \
  OP(LBOR, ABC, "R[A] = R[B] | R[C]")                                                                \
  OP(LBXOR, ABC, "R[A] = R[B] ~ R[C]")                                                               \
  OP(LSHL, ABC, "R[A] = R[B] << R[C] (logical)")                                                     \
  OP(LSHR, ABC, "R[A] = R[B] >> R[C] (logical)")                                                     \
  OP(LUNM, AB, "R[A] = -R[B] (__unm)")                                                               \
  OP(LBNOT, AB, "R[A] = ~R[B] (__bnot)")                                                             \
  OP(LNOT, AB, "R[A] = not R[B] (only nil and false are falsy)")                                     \
  OP(LLEN, AB, "R[A] = #R[B] (string bytes; __len; the table border)")                              \
  OP(LCONCAT, ABC, "R[A] = R[B] .. ... .. R[B+C-1] (numbers become strings; __concat)")              \
  OP(LEQ, ABC, "R[A] = R[B] == R[C] (int/float by value; __eq for two tables)")                      \
  OP(LNE, ABC, "R[A] = R[B] ~= R[C]")                                                                \
  OP(LLT, ABC, "R[A] = R[B] < R[C] (numbers exactly, strings bytewise; __lt)")                       \
  OP(LLE, ABC, "R[A] = R[B] <= R[C] (__le)")                                                         \
  OP(LJMPT, AsBx, "if R[A] is neither nil nor false: pc += sBx")                                     \
  OP(LJMPF, AsBx, "if R[A] is nil or false: pc += sBx")                                              \
  OP(LCALL, ABC, "R[A], ... = R[A](R[A+2], ...); B, C as above; __call honoured")                    \
  OP(LRET, AB, "return R[A], ..., R[A+B-2] (B=0: up to top)")                                        \
  OP(LVARARG, ABC, "R[A], ... = ... (C-1 values; C=0: all, setting top); R[B] holds the extras")     \
  OP(LFORPREP, AsBx, "numeric for: check/convert R[A..A+2] (init, limit, step); skip: pc += sBx")    \
  OP(LFORLOOP, AsBx, "numeric for: step R[A]; if the loop goes on, R[A+3] = index and pc += sBx")    \
  OP(LTBC, ABx, "<close> R[A] (or its cell): error unless nil, false or has __close; K[Bx]: name") \
  OP(LCLOSE, ABC, "close R[A] (or its cell) unless nil/false: __close(v, C ? R[B] : nil)")         \
  OP(NOP, A, "no operation")                                                                         \
  /* ---- Lua with a constant second operand (lua_lower: number literals; string literals for ==) */ \
  OP(LADDK, ABX, "R[A] = R[B] + K[X] (as LADD; K[X] a number)")                                      \
  OP(LSUBK, ABX, "R[A] = R[B] - K[X]")                                                               \
  OP(LMULK, ABX, "R[A] = R[B] * K[X]")                                                               \
  OP(LDIVK, ABX, "R[A] = R[B] / K[X]")                                                               \
  OP(LMODK, ABX, "R[A] = R[B] % K[X]")                                                               \
  OP(LIDIVK, ABX, "R[A] = R[B] // K[X]")                                                             \
  OP(LBANDK, ABX, "R[A] = R[B] & K[X] (K[X] an integer)")                                            \
  OP(LBORK, ABX, "R[A] = R[B] | K[X]")                                                               \
  OP(LBXORK, ABX, "R[A] = R[B] ~ K[X]")                                                              \
  OP(LSHLK, ABX, "R[A] = R[B] << K[X]")                                                              \
  OP(LSHRK, ABX, "R[A] = R[B] >> K[X]")                                                              \
  OP(LEQK, ABX, "R[A] = R[B] == K[X] (K[X] a number or string: never __eq)")                          \
  OP(LNEK, ABX, "R[A] = R[B] ~= K[X]")                                                               \
  OP(LLTK, ABX, "R[A] = R[B] < K[X] (K[X] a number; __lt(R[B], K[X]))")                              \
  OP(LLEK, ABX, "R[A] = R[B] <= K[X]")                                                               \
  OP(LGTK, ABX, "R[A] = R[B] > K[X], i.e. K[X] < R[B] (__lt(K[X], R[B]))")                           \
  OP(LGEK, ABX, "R[A] = R[B] >= K[X], i.e. K[X] <= R[B]")

enum class Op : uint8_t {
#define CODEMODE_OP_ENUM(name, fmt, doc) name,
  CODEMODE_OPCODES(CODEMODE_OP_ENUM)
#undef CODEMODE_OP_ENUM
      kCount
};

enum class Format : uint8_t { A, AB, ABC, ABx, AsBx, sBx, ABX, AX, ABCX };

// Size in words of each opcode (1, or 2 when followed by the X word).
constexpr bool HasExtraWord(Format f) { return f == Format::ABX || f == Format::AX || f == Format::ABCX; }

constexpr Format kFormats[] = {
#define CODEMODE_OP_FMT(name, fmt, doc) Format::fmt,
    CODEMODE_OPCODES(CODEMODE_OP_FMT)
#undef CODEMODE_OP_FMT
};
constexpr const char* kNames[] = {
#define CODEMODE_OP_NAME(name, fmt, doc) #name,
    CODEMODE_OPCODES(CODEMODE_OP_NAME)
#undef CODEMODE_OP_NAME
};

constexpr int kMaxRegisters = 255;  // R0..R254
constexpr int kSBxBias = 32767;
constexpr int kMaxSBx = 65535 - kSBxBias;
constexpr int kMinSBx = -kSBxBias;

// Error kinds for THROWERR's A field.
enum class ThrowKind : uint8_t { kTypeError = 0, kReferenceError = 1, kSyntaxError = 2, kRangeError = 3 };

using Instr = uint32_t;

constexpr Instr EncodeABC(Op op, unsigned a, unsigned b, unsigned c) {
  return static_cast<Instr>(op) | (a & 0xFF) << 8 | (b & 0xFF) << 16 | (c & 0xFF) << 24;
}
constexpr Instr EncodeABx(Op op, unsigned a, unsigned bx) {
  return static_cast<Instr>(op) | (a & 0xFF) << 8 | (bx & 0xFFFF) << 16;
}
constexpr Instr EncodeAsBx(Op op, unsigned a, int sbx) {
  return EncodeABx(op, a, static_cast<unsigned>(sbx + kSBxBias));
}
constexpr Op GetOp(Instr i) { return static_cast<Op>(i & 0xFF); }
constexpr unsigned GetA(Instr i) { return (i >> 8) & 0xFF; }
constexpr unsigned GetB(Instr i) { return (i >> 16) & 0xFF; }
constexpr unsigned GetC(Instr i) { return (i >> 24) & 0xFF; }
constexpr unsigned GetBx(Instr i) { return i >> 16; }
constexpr int GetSBx(Instr i) { return static_cast<int>(i >> 16) - kSBxBias; }
constexpr int8_t GetSC(Instr i) { return static_cast<int8_t>((i >> 24) & 0xFF); }

constexpr int InstrWords(Op op) { return HasExtraWord(kFormats[static_cast<int>(op)]) ? 2 : 1; }

}  // namespace codemode::isa

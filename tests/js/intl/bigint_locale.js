// BigInt.prototype.toLocaleString goes through Intl.NumberFormat with the exact digits (ECMA-402 §21.2.1),
// and Intl.NumberFormat formats BigInts exactly.
let wrongThis;
try { BigInt.prototype.toLocaleString.call(1); } catch (e) { wrongThis = e.constructor.name + ': ' + e.message; }
return {
  plain: [(123456789n).toLocaleString(), (-1234n).toLocaleString(), (0n).toLocaleString()],
  locales: [(123456789n).toLocaleString('de-DE'), (123456789n).toLocaleString('fr-FR'),
            (5n).toLocaleString('en-US'), (12345678901234567890123n).toLocaleString('en-GB'),
            (-98765432109876543210n).toLocaleString('ja-JP')],
  options: [(1234n).toLocaleString('en-US', { style: 'currency', currency: 'EUR' }),
            (10n ** 21n).toLocaleString('en-US', { notation: 'compact' }),
            (42n).toLocaleString('de-DE', { minimumFractionDigits: 2 })],
  nf: new Intl.NumberFormat('en-US').format(2n ** 64n),
  wrongThis,
};

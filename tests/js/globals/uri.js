// encodeURI(Component) / decodeURI(Component) / escape / unescape.
const t = (f) => { try { return f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const s = "http://a.b/c d?e=f&g=h#i;j/k:l@m+n$o,p!q~r*s'(t)u-v_w.x\u00e9\u4e2d\u{1F600}%";
return {
  encodeURIComponent: encodeURIComponent(s),
  encodeURI: encodeURI(s),
  roundTrip: [decodeURIComponent(encodeURIComponent(s)) === s, decodeURI(encodeURI(s)) === s],
  decodeURI: [decodeURI("%3B%2F%3F%3A%40%26%3D%2B%24%2C%23%41%20"), decodeURI("%2f%2F"), decodeURI("%E4%B8%AD"), decodeURI("abc")],
  decodeURIComponent: [decodeURIComponent("%3B%2F%3F%3A%40%26%3D%2B%24%2C%23%41%20"), decodeURIComponent("%F0%9F%98%80").codePointAt(0), decodeURIComponent("%e4%b8%ad")],
  errors: [t(() => decodeURIComponent("%")), t(() => decodeURIComponent("%zz")), t(() => decodeURIComponent("%C0%80")), t(() => decodeURIComponent("%ED%A0%80")), t(() => decodeURIComponent("%F4%90%80%80")), t(() => decodeURI("%E4%B8")), t(() => encodeURIComponent("\uD800")), t(() => encodeURI("a\uDC00b")), t(() => encodeURIComponent(Symbol()))],
  coerced: [encodeURIComponent(123), encodeURIComponent(null), encodeURIComponent(), encodeURI({ toString() { return "a b"; } })],
  escape: [escape(s), escape("\u0100\u00ff@*_+-./"), unescape("%u4E2D%41%zz%u12%"), unescape(escape(s)) === s, unescape("%u00e9%E9")],
  lengths: [encodeURI.length, decodeURIComponent.length, escape.length, unescape.length],
};

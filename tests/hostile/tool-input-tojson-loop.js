// Serializing a tool argument runs toJSON: it is still under the limits, and no call is admitted.
return await tools.util.echo({
  toJSON() {
    for (;;) {}
  },
});

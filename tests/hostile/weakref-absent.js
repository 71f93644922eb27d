// WeakRef and FinalizationRegistry are absent (with a clear error): GC timing must not be observable.
const ref = new WeakRef({});
new FinalizationRegistry(() => {}).register({}, 1);
return ref.deref() !== undefined;

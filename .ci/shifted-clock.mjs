// The date sweep's clock (.ci/date-sweep): loaded into every Node process of the suite through
// NODE_OPTIONS, it moves the wall clock (Date) by GEO_CLOCK_OFFSET_MS, one offset computed once
// by the sweep, so the test runner, its workers, the embedded database (its now() reads Date) and
// every server or CLI a test spawns agree on the day. Timers and the monotonic clock stay real.
// libfaketime would move every process's clock, but Debian's Chromium does not start under it.
const offset = Number(process.env.GEO_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + offset;
  const ShiftedDate = new Proxy(RealDate, {
    // new Date() is now; new Date(anything) is that moment, as before.
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget === ShiftedDate ? target : newTarget),
    // Date() called without new is now's string.
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
  globalThis.Date = ShiftedDate;
  // `new (date.constructor)()` is now as well, and `date.constructor === Date` holds.
  RealDate.prototype.constructor = ShiftedDate;
}

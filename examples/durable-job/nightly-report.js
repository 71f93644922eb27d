// A model-style program over a slow job: start a report that takes a few seconds, look at it while it
// runs, and return a compact summary once it is done. Run with --park-when-waiting, the process parks
// (saves the run and exits) while the job runs outside it; `codemode resume` finishes it later.
const label = "nightly-report";
const pending = tools.jobs.run({ seconds: 3, label });
let report;
try {
  report = await pending;
} catch (e) {
  return { label, ok: false, error: e.message };
}
const status = await tools.jobs.describe({ job: report.job });
return {
  label: report.label,
  ok: true,
  status: status.status,
  seconds: report.seconds,
  finishedAfterStart: report.finishedAt > report.startedAt,  // ISO strings compare in time order
};

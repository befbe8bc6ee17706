/**
 * Preloaded into a server under test (`--require`) by `bench:request --profile`: SIGUSR2 starts V8's CPU
 * profiler, the next SIGUSR2 stops it and writes the profile to PROFILE_DIR as <pid>-<n>.cpuprofile
 * (open in Chrome's DevTools, or summarise with bench/lib/profile-summary.ts). Only the windows the
 * bench chooses are profiled: not the start, the seeding of guests or the idle time between them.
 * PROFILE_KIND=heap samples allocations instead (every 4 KB allocated, objects collected since kept):
 * <pid>-<n>.heapprofile, what each function allocated in the window.
 */
const { Session } = require('node:inspector');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.PROFILE_DIR || '.tmp/profiles';
const heap = process.env.PROFILE_KIND === 'heap';
const session = new Session();
session.connect();
let running = false;
let taken = 0;

process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    if (heap) {
      session.post('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    } else {
      session.post('Profiler.enable', () => session.post('Profiler.start'));
    }
    return;
  }
  running = false;
  session.post(heap ? 'HeapProfiler.stopSampling' : 'Profiler.stop', (error, result) => {
    if (error) return;
    mkdirSync(dir, { recursive: true });
    taken += 1;
    const name = `${process.pid}-${taken}.${heap ? 'heapprofile' : 'cpuprofile'}`;
    writeFileSync(join(dir, name), JSON.stringify(result.profile));
  });
});

// Preloaded (`node -r`) into the service processes the tests start, whose stdin is a pipe from the
// test: when the test process dies (a jest worker force-exited, the run interrupted) the pipe ends
// and so does the service, where it would otherwise run on, holding its port and its database.
// The pipe holds no reference, so a service that shuts down still exits by itself. Worker threads
// load preloads too; their stdin is the main thread's, left alone. A stdin that is no pipe (a file,
// /dev/null) says nothing about the parent.
const stdinStat = () => {
  try {
    return require('node:fs').fstatSync(0);
  } catch {
    return null;
  }
};
const stdin = stdinStat();
if (require('node:worker_threads').isMainThread && stdin && (stdin.isFIFO() || stdin.isSocket())) {
  process.stdin.on('end', () => process.exit(1));
  process.stdin.on('error', () => process.exit(1));
  process.stdin.resume();
  process.stdin.unref();
}

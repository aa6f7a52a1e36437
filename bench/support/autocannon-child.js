// Runs one autocannon scenario in its own process, so the load generator does not share an event
// loop with the server it measures; the options arrive and the result leaves over IPC.
const autocannon = require('autocannon');

process.once('message', async (options) => {
  try {
    const result = await autocannon(options);
    process.send({ ok: true, result }, () => process.exit(0));
  } catch (err) {
    process.send({ ok: false, error: String((err && err.stack) || err) }, () => process.exit(1));
  }
});

// The unrelated reader of unrelated-read.ts, in a process of its own so that the attackers' work
// in the runner's process never shows in its timings: reads `path` every 20 ms for `seconds` and
// prints each read's milliseconds as one JSON array. Plain JavaScript, so it starts at once.
const [url, token, path, seconds] = process.argv.slice(2);
const end = Date.now() + Number(seconds) * 1000;
const times = [];
while (Date.now() < end) {
  const started = performance.now();
  const res = await fetch(`${url}/app/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  times.push(performance.now() - started);
  await new Promise((r) => setTimeout(r, 20));
}
process.stdout.write(JSON.stringify(times));

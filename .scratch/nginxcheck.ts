import { runLoad } from "#scripts/bench/load.ts";
import { startBenchServer } from "#scripts/bench/server-process.ts";
import { startCachingNginx } from "#scripts/bench/static-nginx.ts";
const token = "t".repeat(32);
const server = await startBenchServer({ DATA_DIR: process.argv[2]!, METRICS_TOKEN: token });
const requests = async () => {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  return text.split("\n").filter((l) => l.startsWith("homestead_http_request_duration_seconds_count")).reduce((n, l) => n + Number(l.split(" ").at(-1)), 0);
};
await fetch(`${server.url}/`);
const front = await startCachingNginx(server.url);
for (let round = 0; round < 3; round++) {
  const r0 = await requests(); const c0 = server.cpuMs();
  const f = await runLoad("via nginx", front.url, ["/"], 50, 8);
  const r1 = await requests(); const c1 = server.cpuMs();
  console.log(`round ${round}: ${f.requestsPerSecond} req/s through nginx; app saw ${r1 - r0 - 1} requests, used ${c1 - c0} ms CPU`);
  await new Promise((r) => setTimeout(r, 2000));
}
await front.stop();
await server.stop();

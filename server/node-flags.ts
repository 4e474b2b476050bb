// The server process's memory settings. Every way of starting it passes the flags: package.json's `start`
// and `serve`, the Dockerfile's CMD, the bench and the test servers; the environment is set by the Dockerfile's
// ENV, the bench and the test servers, not by the npm scripts (`NAME=value node` fails in Windows' cmd, where
// npm runs them; docs/operations.md tells Linux operators to add it). server/node-flags.test.ts keeps them in
// step. They cannot be set from inside server.ts: the young generation is sized, and the C library's
// allocator set up, when the process starts.
//
// Why: on a machine with plenty of memory V8 sizes its heap for that machine. Its young generation grows
// to 32 MB per semi-space, and after each full collection it lets the old generation grow up to four times
// what survived. Under 200 connections, with about 50 MB of live objects, the process reached 500 MB of RSS,
// nearly all of it garbage not yet collected (docs/measurements.md, "Memory"). With small semi-spaces and
// growth fixed at 1.5 times it stays under 250 MB. Decision 046 chose 8 MB semi-spaces, as 4 cost the
// signed-in pages some CPU when each was rendered per user; decision 074 took 4 once the signed-in lists had
// become the visitors' cached pages. These are not limits: a heap that needs more still grows.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=50"] as const;

// glibc gives each thread that allocates at the same time as another an arena of its own, up to eight per
// CPU, and memory freed in one is not reused by the others: the libuv pool's threads (scrypt, file reads,
// gzip) and V8's helpers each kept a few MB the main thread could not use. Two arenas kept the bench's
// server about 12 MB smaller (decision 074). Only an environment variable set before the process starts
// changes it (a .env file is read too late).
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" } as const;

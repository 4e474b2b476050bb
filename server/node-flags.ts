// V8's heap settings for the server process. Every way of starting it passes them: package.json's `start`
// and `serve`, the Dockerfile's CMD, the bench and the test servers (server/node-flags.test.ts keeps them
// in step). They cannot be set from inside server.ts: the young generation is sized when the process starts.
//
// Why: on a machine with plenty of memory V8 sizes its heap for that machine. Its young generation grows
// to 32 MB per semi-space, and after each full collection it lets the old generation grow up to four times
// what survived. Under 200 connections, with about 50 MB of live objects, the process reached 500 MB of RSS,
// nearly all of it garbage not yet collected (docs/measurements.md, "Memory"). With 8 MB semi-spaces and
// growth fixed at 1.5 times, it stays under 250 MB at the same throughput. These are not limits: a heap
// that needs more still grows.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=50"] as const;
